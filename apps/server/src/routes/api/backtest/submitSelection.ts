import type { FastifyInstance } from 'fastify';
import { SubmitSelection, type BacktestRun } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { validate } from '../../../http/validate.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { loadSelection } from '../../../backtest/selection.ts';
import { periodBars } from '../../../backtest/periodBars.ts';
import { runJson, runTemplate } from '../../../backtest/run.ts';

/** POST /api/submit_selection/ (spec §7): runs one of the user's templates on one of their periods. */
export default async function submitSelectionRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  app.post('/api/submit_selection/', { preHandler: requireUser }, async (req): Promise<BacktestRun> => {
    const ids = validate(SubmitSelection, req.body ?? {});
    const { period, template } = await loadSelection(deps.db, req.user!.id, ids);
    const { bars } = periodBars(deps.series, period);
    return runJson(bars, runTemplate(bars, template));
  });
}
