import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../../index.ts';
import templates from './templates.ts';
import indicators from './indicators.ts';
import periods from './periods.ts';
import submitSelection from './submitSelection.ts';
import backtestChart from './backtestChart.ts';

/** The backtesting workflow: templates, indicators, periods, running a backtest and its chart. */
export default async function backtestRoutes(app: FastifyInstance, opts: RouteOpts) {
  await app.register(templates, opts);
  await app.register(indicators, opts);
  await app.register(periods, opts);
  await app.register(submitSelection, opts);
  await app.register(backtestChart, opts);
}
