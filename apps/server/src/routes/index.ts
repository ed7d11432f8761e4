import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import healthz from './healthz.ts';
import meta from './api/meta.ts';
import market from './api/market/index.ts';
import backtest from './api/backtest/index.ts';
import scanner from './api/scanner/index.ts';
import blog from './api/blog/index.ts';
import auth, { authRootRoutes } from './dj-rest-auth/index.ts';

/** The route tree mirrors the URL tree: routes/api/scanner serves /api/scanner/…. */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(healthz, { deps });
  await app.register(meta, { deps });
  await app.register(market, { deps });
  await app.register(backtest, { deps });
  await app.register(scanner, { deps });
  await app.register(blog, { deps });
  await app.register(auth, { deps, prefix: deps.config.authBasePath });
  if (deps.config.authBasePath) await app.register(authRootRoutes, { deps });
}

export type RouteOpts = { deps: AppDeps };
