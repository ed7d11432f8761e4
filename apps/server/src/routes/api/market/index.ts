import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../../index.ts';
import checkSymbol from './checkSymbol.ts';
import charts from './charts.ts';

/** The market feature: /api/check_symbol/ and /api/charts/{history,dhistory}/, all answered from
 *  the in-memory series cache (never from SQL per request). */
export default async function marketRoutes(app: FastifyInstance, opts: RouteOpts) {
  await app.register(checkSymbol, opts);
  await app.register(charts, opts);
}
