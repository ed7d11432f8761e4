import { describe, expect, it } from 'vitest';
import { allocBars } from '../types.ts';
import type { TemplateInput } from '../template.ts';
import { dailyCalendar } from '../stats.ts';
import { evaluateCellBlocks, evaluateCells, parseGrid, runCell, type GridInput } from '../optimize/index.ts';
import { addCellEquity, emptyBlockSums, seededRandom } from './index.ts';

/** A random walk on consecutive weekdays, volatile enough for RSI to cross its levels often. */
function walkBars(n: number, seed: number) {
  const random = seededRandom(seed);
  const bars = allocBars(n);
  let day = 10_959; // 2000-01-03, a Monday
  let close = 100;
  for (let i = 0; i < n; i++) {
    if (i > 0) day += day % 7 === 1 ? 3 : 1; // Friday → Monday (day 0, 1970-01-01, was a Thursday)
    const open = close * (1 + (random() - 0.5) * 0.02);
    close = open * (1 + (random() - 0.5) * 0.06);
    bars.day[i] = day;
    bars.open[i] = open;
    bars.high[i] = Math.max(open, close) * 1.01;
    bars.low[i] = Math.min(open, close) * 0.99;
    bars.close[i] = close;
    bars.volume[i] = 1000;
  }
  return bars;
}

const template: TemplateInput = {
  position_size: 0.9999,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
  ],
};

describe("a grid's per-block daily returns", () => {
  const bars = walkBars(900, 4);
  it.each(['Sharpe Ratio', 'Return [%]', 'SQN'])('equal the cells\' own equity returns, whether the equity is streamed or kept (%s)', (objective) => {
    expect(dailyCalendar(bars.day)).toBe(true);
    const input: GridInput = { maximize: objective, params: [{ row: 0, field: 'period', values: [5, 9, 14] }, { row: 0, field: 'cvalue', values: ['30', '40'] }] };
    const grid = parseGrid(input, template);
    const { values, blocks } = evaluateCellBlocks(bars, grid, 1, 6);
    // the values are exactly those of the plain evaluation
    expect(Array.from(values)).toEqual(Array.from(evaluateCells(bars, grid, 1, 6)));
    const expected = emptyBlockSums(5, bars.close.length - 1);
    for (let c = 1; c < 6; c++) addCellEquity(expected, c - 1, runCell(bars, grid, c).equity);
    for (let k = 0; k < expected.sums.length; k++) {
      if (Number.isNaN(values[k % 5])) continue;
      expect(blocks.sums[k]).toBeCloseTo(expected.sums[k], 10);
      expect(blocks.squares[k]).toBeCloseTo(expected.squares[k], 10);
    }
    expect(blocks.sums.some((v) => v !== 0)).toBe(true);
  });
});
