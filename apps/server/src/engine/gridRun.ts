// A grid's cells spread over the engine's threads: the cells are cut into chunks, each chunk one task,
// and their objective values gathered into one array (8 bytes a cell, whatever the grid's size).
import { randomUUID } from 'node:crypto';
import { emptyBlockSums, placeBlockSums, sharedBars, type BarWindow, type BlockSums, type DailyBars, type Grid, type GridInput, type TemplateInput } from '@app/quant';
import type { EnginePool } from './pool.ts';

/** A grid is cut into about this many chunks per thread, so the threads finish together (a thread
 *  left with the last big chunk would idle the others) and progress moves often; each chunk holds at
 *  most MAX_CELLS_PER_CHUNK cells, and at least MIN_CELL_BARS_PER_CHUNK cells × bars of work: a task
 *  costs about 0.3 ms of messages and setup beside its cells, and a 400-cell grid on 5,000 bars cut
 *  into eight tasks of 50 cells (0.5 ms of work each) spent about as long on them as on its cells
 *  (docs/benchmarks.md, "Tasks sized by their work"). */
const CHUNKS_PER_THREAD = 4;
const MIN_CELL_BARS_PER_CHUNK = 1_000_000;
const MAX_CELLS_PER_CHUNK = 2_000;

export interface GridRunOptions {
  window?: BarWindow;
  signal?: AbortSignal;
  /** after each chunk: cells done so far, of the total */
  onProgress?: (done: number, total: number) => void;
  /** only cells [from, to) of the grid (the answer's cell 0 is cell `from`); default every cell */
  cells?: { from: number; to: number };
  /** the threads' key for the grid's parsed form and series (one run's chunks share it); default a new one */
  cacheKey?: string;
}

/** [from, to) ranges of `size` cells (the last one shorter) covering the grid. */
export function cellChunks(cells: number, size: number): [number, number][] {
  const chunks: [number, number][] = [];
  for (let from = 0; from < cells; from += size) chunks.push([from, Math.min(cells, from + size)]);
  return chunks;
}

/** The chunk size for a grid of `cells` on `threads` threads over `bars` bars: as many chunks as the
 *  work allows, up to CHUNKS_PER_THREAD a thread, of equal size. */
export function chunkSize(cells: number, threads: number, bars: number): number {
  const byWork = Math.floor((cells * Math.max(1, bars)) / MIN_CELL_BARS_PER_CHUNK);
  const chunks = Math.max(1, Math.min(threads * CHUNKS_PER_THREAD, byWork));
  return Math.min(MAX_CELLS_PER_CHUNK, Math.max(1, Math.ceil(cells / chunks)));
}

/** Runs one pool task per chunk of the grid's cells and hands each answer to `place`. At most two
 *  chunks per thread are in flight, so a big grid never fills the pool's queue ahead of other requests. */
async function runChunks<T>(pool: EnginePool, grid: Pick<Grid, 'cells'>, bars: number, opts: GridRunOptions, task: (from: number, to: number) => Promise<T>, place: (from: number, part: T) => void): Promise<void> {
  const { from: first, to: last } = cellRange(grid, opts);
  const chunks = cellChunks(last - first, chunkSize(last - first, pool.threads, bars)).map(([from, to]): [number, number] => [first + from, first + to]);
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < chunks.length) {
      const [from, to] = chunks[next++];
      place(from - first, await task(from, to));
      done += to - from;
      opts.onProgress?.(done, last - first);
    }
  };
  await Promise.all(Array.from({ length: Math.min(chunks.length, pool.threads * 2) }, lane));
}

/** The cells a run covers. */
const cellRange = (grid: Pick<Grid, 'cells'>, opts: GridRunOptions) => opts.cells ?? { from: 0, to: grid.cells };

/** Every cell's objective (NaN where empty), computed on the pool's threads. */
export async function evaluateGrid(pool: EnginePool, bars: DailyBars, template: TemplateInput, gridInput: GridInput, grid: Pick<Grid, 'cells'>, opts: GridRunOptions = {}): Promise<Float64Array> {
  const { from, to } = cellRange(grid, opts);
  const values = new Float64Array(to - from);
  // every chunk reads the same bars: shared once instead of copied into each task
  const task = { bars: sharedBars(bars), template, grid: gridInput, window: opts.window, cacheKey: opts.cacheKey ?? randomUUID() };
  await runChunks(pool, grid, bars.close.length, opts,
    (from, to) => pool.run('optimizeCells', { ...task, from, to }, { signal: opts.signal }),
    (from, part) => values.set(part, from));
  return values;
}

/** `evaluateGrid` with every cell's daily returns summed per block (for the overfitting guards). */
export async function evaluateGridBlocks(pool: EnginePool, bars: DailyBars, template: TemplateInput, gridInput: GridInput, grid: Pick<Grid, 'cells'>, opts: GridRunOptions = {}): Promise<{ values: Float64Array; blocks: BlockSums }> {
  const { from, to } = cellRange(grid, opts);
  const values = new Float64Array(to - from);
  const length = opts.window ? opts.window.end - opts.window.start : bars.close.length;
  const blocks = emptyBlockSums(to - from, Math.max(0, length - 1));
  const task = { bars: sharedBars(bars), template, grid: gridInput, window: opts.window, cacheKey: opts.cacheKey ?? randomUUID() };
  await runChunks(pool, grid, bars.close.length, opts,
    (from, to) => pool.run('optimizeCellBlocks', { ...task, from, to }, { signal: opts.signal }),
    (from, part) => {
      values.set(part.values, from);
      placeBlockSums(blocks, from, part.blocks);
    });
  return { values, blocks };
}
