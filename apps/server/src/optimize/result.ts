// A finished optimisation's answer from the objective of every cell (runs on an engine thread: the
// best cell and the top rows are backtested in full here, and a walk-forward analysis is stitched).
import { TOP_CELLS, type OptimizationResult } from '@app/contract';
import {
  bestIndex, cellParams, parseGrid, runCell, topCells, walkForwardResult,
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
}

export function optimizationResult(input: ResultInput): OptimizationResult {
  const { bars, values } = input;
  const grid = parseGrid(input.grid, input.template);
  const b = bestIndex(values, grid.direction);
  const best = b < 0 ? null : { index: b, params: cellParams(grid, b), ...runCell(bars, grid, b) };
  const top = topCells(bars, grid, values, TOP_CELLS);
  const luck = optimizationLuck({
    traded: input.luck?.traded ?? null, pbo: input.luck?.pbo ?? null, bestEquity: best?.equity ?? null, bestTrades: best?.trades.length ?? 0, closes: bars.close,
  });
  let walk: OptimizationResult['walk_forward'] = null;
  if (input.windows && input.foldValues) {
    const w = walkForwardResult(bars, grid, input.windows, input.foldValues, values);
    const foldLuck = input.windows.map((win, k) => {
      const fb = bestIndex(input.foldValues![k], grid.direction);
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
    walk_forward: walk,
  };
}
