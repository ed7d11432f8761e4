// Model-based search: the best cell of a space too big to try every cell (backtesting.py's
// `Backtest.optimize(method='sambo')` plays the same part). The cells are those of a grid (the same
// parameters and values), but only `budget` of them are backtested, chosen so:
//
// 1. An initial design: a quarter of the budget (at least 10 cells) drawn at random, stratified per
//    parameter (a Latin hypercube over the value indices), so every value range is sampled.
// 2. Rounds: a surrogate model of the objective is fitted to the cells tried so far (k-nearest-
//    neighbour regression with inverse-distance weights over the parameters' normalised value
//    indices, each in [0, 1]); candidate cells are drawn, most as mutations of the best cells tried
//    (steps that shrink as the budget is spent), some at random; each candidate is scored by the
//    model's prediction plus an exploration bonus for distance from every cell tried (an upper
//    confidence bound), and the best-scoring untried candidates are backtested next.
//
// Cells without a value (no trades, or failing a constraint) count to the model as the worst value
// seen. Everything random comes from one seeded generator, and evaluation order does not feed back
// into anything but the values, so one seed gives the same cells every time.
import type { BarWindow, DailyBars } from '../types.ts';
import { seededRandom } from '../luck/monteCarlo.ts';
import { bestIndex, evaluateCells, runCell, type HeatmapCell, type OptimizationResult } from './optimize.ts';
import { cellParams, parseGrid, type Grid, type GridInput } from './grid.ts';
import type { TemplateInput } from '../template.ts';
import { emptyBlockSums, placeBlockSums, type BlockSums } from '../luck/pbo.ts';

/** A search space may have this many cells at most (cell indices stay exact doubles). */
export const MAX_SEARCH_CELLS = 1e12;
/** At most this many evaluations in one search. */
export const MAX_SEARCH_BUDGET = 100_000;
/** The seed when none is given. */
export const DEFAULT_SEARCH_SEED = 1;

/** Neighbours the model averages over. */
const NEIGHBOURS = 6;

export interface SearchOptions {
  /** cells to evaluate (at most the space's cell count) */
  budget: number;
  /** the generator's seed: a whole number from 0 to 2³² − 1 */
  seed: number;
}

/** A search in progress: `next()` names the cells to evaluate next (empty when the budget is spent),
 *  `tell()` gives their values (NaN for a cell without one), in the order they were named. Values are
 *  to be maximised (multiply by −1 to minimise). Drives any evaluator, here or over threads. */
export interface Search {
  next(): number[];
  tell(cells: readonly number[], values: ArrayLike<number>): void;
  /** every cell evaluated so far, in evaluation order, and its value */
  readonly cells: number[];
  readonly values: number[];
}

