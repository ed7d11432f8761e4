import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { portfolioBacktest } from './portfolio.ts';
import { backtest } from './engine.ts';
import { barsArb, exitTemplateArb } from './test/arbitraries.ts';
import type { IndicatorInput, TemplateInput } from './template.ts';
import type { DailyBars } from './types.ts';

/** The same template with its BUY rows made SHORT rows and its SELL rows COVER rows. */
const asShort = (t: TemplateInput): TemplateInput => ({
  ...t,
  indicators: (t.indicators ?? []).map((r) => ({ ...r, indicator_type: r.indicator_type === 'SELL' ? 'COVER' : 'SHORT' })),
});

// RSI(1) is 0 on a day the close fell and 100 on a day it rose
const shortDown: IndicatorInput = { name: 'RSI', indicator_type: 'SHORT', period: 1, compare: '<', cvalue: '50' };
const coverUp: IndicatorInput = { name: 'RSI', indicator_type: 'COVER', period: 1, compare: '>', cvalue: '50' };
/** Random short templates, half of them with rows that trade often (random rows seldom all hold). */
const shortTemplateArb = fc.oneof(
  exitTemplateArb.map(asShort),
  exitTemplateArb.map((t) => ({ ...t, indicators: [shortDown, ...(t.indicators?.length ? [coverUp] : [])] })),
);

describe('short signal portfolios', () => {
  it('a one-symbol, one-slot short portfolio is the single-symbol short backtest, trade for trade', () => {
    let shorted = 0;
    fc.assert(
      fc.property(barsArb(2, 200), shortTemplateArb, (bars, t) => {
        const single = backtest(bars, t);
        const p = portfolioBacktest([{ symbol: 'ONE', bars }], t, { maxPositions: 1 });
        expect(Array.from(p.equity)).toEqual(Array.from(single.equity));
        expect(p.trades.map(({ Symbol, ...rest }) => rest)).toEqual(single.trades);
        // the basket figures measure against the equal-weight basket (the same curve, other bits)
        const basketKeys = ['Buy & Hold Return [%]', 'Alpha [%]', 'Beta'];
        for (const [k, v] of Object.entries(single.stats)) if (!basketKeys.includes(k)) expect(p.stats[k]).toEqual(v);
        shorted += single.trades.filter((tr) => tr.Size < 0).length;
      }),
      { numRuns: 200 },
    );
    expect(shorted).toBeGreaterThan(10); // the property saw short trades, not only flat runs
  });

  it('reports costs, turnover and average holdings off the fills', () => {
    const D0 = 18_631;
    const closes = [10, 9, 8, 7, 6, 5];
    const bars: DailyBars = {
      day: Int32Array.from(closes, (_, i) => D0 + i),
      open: Float64Array.from(closes, (c, i) => (i ? closes[i - 1] : c)),
      high: Float64Array.from(closes, (c, i) => Math.max(c, i ? closes[i - 1] : c)),
      low: Float64Array.from(closes, (c) => c),
      close: Float64Array.from(closes),
      volume: new Float64Array(closes.length).fill(1000),
    };
    // SHORT on down days, held to the end
    const r = portfolioBacktest([{ symbol: 'DOWN', bars }], { position_size: 100, commission: 0.01, commission_fixed: 2, spread: 0.001, indicators: [shortDown] }, { maxPositions: 1 });
    // short 100 at day 2's open (9) less the spread, covered at the last open (6)
    expect(r.trades.map((t) => [t.Size, t.EntryBar, t.ExitBar, t.EntryPrice, t.ExitPrice])).toEqual([[-100, 2, 5, 9 * (1 - 0.001), 6]]);
    const fill = 9 * 0.999;
    expect(r.costs.commission).toBeCloseTo(100 * fill * 0.01 + 100 * 6 * 0.01, 9);
    expect(r.costs.commission_fixed).toBe(4);
    expect(r.costs.spread).toBeCloseTo(100 * 9 * 0.001, 9);
    expect(r.costs.total).toBeCloseTo(r.costs.commission + 4 + r.costs.spread, 9);
    expect(r.trades[0].PnL).toBeCloseTo(100 * (fill - 6) - (r.costs.commission + 4), 9);
    // the value traded (entry and exit) / 2 over the year's mean equity
    const meanEquity = Array.from(r.equity).reduce((a, b) => a + b, 0) / r.equity.length;
    expect(r.turnover).toEqual([{ year: 2021, turnover: expect.closeTo((100 * fill + 100 * 6) / 2 / meanEquity, 12) }]);
    expect(r.averageHoldings).toBeCloseTo(Array.from(r.positions).reduce((a, b) => a + b, 0) / 6, 12);
    expect(r.alpha).toBeNull(); // no benchmark
    // a short held while the market zigzags moves against it: beta against that market is negative
    const zig = Array.from({ length: 30 }, (_, i) => (i % 2 ? 9 : 10));
    const zigBars = { ...bars, day: Int32Array.from(zig, (_, i) => D0 + i), open: Float64Array.from(zig, (c, i) => (i ? zig[i - 1] : c)), close: Float64Array.from(zig) };
    zigBars.high = Float64Array.from(zig, () => 10);
    zigBars.low = Float64Array.from(zig, () => 9);
    zigBars.volume = new Float64Array(zig.length).fill(1000);
    const held = portfolioBacktest([{ symbol: 'ZIG', bars: zigBars }], { position_size: 100, indicators: [shortDown] }, { maxPositions: 1, benchmark: zigBars });
    expect(held.positions[10]).toBe(1);
    expect(held.beta).toBeLessThan(-0.05);
    expect(held.alpha).not.toBeNull();
  });
});
