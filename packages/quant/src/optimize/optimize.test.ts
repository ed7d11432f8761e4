import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backtest } from '../engine.ts';
import { barsArb } from '../test/arbitraries.ts';
import type { TemplateInput } from '../template.ts';
import { cellParams, GridError, parseGrid, type GridInput } from './grid.ts';
import { bestIndex, evaluateCells, optimize, runCell, topIndices } from './optimize.ts';
import { foldWindows, parseWalkForward, walkForward } from './walkForward.ts';

const rsi: TemplateInput = {
  position_size: 0.9999,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
  ],
};
const grid2d: GridInput = {
  maximize: 'Sharpe Ratio',
  params: [
    { row: 0, field: 'period', values: [3, 5, 8] },
    { row: 0, field: 'cvalue', values: ['30', '40', '50'] },
  ],
};

describe('grid', () => {
  it('orders cells as the Cartesian product, the last parameter fastest', () => {
    const g = parseGrid({ maximize: 'Return [%]', params: [{ field: 'stop_loss_pct', values: [0.1, 0.2] }, { row: 0, field: 'period', values: [3, 4, 5] }] }, rsi);
    expect(g.cells).toBe(6);
    expect(Array.from({ length: 6 }, (_, i) => cellParams(g, i))).toEqual([[0.1, 3], [0.1, 4], [0.1, 5], [0.2, 3], [0.2, 4], [0.2, 5]]);
  });

  it.each([
    [{ params: grid2d.params }, /either maximize or minimize/],
    [{ maximize: 'Start', params: grid2d.params }, /not a numeric statistic/],
    [{ maximize: 'SQN', params: [] }, /non-empty list/],
    [{ maximize: 'SQN', params: [{ row: 5, field: 'period', values: [3] }] }, /params\[0\]\.row/],
    [{ maximize: 'SQN', params: [{ row: 0, field: 'colour', values: [3] }] }, /params\[0\]\.field/],
    [{ maximize: 'SQN', params: [{ field: 'cash', values: [3] }] }, /params\[0\]\.field/],
    [{ maximize: 'SQN', params: [{ row: 0, field: 'period', values: [] }] }, /values must be a non-empty list/],
    [{ maximize: 'SQN', params: [{ row: 0, field: 'period', values: [0] }] }, /params\[0\]\.values: 0: indicators\[0\]\.period/],
    [{ maximize: 'SQN', params: [{ row: 0, field: 'cvalue', values: ['120'] }] }, /RSI value must be between 0 and 100/],
    [{ maximize: 'SQN', params: [{ field: 'stop_loss_pct', values: [1.5] }] }, /stop_loss_pct must be/],
    [{ maximize: 'SQN', params: [{ row: 0, field: 'period', values: [1] }, { row: 0, field: 'period', values: [2] }] }, /already a parameter/],
    [{ maximize: 'SQN', params: [{ row: 0, field: 'period', values: Array.from({ length: 400 }, (_, i) => i + 1) }, { row: 1, field: 'period', values: Array.from({ length: 400 }, (_, i) => i + 1) }] }, /160,000 cells; at most 100,000/],
    [{ maximize: 'SQN', params: grid2d.params, min_trades: -1 }, /min_trades/],
  ] as [GridInput, RegExp][])('refuses a bad grid with a message naming the field (%#)', (g, message) => {
    expect(() => parseGrid(g, rsi)).toThrow(GridError);
    expect(() => parseGrid(g, rsi)).toThrow(message);
  });
});

