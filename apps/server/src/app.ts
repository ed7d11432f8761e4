import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { AppDeps } from './deps.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerAuthThrottle } from './accounts/rateLimits.ts';
import { registerOptimizationKind } from './optimize/batchKind.ts';
import { registerUniverseKinds } from './universe/batchKinds.ts';
import { registerRotationKind } from './rotation/batchKind.ts';
import { registerWebApp } from './plugins/webApp.ts';
import { registerAlertFollowUp } from './alerts/jobs.ts';
import { registerRoutes } from './routes/index.ts';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Composes the app in three layers, in order: external plugins, application plugins, routes. */
export async function buildApp(deps: AppDeps, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Off by default so per-IP rate limits cannot be dodged with a forged X-Forwarded-For. A hop
    // count n trusts the last n addresses (those your proxies appended), never the client's own.
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
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

  // application plugins
  registerErrorHandling(app);
  registerAuth(app, deps);
  registerAuthThrottle(app, deps.db); // login/registration/reset limits shared by every process
  // batch runs any process's workers may be given a chunk of
  registerOptimizationKind(deps);
  registerUniverseKinds(deps);
  registerRotationKind(deps);
  // alerts are evaluated once after every market data update, by whichever process takes the job
  registerAlertFollowUp(deps, app.log);

  // routes
  await registerRoutes(app, deps);
  await registerWebApp(app, deps.config);
  return app;
}
