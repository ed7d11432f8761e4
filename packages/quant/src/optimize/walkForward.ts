// Walk-forward analysis: does a grid's best cell keep working on data it was not tuned on?
// The period is split into K folds. Each fold optimises the grid on an in-sample window and runs the
// winner on the out-of-sample window right after it; the out-of-sample windows follow each other, so
// their runs stitch into one honest equity curve (each fold starts with the equity the previous one
// ended with). Rolling folds slide a fixed-length in-sample window; anchored folds grow it from the
// first bar.
//
// Warm-up: indicators are computed on every bar of the period and each window only trades inside
// itself, so an out-of-sample window's RSI already knows the bars before it, as the trader's chart
// would; it starts flat (a position of the in-sample run is not carried over).
import { windowBars, type BarWindow, type DailyBars } from '../types.ts';
import { formatDay } from '../dates.ts';
import { runTemplate, tradeJson, type Trade } from '../engine.ts';
import { computeStats, type Stats, type TradeRecord } from '../stats.ts';
import { cellParams, cellTemplate, GridError, type Grid, type GridValue } from './grid.ts';
import { evaluateCells, runCell } from './optimize.ts';
import { bestCell, searchGrid, type SearchOptions } from './search.ts';

export interface WalkForwardInput {
  /** number of folds (out-of-sample windows), 1–20 */
  folds: number;
  /** in-sample share of each fold's window, 0.5–0.95; default 0.75 */
  in_sample?: number;
  /** in-sample windows grow from the first bar instead of sliding; default false */
  anchored?: boolean;
}

export interface WalkForwardSpec {
  folds: number;
  inSample: number;
  anchored: boolean;
}

export const WALK_FORWARD_DEFAULTS = { in_sample: 0.75, anchored: false } as const;
/** Fewer bars than this in an in-sample window cannot tune anything. */
export const MIN_IN_SAMPLE_BARS = 30;
export const MIN_OUT_OF_SAMPLE_BARS = 5;

export interface FoldWindows {
  inSample: BarWindow;
  outOfSample: BarWindow;
}

export interface WalkForwardFold {
  in_sample: { start: string; end: string };
  out_of_sample: { start: string; end: string };
  /** the in-sample best cell's values; null when no cell traded */
  params: GridValue[] | null;
  in_sample_value: number | null;
  out_of_sample_value: number | null;
  out_of_sample_stats: Stats | null;
}

export interface WalkForwardResult {
  folds: WalkForwardFold[];
  /** the out-of-sample runs stitched: statistics, trades (bars counted from the first OOS bar), equity */
  out_of_sample: { stats: Stats; trades: Trade[]; time: string[]; equity: number[] };
  /** hindsight: the best cell of the grid over the whole period, run over the same stretch */
  in_sample: { params: GridValue[] | null; equity: number[] };
  /** stitched out-of-sample annualised return ÷ the folds' mean in-sample annualised return; null
   *  unless that mean is a gain */
  efficiency: number | null;
}

export function parseWalkForward(input: WalkForwardInput): WalkForwardSpec {
  if (typeof input !== 'object' || input === null) throw new GridError('walk_forward must be an object');
  const folds = input.folds;
  if (!Number.isInteger(folds) || folds < 1 || folds > 20) throw new GridError('walk_forward.folds must be a whole number from 1 to 20');
  const inSample = input.in_sample ?? WALK_FORWARD_DEFAULTS.in_sample;
  if (typeof inSample !== 'number' || !(inSample >= 0.5 && inSample <= 0.95)) throw new GridError('walk_forward.in_sample must be a fraction from 0.5 to 0.95');
  const anchored = input.anchored ?? WALK_FORWARD_DEFAULTS.anchored;
  if (typeof anchored !== 'boolean') throw new GridError('walk_forward.anchored must be true or false');
  return { folds, inSample, anchored };
}

/** The folds' windows over n bars: out-of-sample windows of equal length tile the end of the period. */
export function foldWindows(n: number, spec: WalkForwardSpec): FoldWindows[] {
  const { folds, inSample } = spec;
  // n = IS + K·OOS with IS / (IS + OOS) = inSample
  const window = n / (inSample + folds * (1 - inSample));
  const isLength = Math.round(window * inSample);
  const oosLength = Math.floor((n - isLength) / folds);
  if (isLength < MIN_IN_SAMPLE_BARS || oosLength < MIN_OUT_OF_SAMPLE_BARS) {
    throw new GridError(
      `the period has ${n} bars: too few for ${folds} fold${folds > 1 ? 's' : ''} (each needs ${MIN_IN_SAMPLE_BARS} in-sample and ${MIN_OUT_OF_SAMPLE_BARS} out-of-sample bars)`,
    );
  }
  return Array.from({ length: folds }, (_, k) => {
    const oosStart = isLength + k * oosLength;
    const oosEnd = k === folds - 1 ? n : oosStart + oosLength;
    return {
      inSample: { start: spec.anchored ? 0 : k * oosLength, end: oosStart },
      outOfSample: { start: oosStart, end: oosEnd },
    };
  });
}

