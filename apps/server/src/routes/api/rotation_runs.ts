import type { FastifyInstance } from 'fastify';
import { endpoints, type RotationRequest, type RotationResult } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { found, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { cancelBatch, getBatch, listBatches, type BatchView } from '../../jobs/batch.ts';
import { runHead, startRun } from '../../jobs/runRoutes.ts';
import { ScannerEngine } from '../../scanner/engine.ts';
import { ROTATION_KIND } from '../../rotation/batchKind.ts';
import { holdingsCsv, ordersCsv } from '../../rotation/csv.ts';
import { rotationSpec, type RotationRunSpec } from '../../rotation/spec.ts';

/** /api/rotation_runs/: hold the top K members of a universe by a score, rebalanced on a schedule. */
export default async function rotationRunRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { rotationRuns } = endpoints;
  const scanner = new ScannerEngine(deps.series);
  const own = async (userId: number, id: number) => {
    const run = await getBatch(deps.db, userId, id);
    return run && run.kind === ROTATION_KIND ? run : null;
  };
  const finished = async (userId: number, id: number) => {
    const result = found(await own(userId, id)).result as RotationResult | null;
    if (!result) throw notFound('The run has no result yet.');
    return result;
  };

  route(app, rotationRuns.list, async ({ user }) => (await listBatches(deps.db, user.id, ROTATION_KIND)).map(head));

  route(app, rotationRuns.start, async ({ user, body, req }) => {
    const id = await startRun(deps, { userId: user.id, address: req.ip }, ROTATION_KIND, () => rotationSpec(deps, scanner, user.id, body));
    return { ...head(found(await own(user.id, id))), result: null };
  });

  route(app, rotationRuns.get, async ({ user, params }) => {
    const run = found(await own(user.id, params.id));
    return { ...head(run), result: (run.result as RotationResult | null) ?? null };
  });

  route(app, rotationRuns.cancel, async ({ user, params }) => {
    found(await own(user.id, params.id));
    return head(found(await cancelBatch(deps.db, user.id, params.id)));
  });

  route(app, rotationRuns.ordersCsv, async ({ user, params, reply }) => {
    const csv = ordersCsv(await finished(user.id, params.id));
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="rotation-${params.id}-orders.csv"`);
    return csv;
  });

  route(app, rotationRuns.holdingsCsv, async ({ user, params, reply }) => {
    const csv = holdingsCsv(await finished(user.id, params.id));
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="rotation-${params.id}-holdings.csv"`);
    return csv;
  });
}

function head(r: BatchView): ReturnType<typeof runHead> & { request: RotationRequest } {
  const spec = r.spec as RotationRunSpec;
  // progress in rebalances would need the engine to report them; the run is one step
  return { ...runHead(r, 1), request: spec.request };
}
