// A finished optimisation's answer from the objective of every cell (runs on an engine thread: the
// best cell and the top rows are backtested in full here, and a walk-forward analysis is stitched).
import { TOP_CELLS, type OptimizationResult } from '@app/contract';
import {
  bestIndex, cellParams, parseGrid, runCell, topCells, walkForwardResult,
  type DailyBars, type FoldWindows, type GridInput, type TemplateInput,
} from '@app/quant';

export interface ResultInput {
  bars: DailyBars;
  template: TemplateInput;
  grid: GridInput;
  /** the objective of every cell over the whole period, NaN where empty */
  values: Float64Array;
  /** walk-forward: the folds' windows and each fold's in-sample cell values */
  windows: FoldWindows[] | null;
  foldValues: Float64Array[] | null;
}

export function optimizationResult(input: ResultInput): OptimizationResult {
  const { bars, values } = input;
  const grid = parseGrid(input.grid, input.template);
  const b = bestIndex(values, grid.direction);
  const best = b < 0 ? null : { index: b, params: cellParams(grid, b), ...runCell(bars, grid, b) };
  const top = topCells(bars, grid, values, TOP_CELLS);
  let walk: OptimizationResult['walk_forward'] = null;
  if (input.windows && input.foldValues) {
    const w = walkForwardResult(bars, grid, input.windows, input.foldValues, values);
    walk = {
      folds: w.folds,
      out_of_sample: { stats: w.out_of_sample.stats, trades: w.out_of_sample.trades, time: w.out_of_sample.time, equity: w.out_of_sample.equity },
      in_sample: w.in_sample,
      efficiency: w.efficiency,
    };
  }
  return {
    best: best && { index: best.index, params: best.params, stats: best.stats, trades: best.trades },
    top: top.map((c) => ({ index: c.index, params: c.params, value: c.value, stats: c.stats })),
    heatmap: Array.from(values, (v) => (Number.isNaN(v) ? null : v)),
    walk_forward: walk,
  };
}