/** Every fold on this thread (the server spreads each fold's cells over workers and calls
 *  `walkForwardResult` with their values). With `search`, each fold (and the whole period) is a
 *  model-based search of the grid's cells instead of the whole grid. */
export function walkForward(bars: DailyBars, grid: Grid, spec: WalkForwardSpec, opts: { search?: SearchOptions } = {}): WalkForwardResult {
  const windows = foldWindows(bars.close.length, spec);
  if (opts.search) {
    const search = opts.search;
    const folds = windows.map((w) => searchGrid(bars, grid, { ...search, window: w.inSample }));
    const whole = searchGrid(bars, grid, search);
    return walkForwardResult(bars, grid, windows, folds.map((f) => f.values), whole.values, { foldCells: folds.map((f) => f.cells), wholeCells: whole.cells });
  }
  const series = new Map<string, Float64Array>();
  const foldValues = windows.map((w) => evaluateCells(bars, grid, 0, grid.cells, { window: w.inSample, series }));
  return walkForwardResult(bars, grid, windows, foldValues, evaluateCells(bars, grid, 0, grid.cells, { series }));
}

/** Assembles the result from each fold's in-sample cell values and the whole period's. A search's
 *  values are of the cells it tried: `foldCells` and `wholeCells` name them. */
export function walkForwardResult(
  bars: DailyBars,
  grid: Grid,
  windows: FoldWindows[],
  foldValues: Float64Array[],
  wholeValues: Float64Array,
  tried: { foldCells: readonly (readonly number[])[]; wholeCells: readonly number[] } | null = null,
): WalkForwardResult {
  const day = (i: number) => formatDay(bars.day[i]);
  const stitchStart = windows[0].outOfSample.start;
  const n = bars.close.length;
  const equity = new Float64Array(n - stitchStart);
  const records: TradeRecord[] = [];
  let cash = grid.base.cash; // each fold starts with the equity the previous one ended with
  const folds: WalkForwardFold[] = [];
  const inSampleAnnual: number[] = [];

  windows.forEach((w, k) => {
    const { cell: best, value: bestValue } = bestCell(foldValues[k], grid.direction, tried?.foldCells[k]);
    const params = best < 0 ? null : cellParams(grid, best);
    const { start, end } = w.outOfSample;
    const fold: WalkForwardFold = {
      in_sample: { start: day(w.inSample.start), end: day(w.inSample.end - 1) },
      out_of_sample: { start: day(start), end: day(end - 1) },
      params,
      in_sample_value: best < 0 ? null : bestValue,
      out_of_sample_value: null,
      out_of_sample_stats: null,
    };
    if (best < 0) {
      // nothing traded in sample: the fold stays in cash
      equity.fill(cash, start - stitchStart, end - stitchStart);
    } else {
      const ins = runCell(bars, grid, best, w.inSample).stats['Return (Ann.) [%]'];
      if (typeof ins === 'number') inSampleAnnual.push(ins);
      const t = { ...cellTemplate(grid, best), cash };
      const run = runTemplate(bars, t, new Map(), { window: w.outOfSample });
      equity.set(run.equity, start - stitchStart);
      for (const r of run.trades) records.push({ ...r, entryBar: r.entryBar + start - stitchStart, exitBar: r.exitBar + start - stitchStart });
      const { stats } = computeStats(windowBars(bars, start, end), run.equity, run.trades);
      fold.out_of_sample_stats = stats;
      const v = stats[grid.objective];
      fold.out_of_sample_value = typeof v === 'number' ? v : null;
    }
    cash = equity[end - 1 - stitchStart];
    folds.push(fold);
  });

  const stitched = windowBars(bars, stitchStart, n);
  const { stats } = computeStats(stitched, equity, records);
  const whole = bestCell(wholeValues, grid.direction, tried?.wholeCells).cell;
  const hindsight = whole < 0 ? null : runCell(bars, grid, whole, { start: stitchStart, end: n });
  const oosAnnual = stats['Return (Ann.) [%]'];
  const isAnnual = inSampleAnnual.length ? inSampleAnnual.reduce((a, b) => a + b, 0) / inSampleAnnual.length : NaN;
  // Only a gain in sample is a yardstick: a loss out of sample over a loss in sample would read as a
  // robust strategy (−20 % ÷ −20 % = 100 %), so there is no efficiency then.
  const efficiency = typeof oosAnnual === 'number' && isAnnual > 0 ? oosAnnual / isAnnual : NaN;
  return {
    folds,
    out_of_sample: {
      stats,
      trades: records.map((r) => tradeJson(stitched, r)),
      time: Array.from(stitched.day, formatDay),
      equity: Array.from(equity),
    },
    in_sample: { params: whole < 0 ? null : cellParams(grid, whole), equity: hindsight ? Array.from(hindsight.equity) : [] },
    efficiency: Number.isFinite(efficiency) ? efficiency : null,
  };
}
