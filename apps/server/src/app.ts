import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { AppDeps } from './deps.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerWebApp } from './plugins/webApp.ts';
import { registerRoutes } from './routes/index.ts';

/** Composes the app in three layers, in order: external plugins, application plugins, routes. */
export async function buildApp(deps: AppDeps, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Off by default so per-IP rate limits cannot be dodged with a forged X-Forwarded-For.
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: false },
  });

  // external plugins
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Routes opt in with { config: { rateLimit: {...} } }; nothing is limited globally.
  await app.register(rateLimit, { global: false });

  // application plugins
  registerErrorHandling(app);
  registerAuth(app, deps);

  // routes
  await registerRoutes(app, deps);
  await registerWebApp(app, deps.config);
  return app;
}