describe('optimisation properties', () => {
  it("the best cell's statistics and trades equal a plain backtest with its values", () => {
    fc.assert(
      fc.property(barsArb(60, 250), (bars) => {
        const r = optimize(bars, rsi, grid2d);
        if (!r.best) return;
        const [period, cvalue] = r.best.params;
        const plain = backtest(bars, { ...rsi, indicators: [{ ...rsi.indicators[0], period, cvalue }, rsi.indicators[1]] });
        expect(r.best.stats).toEqual(plain.stats);
        expect(r.best.trades).toEqual(plain.trades);
      }),
      { numRuns: 40 },
    );
  });

  it('every heatmap value equals the statistic of a plain backtest of that cell (null without trades)', () => {
    fc.assert(
      fc.property(barsArb(60, 200), fc.constantFrom('Sharpe Ratio', 'Sortino Ratio', 'Volatility (Ann.) [%]', 'Return [%]', 'Max. Drawdown [%]', 'Calmar Ratio', 'Win Rate [%]', 'Alpha [%]'), (bars, key) => {
        const r = optimize(bars, rsi, { ...grid2d, maximize: key });
        r.heatmap.forEach(({ params: [period, cvalue], value }) => {
          const plain = backtest(bars, { ...rsi, indicators: [{ ...rsi.indicators[0], period, cvalue }, rsi.indicators[1]] });
          expect(value).toBe(plain.trades.length ? plain.stats[key] : null);
        });
      }),
      { numRuns: 30 },
    );
  });

  it('the best cell is the first maximum in grid order, and nulls are never best', () => {
    expect(bestIndex(Float64Array.from([NaN, 2, 5, 5, NaN]), 1)).toBe(2);
    expect(bestIndex(Float64Array.from([NaN, 2, 5, 1, 1]), -1)).toBe(3);
    expect(bestIndex(Float64Array.from([NaN, NaN]), 1)).toBe(-1);
    expect(topIndices(Float64Array.from([1, 3, NaN, 3, 2, 0]), 1, 3)).toEqual([1, 3, 4]);
    expect(topIndices(Float64Array.from([1, 3, NaN, 3, 2, 0]), -1, 2)).toEqual([5, 0]);
  });

  it('minimize picks the lowest value; constraints empty the cells that fail them', () => {
    fc.assert(
      fc.property(barsArb(80, 200), (bars) => {
        const max = optimize(bars, rsi, { ...grid2d, maximize: 'Max. Drawdown [%]' });
        const min = optimize(bars, rsi, { params: grid2d.params, minimize: 'Max. Drawdown [%]' });
        expect(min.heatmap).toEqual(max.heatmap);
        const values = max.heatmap.map((c) => c.value).filter((v): v is number => v !== null);
        if (values.length) expect(min.best!.stats['Max. Drawdown [%]']).toBe(Math.min(...values));
        const limited = optimize(bars, rsi, { ...grid2d, maximize: 'Return [%]', max_drawdown_pct: 5, min_trades: 2 });
        const plain = optimize(bars, rsi, { ...grid2d, maximize: 'Return [%]' });
        limited.heatmap.forEach((c, i) => {
          if (c.value !== null) expect(c.value).toBe(plain.heatmap[i].value);
        });
        expect(limited.heatmap.filter((c) => c.value !== null).length).toBeLessThanOrEqual(plain.heatmap.filter((c) => c.value !== null).length);
      }),
      { numRuns: 20 },
    );
  });

  it('evaluates any range of cells to the same values as the whole grid (work can be split)', () => {
    fc.assert(
      fc.property(barsArb(60, 200), fc.integer({ min: 0, max: 9 }), (bars, cut) => {
        const g = parseGrid(grid2d, rsi);
        const whole = evaluateCells(bars, g, 0, g.cells);
        const parts = [...evaluateCells(bars, g, 0, cut), ...evaluateCells(bars, g, cut, g.cells)];
        expect(parts).toEqual(Array.from(whole));
      }),
      { numRuns: 20 },
    );
  });
});