export function createSearch(radix: readonly number[], options: SearchOptions): Search {
  const dims = radix.length;
  const total = radix.reduce((a, b) => a * b, 1);
  const budget = Math.min(options.budget, total);
  const random = seededRandom(options.seed);
  const tried = new Set<number>();
  const cells: number[] = [];
  const values: number[] = [];
  // normalised coordinates of each tried cell, dims per cell
  const coords: number[] = [];
  let pending = 0;

  const indexOf = (digits: number[]) => digits.reduce((acc, d, k) => acc * radix[k] + d, 0);
  const digitsOf = (index: number) => {
    const out = new Array<number>(dims);
    for (let k = dims - 1; k >= 0; k--) {
      out[k] = index % radix[k];
      index = Math.floor(index / radix[k]);
    }
    return out;
  };
  const norm = (d: number, k: number) => (radix[k] > 1 ? d / (radix[k] - 1) : 0);
  const randomCell = () => indexOf(radix.map((r) => Math.floor(random() * r)));

  /** The initial design: a Latin hypercube over value indices, then anything untried at random. */
  const initial = (count: number): number[] => {
    const perms = radix.map((r) => {
      const strata = Array.from({ length: count }, (_, i) => Math.floor(((i + random()) * r) / count));
      for (let i = count - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [strata[i], strata[j]] = [strata[j], strata[i]];
      }
      return strata;
    });
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      let cell = indexOf(perms.map((p) => p[i]));
      while (tried.has(cell)) cell = randomCell();
      tried.add(cell);
      out.push(cell);
    }
    return out;
  };

  /** Scores by the model: predicted value plus the exploration bonus. */
  const score = (digits: number[], worst: number, spread: number, explore: number, spacing: number): number => {
    const n = cells.length;
    // the k nearest tried cells (an insertion-sorted short list)
    const nd: number[] = [];
    const nv: number[] = [];
    for (let i = 0; i < n; i++) {
      let d2 = 0;
      for (let k = 0; k < dims; k++) {
        const dx = norm(digits[k], k) - coords[i * dims + k];
        d2 += dx * dx;
        if (nd.length === NEIGHBOURS && d2 >= nd[NEIGHBOURS - 1]) break;
      }
      if (nd.length === NEIGHBOURS && d2 >= nd[NEIGHBOURS - 1]) continue;
      let at = Math.min(nd.length, NEIGHBOURS - 1);
      if (nd.length < NEIGHBOURS) {
        nd.push(0);
        nv.push(0);
      }
      while (at > 0 && nd[at - 1] > d2) {
        nd[at] = nd[at - 1];
        nv[at] = nv[at - 1];
        at--;
      }
      nd[at] = d2;
      const v = values[i];
      nv[at] = Number.isNaN(v) ? worst : v;
    }
    let wsum = 0;
    let vsum = 0;
    for (let j = 0; j < nd.length; j++) {
      const w = 1 / (nd[j] + 1e-12);
      wsum += w;
      vsum += w * nv[j];
    }
    const mean = vsum / wsum;
    const nearest = Math.sqrt(nd[0]);
    return mean + explore * spread * Math.min(1, nearest / spacing);
  };

  /** One round's batch: the best-scoring untried candidates. */
  const round = (count: number): number[] => {
    const order = cells.map((_, i) => i).filter((i) => !Number.isNaN(values[i])).sort((a, b) => values[b] - values[a] || a - b);
    const finite = order.map((i) => values[i]);
    const worst = finite.length ? finite[finite.length - 1] : 0;
    const spread = finite.length > 1 ? finite[Math.floor(finite.length * 0.1)] - finite[Math.floor(finite.length * 0.9)] || finite[0] - worst || 1 : 1;
    const progress = cells.length / budget;
    // typical distance between tried cells: the model is trusted within about this far of one
    const spacing = Math.sqrt(dims) * Math.pow(cells.length, -1 / dims);
    const explore = 0.5 * (1 - progress) + 0.05;
    // mutation steps shrink from a fifth of each range to a single value as the budget is spent
    const scale = Math.max(0.2 * Math.pow(0.02, progress), 0);
    const elites = order.slice(0, Math.max(3, Math.ceil(order.length * 0.05)));
    const want = count * 12;
    const seen = new Set<number>();
    const scored: { cell: number; score: number }[] = [];
    for (let attempt = 0; scored.length < want && attempt < want * 4; attempt++) {
      let digits: number[];
      if (elites.length === 0 || random() < 0.2) {
        digits = radix.map((r) => Math.floor(random() * r));
      } else {
        const parent = digitsOf(cells[elites[Math.floor(random() * Math.min(elites.length, 1 + Math.floor(random() * elites.length)))]]);
        digits = parent.map((d, k) => {
          if (radix[k] === 1 || random() < 0.3) return d;
          const step = Math.round(gaussian(random) * scale * radix[k]) || (random() < 0.5 ? -1 : 1);
          return Math.min(radix[k] - 1, Math.max(0, d + step));
        });
      }
      const cell = indexOf(digits);
      if (tried.has(cell) || seen.has(cell)) continue;
      seen.add(cell);
      scored.push({ cell, score: score(digits, worst, spread, explore, spacing) });
    }
    scored.sort((a, b) => b.score - a.score || a.cell - b.cell);
    const out = scored.slice(0, count).map((s) => s.cell);
    // a space nearly tried out: fill up from the untried cells in order
    for (let c = 0; out.length < count && c < total; c++) if (!tried.has(c) && !out.includes(c)) out.push(c);
    for (const c of out) tried.add(c);
    return out;
  };

  const initialCount = Math.min(budget, Math.max(10, Math.ceil(budget / 4)));
  const batch = Math.max(1, Math.min(64, Math.ceil(budget / 40)));
  return {
    cells,
    values,
    next() {
      if (pending > 0) throw new Error('tell the values of the last cells before asking for more');
      const left = budget - cells.length;
      if (left <= 0) return [];
      const out = cells.length === 0 ? initial(initialCount) : round(Math.min(batch, left));
      pending = out.length;
      return out;
    },
    tell(told, got) {
      if (told.length !== pending) throw new Error(`expected the values of ${pending} cells`);
      pending = 0;
      told.forEach((cell, i) => {
        cells.push(cell);
        values.push(got[i]);
        digitsOf(cell).forEach((d, k) => coords.push(norm(d, k)));
      });
    },
  };
}

/** A standard normal draw (Box–Muller). */
function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** What a search returns: the cells it tried (grid indices, in evaluation order) with their values
 *  (NaN where a cell has none) and, like a grid, the best cell with its full statistics. */
