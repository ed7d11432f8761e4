import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { loadSelection } from '../../backtest/selection.ts';
import { periodBars } from '../../backtest/periodBars.ts';
import { heavyAnswer } from '../../engine/heavy.ts';

/** POST /api/submit_selection/ (spec §7): runs one of the user's templates on one of their periods,
 *  on an engine thread (engine/heavy.ts: fair share per user, bounded queue). */
export default async function submitSelectionRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.submitSelection, async ({ user, body, req }) => {
    return heavyAnswer(deps, { userId: user.id, address: req.ip }, async () => {
      const { period, template } = await loadSelection(deps.db, user.id, body);
      const { bars } = periodBars(deps.series, period);
      return { task: 'backtestRun', input: { bars, template } };
    });
  });
}
