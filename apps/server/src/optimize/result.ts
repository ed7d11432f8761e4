// A finished optimisation's answer from the objective of every cell (runs on an engine thread: the
// best cell and the top rows are backtested in full here, and a walk-forward analysis is stitched).
import { TOP_CELLS, type OptimizationResult } from '@app/contract';
import {
  bestCell, cellParams, cellStats, MAX_GRID_CELLS, MAX_SEARCH_CELLS, parseGrid, runCell, topIndices, walkForwardResult,
  type BlockSums, type DailyBars, type FoldWindows, type GridInput, type PboResult, type TemplateInput,
} from '@app/quant';
import { optimizationLuck } from './luck.ts';

export interface ResultInput {
  bars: DailyBars;
  template: TemplateInput;
  grid: GridInput;
  /** the objective of every cell over the whole period, NaN where empty */
  values: Float64Array;
  /** walk-forward: the folds' windows and each fold's in-sample cell values */
  windows: FoldWindows[] | null;
  foldValues: Float64Array[] | null;
  /** the cells with trades' per-block daily-return sums and their PBO, over the whole period and over
   *  each fold's in-sample window (null: the grid is too big to keep them, or too small for a PBO) */
  luck?: { traded: BlockSums | null; pbo: PboResult | null };
  foldLuck?: { traded: BlockSums | null; pbo: PboResult | null }[] | null;
  /** a search's: the grid index of each of `values` (and of each fold's `foldValues`), the cells it
   *  tried; absent for a grid, whose values are of every cell in grid order */
  search?: { cells: number[]; foldCells: number[][] | null } | null;
}

export function optimizationResult(input: ResultInput): OptimizationResult {
  const { bars, values } = input;
  const tried = input.search ?? null;
  const grid = parseGrid(input.grid, input.template, { maxCells: tried ? MAX_SEARCH_CELLS : MAX_GRID_CELLS });
  // value i is of cell i (a grid) or of the i-th cell tried (a search)
  const cellOf = (i: number) => (tried ? tried.cells[i] : i);
  const b = bestCell(values, grid.direction, tried?.cells).cell;
  // the best cell and the top rows share their indicator series (cells of a grid share most), and
  // the best cell, usually the first top row, is backtested once
  const series = new Map<string, Float64Array>();
  const best = b < 0 ? null : { index: b, params: cellParams(grid, b), ...runCell(bars, grid, b, undefined, series) };
  const top = topIndices(values, grid.direction, TOP_CELLS).map((i) => ({
    index: cellOf(i), params: cellParams(grid, cellOf(i)), value: values[i], stats: best && cellOf(i) === best.index ? best.stats : cellStats(bars, grid, cellOf(i), undefined, series),
  }));
  const luck = optimizationLuck({
    traded: input.luck?.traded ?? null, pbo: input.luck?.pbo ?? null, bestEquity: best?.equity ?? null, bestTrades: best?.trades.length ?? 0, closes: bars.close,
  });
  let walk: OptimizationResult['walk_forward'] = null;
  if (input.windows && input.foldValues) {
    const w = walkForwardResult(bars, grid, input.windows, input.foldValues, values, tried && { foldCells: tried.foldCells!, wholeCells: tried.cells });
    const foldLuck = input.windows.map((win, k) => {
      const fb = bestCell(input.foldValues![k], grid.direction, tried?.foldCells?.[k]).cell;
      const cell = fb < 0 ? null : runCell(bars, grid, fb, win.inSample);
      const f = input.foldLuck?.[k];
      return optimizationLuck({
        traded: f?.traded ?? null, pbo: f?.pbo ?? null, bestEquity: cell?.equity ?? null, bestTrades: cell?.trades.length ?? 0,
        closes: bars.close.subarray(win.inSample.start, win.inSample.end),
      });
    });
    walk = {
      folds: w.folds.map((f, k) => ({ ...f, luck: foldLuck[k] })),
      out_of_sample: { stats: w.out_of_sample.stats, trades: w.out_of_sample.trades, time: w.out_of_sample.time, equity: w.out_of_sample.equity },
      in_sample: w.in_sample,
      efficiency: w.efficiency,
    };
  }
  return {
    best: best && { index: best.index, params: best.params, stats: best.stats, trades: best.trades },
    top: top.map((c) => ({ index: c.index, params: c.params, value: c.value, stats: c.stats })),
    luck,
    heatmap: Array.from(values, (v) => (Number.isNaN(v) ? null : v)),
    ...(tried && { cells: tried.cells }),
    walk_forward: walk,
  };
}
