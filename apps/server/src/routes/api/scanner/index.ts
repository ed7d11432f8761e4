import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../../index.ts';
import stocks from './stocks.ts';
import templates from './templates.ts';

/** The scanner feature: /api/scanner/stocks/ and /api/scanner/templates/. */
export default async function scannerRoutes(app: FastifyInstance, opts: RouteOpts) {
  await app.register(stocks, opts);
  await app.register(templates, opts);
}