describe('walk-forward', () => {
  it('tiles the end of the period with equal out-of-sample windows after in-sample ones', () => {
    const rolling = foldWindows(1000, parseWalkForward({ folds: 4 }));
    // 1000 = IS + 4·OOS with IS = 3·OOS: OOS = 142, IS = 429 (rounded)
    expect(rolling.map((w) => [w.inSample.start, w.inSample.end, w.outOfSample.start, w.outOfSample.end])).toEqual([
      [0, 429, 429, 571], [142, 571, 571, 713], [284, 713, 713, 855], [426, 855, 855, 1000],
    ]);
    const anchored = foldWindows(1000, parseWalkForward({ folds: 4, anchored: true }));
    expect(anchored.map((w) => w.inSample.start)).toEqual([0, 0, 0, 0]);
    expect(() => foldWindows(100, parseWalkForward({ folds: 20 }))).toThrow(/too few for 20 folds/);
    expect(() => parseWalkForward({ folds: 0 })).toThrow(/folds/);
    expect(() => parseWalkForward({ folds: 2, in_sample: 0.2 })).toThrow(/in_sample/);
  });

  it('trades only inside the out-of-sample windows, compounding from fold to fold', () => {
    fc.assert(
      fc.property(barsArb(300, 400), (bars) => {
        const g = parseGrid(grid2d, rsi);
        const spec = parseWalkForward({ folds: 3 });
        const windows = foldWindows(bars.close.length, spec);
        const r = walkForward(bars, g, spec);
        const first = windows[0].outOfSample.start;
        expect(r.out_of_sample.equity).toHaveLength(bars.close.length - first);
        for (const t of r.out_of_sample.trades) {
          const w = windows.find((x) => t.EntryBar + first >= x.outOfSample.start && t.EntryBar + first < x.outOfSample.end)!;
          expect(t.ExitBar + first).toBeLessThan(w.outOfSample.end);
        }
        // a fold starts with the equity the previous one ended with
        windows.slice(1).forEach((w) => {
          expect(r.out_of_sample.equity[w.outOfSample.start - first]).toBeGreaterThan(0);
        });
        expect(r.folds).toHaveLength(3);
      }),
      { numRuns: 15 },
    );
  });

  it('an out-of-sample window sees indicators warmed up on the bars before it', () => {
    // a rising series: RSI(14) is 100 from bar 14 on; BUY when RSI > 50
    const n = 200;
    const close = Float64Array.from({ length: n }, (_, i) => 10 + i * 0.1);
    const bars = { day: Int32Array.from({ length: n }, (_, i) => 18_000 + i), open: close, high: close, low: close, close, volume: new Float64Array(n).fill(1) };
    const t: TemplateInput = { position_size: 1, indicators: [{ name: 'RSI', indicator_type: 'BUY', period: 14, compare: '>', cvalue: '50' }] };
    const g = parseGrid({ maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: [14] }] }, t);
    const r = walkForward(bars, g, parseWalkForward({ folds: 2 }));
    // a cold RSI would need 14 bars before its first value; a warm one buys on the window's first decision
    expect(r.out_of_sample.trades[0].EntryBar).toBe(2);
  });

  it('gives the efficiency only over winning in-sample runs: a loss out of sample over a loss in sample is not robustness', () => {
    const n = 300;
    const line = (slope: number) => {
      const close = Float64Array.from({ length: n }, (_, i) => 100 + i * slope);
      return { day: Int32Array.from({ length: n }, (_, i) => 18_000 + i), open: close, high: close, low: close, close, volume: new Float64Array(n).fill(1) };
    };
    const buyWhen = (compare: '<' | '>'): TemplateInput => ({ position_size: 1, indicators: [{ name: 'RSI', indicator_type: 'BUY', period: 14, compare, cvalue: '50' }] });
    const spec = parseWalkForward({ folds: 2 });
    // falling prices, bought all the way down: every run loses, in and out of sample
    const falling = line(-0.2);
    const lose = parseGrid({ maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: [14] }] }, buyWhen('<'));
    const lost = walkForward(falling, lose, spec);
    expect(lost.out_of_sample.stats['Return (Ann.) [%]']).toBeLessThan(0);
    for (const w of foldWindows(n, spec)) expect(runCell(falling, lose, 0, w.inSample).stats['Return (Ann.) [%]']).toBeLessThan(0);
    expect(lost.efficiency).toBeNull();
    // rising prices, bought: out-of-sample annualised return ÷ the folds' mean in-sample one
    const rising = line(0.2);
    const win = parseGrid({ maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: [14] }] }, buyWhen('>'));
    const won = walkForward(rising, win, spec);
    const ins = foldWindows(n, spec).map((w) => runCell(rising, win, 0, w.inSample).stats['Return (Ann.) [%]'] as number);
    expect(won.efficiency).toBeCloseTo((won.out_of_sample.stats['Return (Ann.) [%]'] as number) / (ins.reduce((a, b) => a + b, 0) / ins.length), 10);
    expect(won.efficiency).toBeGreaterThan(0);
  });
});
