import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { loadSelection } from '../../backtest/selection.ts';
import { periodBars } from '../../backtest/periodBars.ts';
import { equityCurve, runTemplate } from '../../backtest/run.ts';
import { chartJson } from '../../backtest/chart.ts';

/** GET /api/backtest_chart/?period_id=&template_id= : what /public/chart.html draws for a run. */
export default async function backtestChartRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.backtestChart, async ({ user, query }) => {
    const { period, template } = await loadSelection(deps.db, user.id, query);
    const { symbol, name, bars } = periodBars(deps.series, period);
    const result = runTemplate(bars, template, { levels: true });
    const head = { symbol, name, start_date: period.start_date, end_date: period.end_date };
    return chartJson(head, bars, template.indicators, result, equityCurve(bars, result));
  });
}
