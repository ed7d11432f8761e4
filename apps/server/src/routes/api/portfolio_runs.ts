import type { FastifyInstance } from 'fastify';
import { endpoints, type PortfolioResult } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { found } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { cancelBatch, getBatch, listBatches, type BatchView } from '../../jobs/batch.ts';
import { ScannerEngine } from '../../scanner/engine.ts';
import { PORTFOLIO_KIND, type PortfolioSpec } from '../../universe/batchKinds.ts';
import { runHead, startRun } from '../../jobs/runRoutes.ts';
import { universeSpec } from '../../universe/spec.ts';

/** /api/portfolio_runs/: one template traded on a universe from one account. */
export default async function portfolioRunRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { portfolioRuns } = endpoints;
  const scanner = new ScannerEngine(deps.series);
  const own = async (userId: number, id: number) => {
    const run = await getBatch(deps.db, userId, id);
    return run && run.kind === PORTFOLIO_KIND ? run : null;
  };

  route(app, portfolioRuns.list, async ({ user }) => (await listBatches(deps.db, user.id, PORTFOLIO_KIND)).map(head));

  route(app, portfolioRuns.start, async ({ user, body, req }) => {
    const id = await startRun(deps, { userId: user.id, address: req.ip }, PORTFOLIO_KIND, async (): Promise<PortfolioSpec> => {
      // a long template (BUY/SELL) or a short one (SHORT/COVER): the portfolio engine runs both
      const base = await universeSpec(deps, scanner, user.id, body);
      return { ...base, request: { ...base.request, max_positions: body.max_positions, rank_by: body.rank_by } };
    });
    return { ...head(found(await own(user.id, id))), result: null };
  });

  route(app, portfolioRuns.get, async ({ user, params }) => {
    const run = found(await own(user.id, params.id));
    return { ...head(run), result: (run.result as PortfolioResult | null) ?? null };
  });

  route(app, portfolioRuns.cancel, async ({ user, params }) => {
    found(await own(user.id, params.id));
    return head(found(await cancelBatch(deps.db, user.id, params.id)));
  });
}

function head(r: BatchView) {
  const spec = r.spec as PortfolioSpec;
  return { ...runHead(r, spec.symbols.length), request: spec.request };
}
