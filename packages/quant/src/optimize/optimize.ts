// Grid optimisation, exactly backtesting.py's `Backtest.optimize(method='grid', return_heatmap=True)`:
// every cell is a backtest of the template with the cell's values; its heatmap value is the objective
// statistic, null for a cell without trades (or one failing a constraint); the best cell is the first
// maximum in grid order (minimum with `minimize`). Work is split in two so cells can be spread over
// threads: `evaluateCells` computes the objective of a range of cells with no statistics beyond what
// the objective needs; `optimizationResult` builds the full statistics and trades of the best cell and
// the top rows only.
import { windowBars, type BarWindow, type DailyBars } from '../types.ts';
import { runTemplate, tradeJson, type Trade } from '../engine.ts';
import { settleSeriesCache } from '../conditions.ts';
import { computeStats, dailyCalendar, statValue, summaryAnswers, summaryNeedsDownside, summaryNeedsDrawdown, summaryNeedsMoments, summaryNeedsTrades, summaryStat, type Stats } from '../stats.ts';
import { EquitySeries, EquitySummary } from '../equity.ts';
import type { TemplateInput } from '../template.ts';
import { cellParams, cellTemplate, parseGrid, type Grid, type GridInput, type GridValue } from './grid.ts';
import { addCellEquity, blockStarts, emptyBlockSums, type BlockSums } from '../luck/pbo.ts';

/** A cell's block sums from its summary's snapshots at the block starts. */
function addSnapshots(into: BlockSums, cell: number, sink: EquitySummary) {
  const sums = sink.snapSum!;
  const squares = sink.snapSquares!;
  for (let b = 0; b < into.blocks; b++) {
    into.sums[b * into.cells + cell] = sums[b + 1] - sums[b];
    into.squares[b * into.cells + cell] = squares[b + 1] - squares[b];
  }
}

export interface HeatmapCell {
  params: GridValue[];
  value: number | null;
}

export interface OptimizationResult {
  /** null when no cell has a value */
  best: { params: GridValue[]; stats: Stats; trades: Trade[] } | null;
  heatmap: HeatmapCell[];
}

/** The top rows beside the result: the best cells in objective order with their statistics. */
export interface TopCell {
  index: number;
  params: GridValue[];
  value: number;
  stats: Stats;
}

/** Series an optimisation keeps at most (about 40 MB of 5,000-bar series). */
const MAX_CACHED_SERIES = 1024;

/**
 * The objective of cells [from, to), NaN where a cell is null. `series` caches indicator series across
 * calls on the same bars (pass one Map per bars). With a window, each cell trades only inside it.
 * With `blocks` (made for `to − from` cells and the window's returns), each cell's daily returns are
 * also summed per block there (cell i at i − from), for the Probability of Backtest Overfitting.
 */
export function evaluateCells(
  bars: DailyBars,
  grid: Grid,
  from: number,
  to: number,
  opts: { window?: BarWindow; series?: Map<string, Float64Array>; blocks?: BlockSums } = {},
): Float64Array {
  const series = opts.series ?? new Map<string, Float64Array>();
  const view = opts.window ? windowBars(bars, opts.window.start, opts.window.end) : bars;
  const out = new Float64Array(Math.max(0, to - from));
  const n = view.close.length;
  const limitDrawdown = Number.isFinite(grid.maxDrawdownPct);
  // Daily bars and an objective the running summary answers: no equity series at all. Otherwise one
  // series buffer for every cell. The returns' block sums come from the summary's snapshots, or
  // from the series.
  const streamed = dailyCalendar(view.day) && summaryAnswers(grid.objective);
  const marks = opts.blocks ? blockStarts(Math.max(0, n - 1), opts.blocks.blocks).map((r) => r + 1) : null;
  const buffer = streamed ? null : new Float64Array(n);
  // an objective of the equity alone: trades counted (for min_trades and empty cells), not recorded
  const recordTrades = !streamed || summaryNeedsTrades(grid.objective);
  // the returns' moments only for an objective or block sums that read them
  const needsMoments = summaryNeedsMoments(grid.objective) || marks !== null;
  for (let i = from; i < to; i++) {
    // Recycles the last cell's derived series (its MACD line, crossings) for this one; a grid over
    // many distinct indicators would keep every cell's series: past a bound the cache starts afresh
    // (cells in a row still share theirs).
    settleSeriesCache(series, MAX_CACHED_SERIES);
    const t = cellTemplate(grid, i);
    const sink = buffer
      ? new EquitySeries(buffer)
      : new EquitySummary(n, limitDrawdown || summaryNeedsDrawdown(grid.objective), summaryNeedsDownside(grid.objective), needsMoments);
    if (marks && sink instanceof EquitySummary) sink.trackBlocks(marks);
    const run = runTemplate(bars, t, series, { window: opts.window, equity: sink, trades: recordTrades });
    if (run.tradeCount === 0 || run.tradeCount < grid.minTrades) {
      out[i - from] = NaN;
      continue;
    }
    let value: number;
    let drawdownPct: number;
    if (sink instanceof EquitySummary) {
      sink.finish();
      value = summaryStat(grid.objective, view, sink, run.trades)!;
      if (opts.blocks) addSnapshots(opts.blocks, i - from, sink);
      drawdownPct = (sink.deepest || 0) * 100;
    } else {
      value = statValue(grid.objective, view, run.equity, run.trades);
      if (opts.blocks) addCellEquity(opts.blocks, i - from, run.equity);
      drawdownPct = limitDrawdown ? -statValue('Max. Drawdown [%]', view, run.equity, run.trades) : 0;
    }
    // a drawdown deeper than the limit fails the cell
    out[i - from] = limitDrawdown && drawdownPct > grid.maxDrawdownPct ? NaN : value;
  }
  return out;
}

