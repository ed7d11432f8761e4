import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { loadSelection } from '../../backtest/selection.ts';
import { periodBars } from '../../backtest/periodBars.ts';
import { heavyAnswer } from '../../engine/heavy.ts';

/** GET /api/backtest_chart/?period_id=&template_id= : what /public/chart.html draws for a run,
 *  computed and serialised on an engine thread (engine/heavy.ts). */
export default async function backtestChartRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.backtestChart, async ({ user, query, req }) => {
    return heavyAnswer(deps, { userId: user.id, address: req.ip }, async () => {
      const { period, template } = await loadSelection(deps.db, user.id, query);
      const { symbol, name, bars } = periodBars(deps.series, period);
      const head = { symbol, name, start_date: period.start_date, end_date: period.end_date };
      return { task: 'backtestChart', input: { head, bars, template } };
    });
  });
}
