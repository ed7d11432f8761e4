// An optimisation run with method "search": each fold (and the whole period) is one chunk holding a
// whole model-based search, since each round's cells depend on the values before it. The search runs
// in the job, a round at a time, yielding to the event loop between rounds (tens of milliseconds each),
// so the process keeps answering requests; the engine threads build the answer as for a grid.
import { emptyBlockSums, MAX_SEARCH_CELLS, parseGrid, PBO_MAX_CELLS, searchSteps, type BarWindow, type DailyBars } from '@app/quant';
import type { AppDeps } from '../deps.ts';
import { gridPbo } from '../engine/gridPbo.ts';
import { tradedBlocks } from './luck.ts';
import type { OptimizationSpec } from './spec.ts';

/** A search chunk's answer: the cells tried in order, their values (null: empty) and, when few
 *  enough for the overfitting guards, their per-block return sums (block-major). */
export interface SearchChunkJson {
  cells: number[];
  values: (number | null)[];
  sums?: number[];
  squares?: number[];
}

const fromJson = (values: (number | null)[]) => Float64Array.from(values, (v) => (v === null ? NaN : v));

/** The whole search of one fold's in-sample window (the whole period without a window). */
export async function searchChunk(bars: DailyBars, spec: OptimizationSpec, window: BarWindow | undefined, signal: AbortSignal): Promise<SearchChunkJson> {
  const grid = parseGrid(spec.grid, spec.template, { maxCells: MAX_SEARCH_CELLS });
  const budget = spec.request.budget!;
  const steps = searchSteps(bars, grid, { budget, seed: spec.request.seed!, window, blocks: budget <= PBO_MAX_CELLS });
  for (;;) {
    if (signal.aborted) throw new Error('the run was cancelled');
    const step = steps.next();
    if (step.done) {
      const { cells, values, blocks } = step.value;
      return {
        cells,
        values: Array.from(values, (v) => (Number.isNaN(v) ? null : v)),
        ...(blocks && { sums: Array.from(blocks.sums), squares: Array.from(blocks.squares) }),
      };
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The answer from each fold's search (chunks in order: folds, then the whole period). The luck guards
 *  count the cells tried (with trades) as the trials. */
export async function searchFinish(deps: Pick<AppDeps, 'engine'>, spec: OptimizationSpec, bars: DailyBars, results: SearchChunkJson[]) {
  const luckOf = async (r: SearchChunkJson, length: number) => {
    const values = fromJson(r.values);
    let blocks = null;
    if (r.sums && r.squares) {
      blocks = emptyBlockSums(r.cells.length, Math.max(0, length - 1));
      blocks.sums.set(r.sums);
      blocks.squares.set(r.squares);
    }
    const traded = tradedBlocks(values, blocks);
    return { traded, pbo: await gridPbo(deps.engine, traded) };
  };
  const whole = results[results.length - 1];
  const folds = spec.windows ? results.slice(0, spec.windows.length) : null;
  const luck = await luckOf(whole, spec.bars);
  const foldLuck: Awaited<ReturnType<typeof luckOf>>[] | null = folds ? [] : null;
  for (let k = 0; folds && k < folds.length; k++) {
    const w = spec.windows![k].inSample;
    foldLuck!.push(await luckOf(folds[k], w.end - w.start));
  }
  return deps.engine.run('optimizeResult', {
    bars,
    template: spec.template,
    grid: spec.grid,
    values: fromJson(whole.values),
    windows: spec.windows,
    foldValues: folds && folds.map((f) => fromJson(f.values)),
    luck,
    foldLuck,
    search: { cells: whole.cells, foldCells: folds && folds.map((f) => f.cells) },
  });
}
