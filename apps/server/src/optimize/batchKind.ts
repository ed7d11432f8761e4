// Optimisation runs as batch runs (jobs/batch.ts): the grid's cells cut into chunks that any
// process's workers compute on their engine threads; the last chunk's finisher builds the answer.
import { registerBatchKind } from '../jobs/batch.ts';
import type { AppDeps } from '../deps.ts';
import { periodBars } from '../backtest/periodBars.ts';
import { emptyBlockSums, placeBlockSums, PBO_MAX_CELLS, type BlockSums, type PboResult } from '@app/quant';
import { searchChunk, searchFinish, type SearchChunkJson } from './search.ts';
import { tradedBlocks, withPbo } from './luck.ts';
import { floatsFromJson, floatsToJson } from './floatsJson.ts';
import { gridPbo } from '../engine/gridPbo.ts';
import { evaluateGrid, evaluateGridBlocks } from '../engine/gridRun.ts';
import { OPTIMIZATION_KIND, optimizationChunks, type OptimizationChunk, type OptimizationSpec } from './spec.ts';

/** A chunk's answer as stored: its cells' values (null for an empty cell) and, on grids small enough
 *  for the overfitting guards, their per-block return sums (block-major, floatsJson.ts). A bare array: values only. */
type ChunkJson = (number | null)[] | { values: (number | null)[]; sums: string | number[]; squares: string | number[] } | SearchChunkJson;

/** A chunk's values as JSON (null for an empty cell) and back. */
const toJson = (values: Float64Array) => Array.from(values, (v) => (Number.isNaN(v) ? null : v));
const fromJson = (values: (number | null)[]) => Float64Array.from(values, (v) => (v === null ? NaN : v));

/** The window's bar count (the whole period's for fold -1). */
const windowLength = (spec: OptimizationSpec, fold: number) => (fold >= 0 ? spec.windows![fold].inSample.end - spec.windows![fold].inSample.start : spec.bars);

/** The period's bars as the run saw them when it started (a changed market fails the run). */
function runBars(deps: Pick<AppDeps, 'series'>, spec: OptimizationSpec) {
  const { symbol, start_date, end_date } = spec.request;
  const { bars } = periodBars(deps.series, { id: 0, stock_ticker: symbol, start_date, end_date });
  if (bars.close.length !== spec.bars) throw new Error(`the market data of ${symbol} changed during the run (${spec.bars} bars, now ${bars.close.length})`);
  return bars;
}

export function registerOptimizationKind(deps: Pick<AppDeps, 'series' | 'engine'>) {
  registerBatchKind<OptimizationSpec, OptimizationChunk, ChunkJson, unknown>(OPTIMIZATION_KIND, {
    split: (spec) => optimizationChunks(spec),

    async runChunk(spec, chunk, ctx) {
      const bars = runBars(deps, spec);
      const window = chunk.fold >= 0 ? spec.windows![chunk.fold].inSample : undefined;
      if (spec.request.method === 'search') return searchChunk(bars, spec, window, ctx.signal);
      // one run's chunks read the same bars: a thread keeps its grid and series between them. A chunk's
      // cells are spread over every engine thread (a small grid is one chunk: on one thread it would
      // leave the others idle).
      const cells = { from: chunk.from, to: chunk.to };
      const opts = { window, signal: ctx.signal, cells, cacheKey: `optimization/${ctx.runId}` };
      const grid = { cells: spec.request.cells };
      if (spec.request.cells > PBO_MAX_CELLS) return toJson(await evaluateGrid(deps.engine, bars, spec.template, spec.grid, grid, opts));
      const { values, blocks } = await evaluateGridBlocks(deps.engine, bars, spec.template, spec.grid, grid, opts);
      return { values: toJson(values), sums: floatsToJson(blocks.sums), squares: floatsToJson(blocks.squares) };
    },

    async finish(spec, results) {
      if (spec.request.method === 'search') {
        return searchFinish(deps, spec, runBars(deps, spec), results as SearchChunkJson[]);
      }
      // chunks come back in chunk order: fold by fold, the whole period (fold -1) last
      const chunks = optimizationChunks(spec);
      const cells = spec.request.cells;
      const byFold = new Map<number, Float64Array>();
      // a fold's block sums, null once a chunk of it came without them
      const blocksByFold = new Map<number, BlockSums | null>();
      chunks.forEach((c, k) => {
        let values = byFold.get(c.fold);
        if (!values) {
          byFold.set(c.fold, (values = new Float64Array(cells)));
          blocksByFold.set(c.fold, emptyBlockSums(cells, Math.max(0, windowLength(spec, c.fold) - 1)));
        }
        const r = results[k] as Exclude<ChunkJson, SearchChunkJson>;
        values.set(fromJson(Array.isArray(r) ? r : r.values), c.from);
        const blocks = blocksByFold.get(c.fold);
        if (blocks && !Array.isArray(r)) placeBlockSums(blocks, c.from, { cells: c.to - c.from, sums: floatsFromJson(r.sums), squares: floatsFromJson(r.squares) });
        else blocksByFold.set(c.fold, null);
      });
      const foldValues = spec.windows ? spec.windows.map((_, k) => byFold.get(k)!) : null;
      const tradedOf = (fold: number) => tradedBlocks(byFold.get(fold)!, blocksByFold.get(fold) ?? null);
      const traded = tradedOf(-1);
      const foldTraded = spec.windows ? spec.windows.map((_, k) => tradedOf(k)) : null;
      // The answer (the best cell's and the top rows' backtests) takes one engine thread while the
      // PBOs' parts take the others, and that one once it is free; their figures join the answer
      // when both are done.
      const answer = deps.engine.run('optimizeResult', {
        bars: runBars(deps, spec), template: spec.template, grid: spec.grid, values: byFold.get(-1)!, windows: spec.windows, foldValues,
        luck: { traded, pbo: null }, foldLuck: foldTraded && foldTraded.map((t) => ({ traded: t, pbo: null })),
      });
      answer.catch(() => {}); // awaited below, after the PBOs (whose failure comes first)
      const parts = 2 * deps.engine.threads;
      const pbo = await gridPbo(deps.engine, traded, parts);
      // one grid at a time: its parts already fill every thread (and never the pool's queue)
      const foldPbo: (PboResult | null)[] = [];
      for (const t of foldTraded ?? []) foldPbo.push(await gridPbo(deps.engine, t, parts));
      const result = await answer;
      const walk = result.walk_forward;
      return {
        ...result,
        luck: withPbo(result.luck, pbo),
        walk_forward: walk && { ...walk, folds: walk.folds.map((f, k) => ({ ...f, luck: withPbo(f.luck, foldPbo[k]) })) },
      };
    },

    // a chunk is at most 5,000 cells: minutes would mean a stuck worker
    chunkTimeoutSeconds: 600,
  });
}
