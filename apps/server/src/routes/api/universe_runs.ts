import type { FastifyInstance } from 'fastify';
import { endpoints, type UniverseRow, type UniverseRun, type UniverseSortField } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, found } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { cancelBatch, getBatch, listBatches, type BatchView } from '../../jobs/batch.ts';
import { ScannerEngine } from '../../scanner/engine.ts';
import { UNIVERSE_KIND, type UniverseResult, type UniverseSpec } from '../../universe/batchKinds.ts';
import { runHead, startRun } from '../../jobs/runRoutes.ts';
import { universeSpec } from '../../universe/spec.ts';

/** /api/universe_runs/: one template backtested on every symbol of a universe, as a
 *  sortable, paged table with the distribution of returns. */
export default async function universeRunRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { universeRuns } = endpoints;
  const scanner = new ScannerEngine(deps.series);
  const own = async (userId: number, id: number) => {
    const run = await getBatch(deps.db, userId, id);
    return run && run.kind === UNIVERSE_KIND ? run : null;
  };

  route(app, universeRuns.list, async ({ user }) => (await listBatches(deps.db, user.id, UNIVERSE_KIND)).map(head));

  route(app, universeRuns.start, async ({ user, body, req }) => {
    const id = await startRun(deps, { userId: user.id, address: req.ip }, UNIVERSE_KIND, () => universeSpec(deps, scanner, user.id, body));
    return { ...head(found(await own(user.id, id))), summary: null, rows: null };
  });

  route(app, universeRuns.get, async ({ user, params, query }) => {
    const run = found(await own(user.id, params.id));
    const result = run.result as UniverseResult | null;
    let rows: UniverseRun['rows'] = null;
    if (result) {
      const { ordering, page, page_size } = query;
      const pages = Math.max(1, Math.ceil(result.rows.length / page_size));
      if (page > pages) throw badRequest({ page: ['Invalid page.'] });
      const sorted = sortRows(result.rows, ordering.replace(/^-/, '') as UniverseSortField, ordering.startsWith('-'));
      const link = (p: number) => `${universeRuns.get.path.replace('{id}', String(run.id))}?ordering=${encodeURIComponent(ordering)}&page=${p}&page_size=${page_size}`;
      rows = {
        count: sorted.length,
        next: page < pages ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: sorted.slice((page - 1) * page_size, page * page_size),
      };
    }
    return { ...head(run), summary: result?.summary ?? null, rows };
  });

  route(app, universeRuns.cancel, async ({ user, params }) => {
    found(await own(user.id, params.id));
    return head(found(await cancelBatch(deps.db, user.id, params.id)));
  });
}

function head(r: BatchView) {
  const spec = r.spec as UniverseSpec;
  return { ...runHead(r, spec.symbols.length), request: spec.request };
}

/** Sorted by one column, empty values last both ways (as the scanner's N/A), ties by symbol. */
function sortRows(rows: UniverseRow[], field: UniverseSortField, desc: boolean): UniverseRow[] {
  const sign = desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null || y === null) return x === y ? a.symbol.localeCompare(b.symbol) : x === null ? 1 : -1;
    const c = typeof x === 'string' ? x.localeCompare(y as string) : (x as number) - (y as number);
    return c !== 0 ? sign * c : a.symbol.localeCompare(b.symbol);
  });
}