export interface SearchRun {
  cells: number[];
  values: Float64Array;
  /** per tried cell (in `cells` order), its daily returns summed per block, when asked for */
  blocks?: BlockSums;
}

/** The objective of a list of cells, one at a time through `evaluateCells` (and its series cache). */
export function evaluateCellList(
  bars: DailyBars,
  grid: Grid,
  cells: readonly number[],
  opts: { window?: BarWindow; series?: Map<string, Float64Array>; blocks?: BlockSums; at?: number } = {},
): Float64Array {
  const series = opts.series ?? new Map<string, Float64Array>();
  const out = new Float64Array(cells.length);
  const length = opts.window ? opts.window.end - opts.window.start : bars.close.length;
  cells.forEach((cell, i) => {
    const one = opts.blocks ? emptyBlockSums(1, Math.max(0, length - 1), opts.blocks.blocks) : undefined;
    out[i] = evaluateCells(bars, grid, cell, cell + 1, { window: opts.window, series, blocks: one })[0];
    if (one) placeBlockSums(opts.blocks!, (opts.at ?? 0) + i, one);
  });
  return out;
}

/** A whole search on this thread. With `blocks`, every tried cell's returns are kept per block (for
 *  the Probability of Backtest Overfitting). */
export function searchGrid(bars: DailyBars, grid: Grid, options: SearchGridOptions): SearchRun {
  const steps = searchSteps(bars, grid, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export type SearchGridOptions = SearchOptions & { window?: BarWindow; blocks?: boolean };

/** A search a round at a time: each `next()` evaluates one batch of cells (tens of milliseconds), so
 *  a server can answer requests between rounds; the last returns the run. */
export function* searchSteps(bars: DailyBars, grid: Grid, options: SearchGridOptions): Generator<void, SearchRun> {
  const search = createSearch(grid.radix, options);
  const series = new Map<string, Float64Array>();
  const budget = Math.min(options.budget, grid.cells);
  const length = options.window ? options.window.end - options.window.start : bars.close.length;
  const blocks = options.blocks ? emptyBlockSums(budget, Math.max(0, length - 1)) : undefined;
  for (let batch = search.next(); batch.length; batch = search.next()) {
    const at = search.cells.length;
    const got = evaluateCellList(bars, grid, batch, { window: options.window, series, blocks, at });
    search.tell(batch, got.map((v) => v * grid.direction));
    yield;
  }
  return { cells: search.cells, values: Float64Array.from(search.values, (v) => v * grid.direction), ...(blocks && { blocks }) };
}

/** The best cell of `values` (value i is cell `cells[i]` when given, else cell i): its grid index and
 *  value, or -1 when none has a value. Among equal values the first cell in grid order, as a grid. */
export function bestCell(values: Float64Array, direction: 1 | -1, cells?: readonly number[]): { cell: number; value: number } {
  if (!cells) {
    const b = bestIndex(values, direction);
    return { cell: b, value: b < 0 ? NaN : values[b] };
  }
  let cell = -1;
  let value = NaN;
  values.forEach((v, i) => {
    if (Number.isNaN(v)) return;
    if (cell < 0 || v * direction > value * direction || (v === value && cells[i] < cell)) {
      cell = cells[i];
      value = v;
    }
  });
  return { cell, value };
}

/** The search's result as a grid's: the heatmap holds the tried cells only (in evaluation order), the
 *  best is the best tried cell (the first in grid order among equals) with its statistics and trades. */
export function searchResult(bars: DailyBars, grid: Grid, run: Pick<SearchRun, 'cells' | 'values'>, window?: BarWindow): OptimizationResult {
  const heatmap: HeatmapCell[] = run.cells.map((cell, i) => ({ params: cellParams(grid, cell), value: Number.isNaN(run.values[i]) ? null : run.values[i] }));
  const { cell } = bestCell(run.values, grid.direction, run.cells);
  if (cell < 0) return { best: null, heatmap };
  const { stats, trades } = runCell(bars, grid, cell, window);
  return { best: { params: cellParams(grid, cell), stats, trades }, heatmap };
}

/** A whole search from a grid's input, on this thread (the space may exceed a grid's cell limit). */
export function search(bars: DailyBars, template: TemplateInput, gridInput: GridInput, options: SearchOptions): OptimizationResult & { cells: number[] } {
  const grid = parseGrid(gridInput, template, { maxCells: MAX_SEARCH_CELLS });
  const run = searchGrid(bars, grid, options);
  return { ...searchResult(bars, grid, run), cells: run.cells };
}
