import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { route } from '../../../http/route.ts';
import { searchSymbols } from '../../../market/symbolSearch.ts';

/** GET /api/symbols/search/?q=&limit=: what the symbol box offers, from the in-memory market. */
export default async function symbolsSearch(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.symbols.search, async ({ query: { q, limit } }) => searchSymbols(deps.series, q, limit));
}
