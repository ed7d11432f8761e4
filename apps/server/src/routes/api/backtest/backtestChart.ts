import type { FastifyInstance } from 'fastify';
import { BacktestChartQuery, type BacktestChart } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { validate } from '../../../http/validate.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { loadSelection } from '../../../backtest/selection.ts';
import { periodBars } from '../../../backtest/periodBars.ts';
import { equityCurve, runTemplate } from '../../../backtest/run.ts';
import { chartJson } from '../../../backtest/chart.ts';

/** GET /api/backtest_chart/?period_id=&template_id= : what /public/chart.html draws for a run. */
export default async function backtestChartRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  app.get('/api/backtest_chart/', { preHandler: requireUser }, async (req): Promise<BacktestChart> => {
    const ids = validate(BacktestChartQuery, req.query ?? {});
    const { period, template } = await loadSelection(deps.db, req.user!.id, ids);
    const { symbol, name, bars } = periodBars(deps.series, period);
    const result = runTemplate(bars, template);
    const head = { symbol, name, start_date: period.start_date, end_date: period.end_date };
    return chartJson(head, bars, template.indicators, result, equityCurve(bars, result));
  });
}
