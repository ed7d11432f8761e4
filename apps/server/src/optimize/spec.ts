// What an optimisation run stores when it starts (batch_runs.spec): the request as the user sees it,
// the template as it was then (later edits do not change a running grid), the grid as the engine
// reads it, and for a walk-forward analysis its fold windows over the period's bars.
import {
  DEFAULT_SEARCH_BUDGET, DEFAULT_SEARCH_SEED, gridCells, gridParamProblem, MAX_GRID_CELLS, MAX_SEARCH_CELLS,
  type OptimizationCreateInput, type OptimizationRequest, type Period, type TemplateDetail,
} from '@app/contract';
import {
  foldWindows, GridError, parseGrid, parseWalkForward, type DailyBars, type FoldWindows, type GridInput, type TemplateInput,
} from '@app/quant';
import { badRequest } from '../http/errors.ts';
import { engineTemplate } from '../backtest/run.ts';

export const OPTIMIZATION_KIND = 'optimization';
/** Walk-forward runs every cell once per fold and once over the whole period: at most this many cell runs. */
export const MAX_CELL_RUNS = 500_000;

export interface OptimizationSpec {
  request: OptimizationRequest;
  template: TemplateInput;
  grid: GridInput;
  /** walk-forward folds over the period's bars; null for a plain grid */
  windows: FoldWindows[] | null;
  /** the period's bar count when the run started (the chunks check they see the same bars) */
  bars: number;
}

/** One chunk: cells [from, to) over fold `fold`'s in-sample window (-1: the whole period); for a
 *  search, the fold's whole search. */
export interface OptimizationChunk {
  fold: number;
  from: number;
  to: number;
}

/** How many cells a run evaluates per fold: a grid's every cell, a search's budget. Runs stored
 *  before searches existed have no method: grids. */
export const cellsTried = (request: Pick<OptimizationRequest, 'cells' | 'budget'> & { method?: string }) =>
  request.method === 'search' && request.budget !== null ? request.budget : request.cells;

/** The run's spec from a request, or a 400 naming the field that makes it impossible. */
export function optimizationSpec(body: OptimizationCreateInput, template: TemplateDetail, period: Period, bars: DailyBars): OptimizationSpec {
  const engine = engineTemplate(template);
  const grid: GridInput = {
    ...(body.maximize ? { maximize: body.maximize } : { minimize: body.minimize }),
    params: body.params,
    ...(body.min_trades !== undefined && { min_trades: body.min_trades }),
    ...(body.max_drawdown_pct !== undefined && { max_drawdown_pct: body.max_drawdown_pct }),
  };
  let windows: FoldWindows[] | null = null;
  // a field the row's indicator does not have: refused here, before any cell runs (the engine would
  // ignore it, and "Apply to template" could not save such a row)
  const problems = body.params.map((p, k) => gridParamProblem(template.indicators, p, k)).filter((m) => m !== null);
  if (problems.length) throw badRequest({ params: problems });
  const searching = body.method === 'search';
  const cells = gridCells(body.params);
  // a search tries `budget` cells of a space that may be far past a grid's limit
  const budget = searching ? Math.min(body.budget ?? DEFAULT_SEARCH_BUDGET, cells) : null;
  try {
    parseGrid(grid, engine, { maxCells: searching ? MAX_SEARCH_CELLS : MAX_GRID_CELLS });
    if (body.walk_forward) {
      windows = foldWindows(bars.close.length, parseWalkForward(body.walk_forward));
      const runs = (budget ?? cells) * (windows.length + 1);
      if (runs > MAX_CELL_RUNS) {
        throw new GridError(
          `walk_forward: ${windows.length} folds of ${(budget ?? cells).toLocaleString('en-US')} cells is ${runs.toLocaleString('en-US')} cell runs; at most ${MAX_CELL_RUNS.toLocaleString('en-US')}`,
        );
      }
    }
  } catch (e) {
    if (e instanceof GridError) throw badRequest({ [fieldOf(e.message)]: [e.message] });
    throw e;
  }
  return {
    request: {
      template_id: template.id,
      template_name: template.name,
      period_id: period.id,
      symbol: period.stock_ticker,
      start_date: period.start_date,
      end_date: period.end_date,
      objective: (body.maximize ?? body.minimize)!,
      direction: body.maximize ? 'maximize' : 'minimize',
      params: body.params,
      min_trades: body.min_trades ?? null,
      max_drawdown_pct: body.max_drawdown_pct ?? null,
      walk_forward: body.walk_forward ?? null,
      cells,
      method: body.method,
      budget,
      seed: searching ? (body.seed ?? DEFAULT_SEARCH_SEED) : null,
    },
    template: engine,
    grid,
    windows,
    bars: bars.close.length,
  };
}

/** The body field an engine message is about: "params[0].values: …" → params. */
function fieldOf(message: string): string {
  const m = /^(maximize|minimize|params|min_trades|max_drawdown_pct|walk_forward)\b/.exec(message);
  if (m) return m[1];
  if (message.startsWith('the period has')) return 'walk_forward';
  return 'params'; // "the grid has N cells; at most …"
}

/** Chunks of about 1/48 of the work (500 to 5,000 cells each), so progress moves and every process
 *  gets a share, while each chunk is worth its round trip through the queue (a few milliseconds of
 *  queue work against 10–100 ms of cells; see the queue bench in docs/benchmarks.md). */
export function optimizationChunks(spec: OptimizationSpec): OptimizationChunk[] {
  const cells = spec.request.cells;
  const folds = spec.windows ? [...spec.windows.keys(), -1] : [-1];
  // a search's rounds each depend on the values before: one chunk per fold, the whole search
  if (spec.request.method === 'search') return folds.map((fold) => ({ fold, from: 0, to: cells }));
  const size = Math.min(5000, Math.max(500, Math.ceil((cells * folds.length) / 48)));
  const chunks: OptimizationChunk[] = [];
  for (const fold of folds) for (let from = 0; from < cells; from += size) chunks.push({ fold, from, to: Math.min(cells, from + size) });
  return chunks;
}

export { MAX_GRID_CELLS };
