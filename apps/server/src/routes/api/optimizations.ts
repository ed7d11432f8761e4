import type { FastifyInstance } from 'fastify';
import { endpoints, type Optimization, type OptimizationResult } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { found, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { loadSelection } from '../../backtest/selection.ts';
import { periodBars } from '../../backtest/periodBars.ts';
import { cancelBatch, getBatch, listBatches, type BatchView } from '../../jobs/batch.ts';
import { runHead, startRun } from '../../jobs/runRoutes.ts';
import { cellsTried, OPTIMIZATION_KIND, optimizationSpec, type OptimizationSpec } from '../../optimize/spec.ts';
import { applyCell } from '../../optimize/apply.ts';

/** /api/optimizations/: grid optimisations and walk-forward analyses of the user's
 *  templates on their periods, run in the background as batch runs. */
export default async function optimizationRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { optimizations } = endpoints;
  const own = async (userId: number, id: number) => {
    const run = await getBatch(deps.db, userId, id);
    return run && run.kind === OPTIMIZATION_KIND ? run : null;
  };

  route(app, optimizations.list, async ({ user }) => (await listBatches(deps.db, user.id, OPTIMIZATION_KIND)).map((r) => ({ ...view(r), result: undefined })));

  route(app, optimizations.start, async ({ user, body, req }) => {
    const id = await startRun(deps, { userId: user.id, address: req.ip }, OPTIMIZATION_KIND, async () => {
      const { template, period } = await loadSelection(deps.db, user.id, body);
      return optimizationSpec(body, template, period, periodBars(deps.series, period).bars);
    });
    return view(found(await own(user.id, id)));
  });

  route(app, optimizations.get, async ({ user, params }) => view(found(await own(user.id, params.id))));

  route(app, optimizations.cancel, async ({ user, params }) => {
    if (!(await own(user.id, params.id))) throw notFound();
    return view(found(await cancelBatch(deps.db, user.id, params.id)));
  });

  route(app, optimizations.apply, async ({ user, params, body }) => {
    const run = found(await own(user.id, params.id));
    return applyCell(deps.db, user.id, run.spec as OptimizationSpec, body.index);
  });
}

/** A batch run as the API answers it: progress in cells tried, the request as it was made (runs
 *  stored before searches existed were grids). */
function view(r: BatchView): Optimization {
  const spec = r.spec as OptimizationSpec;
  const cellRuns = cellsTried(spec.request) * (spec.windows ? spec.windows.length + 1 : 1);
  return { ...runHead(r, cellRuns), request: { ...spec.request, method: spec.request.method ?? 'grid', budget: spec.request.budget ?? null, seed: spec.request.seed ?? null }, result: (r.result as OptimizationResult | null) ?? null };
}
