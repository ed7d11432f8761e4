import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { route } from '../../../http/route.ts';
import { loadedMarketStatus } from '../../../market/loadedMarket.ts';

/** GET /api/market/status/: the loaded market (demo or imported), its size, dates and last update. */
export default async function marketStatus(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.market.status, async () => loadedMarketStatus(deps.db, deps.series));
}
