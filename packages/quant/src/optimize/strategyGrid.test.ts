import { describe, expect, it } from 'vitest';
import { backtest } from '../engine.ts';
import type { TemplateInput } from '../template.ts';
import { barsFromCsv, goldenCases, haveGoldens, readGolden } from '../test/goldens.ts';
import { GridError, parseGrid } from './grid.ts';
import { evaluateCells, optimize } from './optimize.ts';

// Grids over the strategy language's fields: each cell's objective is the plain backtest of the
// template with that cell's values written in, including a field of the row's `against` indicator.
const name = goldenCases('strategy').find((c) => c.includes('golden_cross'));
describe.skipIf(!haveGoldens || !name)('grids over the strategy language', () => {
  const bars = haveGoldens && name ? barsFromCsv(readGolden('strategy', name, 'data.csv')) : null!;
  const cross = (fast: number, slow: number): TemplateInput => ({
    position_size: 0.9999,
    indicators: [
      { name: 'SMA', indicator_type: 'BUY', compare: 'crosses_above', period: fast, against: { name: 'SMA', period: slow } },
      { name: 'SMA', indicator_type: 'SELL', compare: 'crosses_below', period: fast, against: { name: 'SMA', period: slow } },
    ],
  });

  it('varies a crossover\'s against.period: every cell is the plain backtest with that period', () => {
    const slows = [100, 150, 200, 250];
    const grid = { maximize: 'Return [%]', params: [{ row: 0, field: 'against.period', values: slows }, { row: 1, field: 'against.period', values: slows }] };
    const result = optimize(bars, cross(50, 200), grid);
    result.heatmap.forEach((cell, i) => {
      const [buySlow, sellSlow] = cell.params as number[];
      const t = cross(50, 200);
      t.indicators[0].against = { name: 'SMA', period: buySlow };
      t.indicators[1].against = { name: 'SMA', period: sellSlow };
      const plain = backtest(bars, t);
      expect(cell.value, `cell ${i}`).toBe(plain.trades.length ? plain.stats['Return [%]'] : null);
    });
    const values = result.heatmap.map((c) => c.value ?? -Infinity);
    expect(result.best!.stats['Return [%]']).toBe(Math.max(...values));
  });

  it('varies MACD fast and slow, on the row and on its against indicator', () => {
    const macd: TemplateInput = {
      position_size: 0.9999,
      indicators: [
        { name: 'MACD', indicator_type: 'BUY', compare: 'crosses_above', output: 'macd', against: { name: 'MACD', output: 'signal' } },
        { name: 'MACD', indicator_type: 'SELL', compare: 'crosses_below', output: 'macd', against: { name: 'MACD', output: 'signal' } },
      ],
    };
    const params = [
      { row: 0, field: 'fast', values: [8, 12] }, { row: 0, field: 'against.fast', values: [8, 12] }, { row: 0, field: 'slow', values: [21, 26] },
    ];
    const grid = parseGrid({ maximize: 'Equity Final [$]', params }, macd);
    const values = evaluateCells(bars, grid, 0, grid.cells);
    for (let i = 0; i < grid.cells; i++) {
      const [fast, againstFast, slow] = [params[0].values[i >> 2], params[1].values[(i >> 1) & 1], params[2].values[i & 1]];
      const t = structuredClone(macd);
      Object.assign(t.indicators[0], { fast, slow });
      Object.assign(t.indicators[0].against!, { fast: againstFast });
      const plain = backtest(bars, t);
      expect(values[i], `cell ${i}`).toBe(plain.trades.length ? plain.stats['Equity Final [$]'] : NaN);
    }
  });

  it('refuses against.<field> on a row without against, and values out of the indicator\'s range', () => {
    const rsi: TemplateInput = { position_size: 1, indicators: [{ name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: 30 }] };
    expect(() => parseGrid({ maximize: 'Return [%]', params: [{ row: 0, field: 'against.period', values: [5] }] }, rsi)).toThrow(GridError);
    expect(() => parseGrid({ maximize: 'Return [%]', params: [{ row: 0, field: 'against.period', values: [5] }] }, rsi)).toThrow(/compares with no other indicator/);
    expect(() => parseGrid({ maximize: 'Return [%]', params: [{ row: 0, field: 'stddev', values: [2, 11] }] }, {
      position_size: 1, indicators: [{ name: 'BBANDS', indicator_type: 'BUY', compare: '>', output: 'lower' }],
    })).toThrow(/stddev: Std. deviations must be from 0.1 to 10, got 11/);
  });
});