/** `evaluateCells` with every cell's daily returns summed per block (the window's returns when given). */
export function evaluateCellBlocks(
  bars: DailyBars,
  grid: Grid,
  from: number,
  to: number,
  opts: { window?: BarWindow; series?: Map<string, Float64Array> } = {},
): { values: Float64Array; blocks: BlockSums } {
  const length = opts.window ? opts.window.end - opts.window.start : bars.close.length;
  const blocks = emptyBlockSums(Math.max(0, to - from), Math.max(0, length - 1));
  return { values: evaluateCells(bars, grid, from, to, { ...opts, blocks }), blocks };
}

/** Index of the best cell: the first maximum (minimum) in grid order; -1 when every cell is NaN. */
export function bestIndex(values: Float64Array, direction: 1 | -1): number {
  let best = -1;
  let bestValue = NaN;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] * direction;
    if (v > bestValue || (best < 0 && !Number.isNaN(v))) {
      best = i;
      bestValue = v;
    }
  }
  return best;
}

/** The `top` best cells in objective order (ties in grid order). */
export function topIndices(values: Float64Array, direction: 1 | -1, top: number): number[] {
  // a bounded selection: keeps memory flat for any grid size
  const picked: number[] = [];
  const better = (a: number, b: number) => values[a] * direction > values[b] * direction || (values[a] === values[b] && a < b);
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i])) continue;
    if (picked.length === top && !better(i, picked[top - 1])) continue;
    let at = picked.length === top ? top - 1 : picked.length;
    if (picked.length === top) picked.pop();
    while (at > 0 && better(i, picked[at - 1])) at--;
    picked.splice(at, 0, i);
  }
  return picked;
}

/** One cell backtested in full (statistics and trades), inside the window when given. `series`
 *  shares indicator series with other cells on the same bars (the best cell and the top rows). */
export function runCell(bars: DailyBars, grid: Grid, index: number, window?: BarWindow, series = new Map<string, Float64Array>()) {
  const view = window ? windowBars(bars, window.start, window.end) : bars;
  const run = runTemplate(bars, cellTemplate(grid, index), series, { window });
  const { stats } = computeStats(view, run.equity, run.trades);
  return { stats, trades: run.trades.map((tr) => tradeJson(view, tr)), equity: run.equity };
}

/** One cell's full statistics alone (a top row's), as `runCell` gives them. */
export function cellStats(bars: DailyBars, grid: Grid, index: number, window?: BarWindow, series = new Map<string, Float64Array>()): Stats {
  const view = window ? windowBars(bars, window.start, window.end) : bars;
  const run = runTemplate(bars, cellTemplate(grid, index), series, { window });
  return computeStats(view, run.equity, run.trades).stats;
}

/** backtesting.py's output from the objective of every cell. */
export function optimizationResult(bars: DailyBars, grid: Grid, values: Float64Array, window?: BarWindow): OptimizationResult {
  const heatmap: HeatmapCell[] = Array.from(values, (v, i) => ({ params: cellParams(grid, i), value: Number.isNaN(v) ? null : v }));
  const b = bestIndex(values, grid.direction);
  if (b < 0) return { best: null, heatmap };
  const { stats, trades } = runCell(bars, grid, b, window);
  return { best: { params: cellParams(grid, b), stats, trades }, heatmap };
}

/** The top rows with their full statistics. */
export function topCells(bars: DailyBars, grid: Grid, values: Float64Array, top = 20, window?: BarWindow): TopCell[] {
  const series = new Map<string, Float64Array>();
  return topIndices(values, grid.direction, top).map((index) => ({
    index,
    params: cellParams(grid, index),
    value: values[index],
    stats: cellStats(bars, grid, index, window, series),
  }));
}

/** The whole optimisation on this thread (the CLI and the server spread `evaluateCells` over workers). */
export function optimize(bars: DailyBars, template: TemplateInput, gridInput: GridInput): OptimizationResult {
  const grid = parseGrid(gridInput, template);
  const values = evaluateCells(bars, grid, 0, grid.cells);
  return optimizationResult(bars, grid, values);
}
