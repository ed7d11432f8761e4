// Optimisation runs as batch runs (jobs/batch.ts): the grid's cells cut into chunks that any
// process's workers compute on their engine threads; the last chunk's finisher builds the answer.
import { registerBatchKind } from '../jobs/batch.ts';
import type { AppDeps } from '../deps.ts';
import { periodBars } from '../backtest/periodBars.ts';
import { OPTIMIZATION_KIND, optimizationChunks, type OptimizationChunk, type OptimizationSpec } from './spec.ts';

/** A chunk's values as JSON (null for an empty cell) and back. */
const toJson = (values: Float64Array) => Array.from(values, (v) => (Number.isNaN(v) ? null : v));
const fromJson = (values: (number | null)[]) => Float64Array.from(values, (v) => (v === null ? NaN : v));

/** The period's bars as the run saw them when it started (a changed market fails the run). */
function runBars(deps: Pick<AppDeps, 'series'>, spec: OptimizationSpec) {
  const { symbol, start_date, end_date } = spec.request;
  const { bars } = periodBars(deps.series, { id: 0, stock_ticker: symbol, start_date, end_date });
  if (bars.close.length !== spec.bars) throw new Error(`the market data of ${symbol} changed during the run (${spec.bars} bars, now ${bars.close.length})`);
  return bars;
}

export function registerOptimizationKind(deps: Pick<AppDeps, 'series' | 'engine'>) {
  registerBatchKind<OptimizationSpec, OptimizationChunk, (number | null)[], unknown>(OPTIMIZATION_KIND, {
    split: (spec) => optimizationChunks(spec),

    async runChunk(spec, chunk, ctx) {
      const bars = runBars(deps, spec);
      const window = chunk.fold >= 0 ? spec.windows![chunk.fold].inSample : undefined;
      // one run's chunks read the same bars: a thread keeps its grid and series between them
      const cacheKey = `optimization/${ctx.runId}`;
      const values = await deps.engine.run('optimizeCells', { bars, template: spec.template, grid: spec.grid, from: chunk.from, to: chunk.to, window, cacheKey }, { signal: ctx.signal });
      return toJson(values);
    },

    async finish(spec, results) {
      // chunks come back in chunk order: fold by fold, the whole period (fold -1) last
      const chunks = optimizationChunks(spec);
      const cells = spec.request.cells;
      const byFold = new Map<number, Float64Array>();
      chunks.forEach((c, k) => {
        let values = byFold.get(c.fold);
        if (!values) byFold.set(c.fold, (values = new Float64Array(cells)));
        values.set(fromJson(results[k] as (number | null)[]), c.from);
      });
      const foldValues = spec.windows ? spec.windows.map((_, k) => byFold.get(k)!) : null;
      return deps.engine.run('optimizeResult', { bars: runBars(deps, spec), template: spec.template, grid: spec.grid, values: byFold.get(-1)!, windows: spec.windows, foldValues });
    },

    // a chunk is at most 5,000 cells: minutes would mean a stuck worker
    chunkTimeoutSeconds: 600,
  });
}
