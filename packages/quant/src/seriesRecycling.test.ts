// An optimiser's cache recycles the buffers of derived series (a MACD line, differences, crossings)
// between cells: a cell must never read a buffer left over from another cell's series, nor stale
// block extremes of one. Checked on grids whose every cell makes new derived series, with the cache
// settled after each cell to few or no kept series (every buffer reused as soon as it can be).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barsArb } from './test/arbitraries.ts';
import { settleSeriesCache } from './conditions.ts';
import { backtest, runTemplate } from './engine.ts';
import { computeStats } from './stats.ts';
import { normalizeTemplate, type TemplateInput } from './template.ts';
import { cellTemplate, parseGrid, type GridInput } from './optimize/grid.ts';

const macd = (output: string) => ({ name: 'MACD', output });
const templates: { input: TemplateInput; grid: GridInput }[] = [
  {
    // the line of MACD(fast, slow) crossing the signal of MACD(fast', slow'), on both sides
    input: {
      position_size: 0.9999,
      indicators: [
        { ...macd('macd'), indicator_type: 'BUY', compare: 'crosses_above', against: macd('signal') },
        { ...macd('macd'), indicator_type: 'SELL', compare: 'crosses_below', against: macd('signal') },
      ],
    },
    grid: { maximize: 'Return [%]', params: [{ rows: [0, 1], field: 'fast', values: [2, 3, 4, 5] }, { rows: [0, 1], field: 'against.slow', values: [6, 8, 10] }] },
  },
  {
    // a histogram crossing a level, a difference with a price, a line against another's signal
    input: {
      position_size: 0.9999,
      indicators: [
        { ...macd('hist'), indicator_type: 'BUY', compare: 'crosses_above', cvalue: '0' },
        { name: 'SMA', indicator_type: 'BUY', period: 5, compare: '<', cprice: 'CLOSE' },
        { ...macd('macd'), indicator_type: 'SELL', compare: '<', against: macd('signal') },
        { name: 'EMA', indicator_type: 'SELL', period: 4, compare: 'crosses_below', cprice: 'CLOSE', group: 1 },
      ],
    },
    grid: { maximize: 'Return [%]', params: [{ row: 0, field: 'fast', values: [2, 3, 4] }, { row: 1, field: 'period', values: [3, 6] }, { row: 3, field: 'period', values: [2, 7] }] },
  },
];

describe('recycled series buffers', () => {
  // first in the file: the references are computed before any backtest has given buffers back
  it('give backtests run one after another (each on the buffers of the one before) the results of fresh runs', () => {
    const bars = fc.sample(barsArb(300, 300), { numRuns: 1, seed: 43 })[0];
    const inputs = [...templates.map((x) => x.input), {
      position_size: 0.9999,
      indicators: [
        { name: 'ADX', indicator_type: 'BUY', output: 'adx', compare: '>', cvalue: '20' },
        { name: 'STOCH', indicator_type: 'BUY', output: 'k', compare: 'crosses_above', against: { name: 'STOCH', output: 'd' } },
        { name: 'BBANDS', indicator_type: 'SELL', output: 'upper', compare: '<', cprice: 'CLOSE' },
        { name: 'RSI', indicator_type: 'SELL', period: 5, compare: '>', cvalue: '60', group: 1 },
      ],
    } satisfies TemplateInput];
    const fresh = inputs.map((input) => {
      const run = runTemplate(bars, normalizeTemplate(input), new Map());
      return { trades: run.trades.length, stats: computeStats(bars, run.equity, run.trades).stats };
    });
    for (let round = 0; round < 3; round++) {
      inputs.forEach((input, k) => {
        const r = backtest(bars, input);
        expect(r.trades).toHaveLength(fresh[k].trades);
        expect(r.stats).toEqual(fresh[k].stats);
      });
    }
  });

  it('give every cell the trades a fresh cache gives, whatever the cache keeps between cells', () => {
    fc.assert(fc.property(barsArb(40, 120), fc.constantFrom(...templates), fc.integer({ min: 0, max: 3 }), (bars, { input, grid: gridInput }, kept) => {
      const grid = parseGrid(gridInput, input);
      const shared = new Map<string, Float64Array>();
      // twice over the grid: the second pass meets every key again, some still cached, some recycled
      for (let pass = 0; pass < 2; pass++) {
        for (let cell = 0; cell < grid.cells; cell++) {
          const t = cellTemplate(grid, cell);
          expect(runTemplate(bars, t, shared).trades).toEqual(runTemplate(bars, t, new Map()).trades);
          settleSeriesCache(shared, 1024, kept);
        }
      }
    }), { numRuns: 60 });
  });

  it('past the bound, start the cache afresh', () => {
    const cache = new Map<string, Float64Array>([['a', new Float64Array(3)], ['b', new Float64Array(3)]]);
    settleSeriesCache(cache, 2);
    expect(cache.size).toBe(2);
    settleSeriesCache(cache, 1);
    expect(cache.size).toBe(0);
  });
});
