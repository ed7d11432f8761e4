import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../../index.ts';
import templates from './templates.ts';
import indicators from './indicators.ts';
import periods from './periods.ts';

/** The backtesting workflow: templates, indicators, periods, running a backtest and its chart. */
export default async function backtestRoutes(app: FastifyInstance, opts: RouteOpts) {
  await app.register(templates, opts);
  await app.register(indicators, opts);
  await app.register(periods, opts);
}
