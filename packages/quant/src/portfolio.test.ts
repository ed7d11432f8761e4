import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { portfolioBacktest, type PortfolioSymbol } from './portfolio.ts';
import { backtest } from './engine.ts';
import { barsArb, exitTemplateArb } from './test/arbitraries.ts';
import type { IndicatorInput, TemplateInput } from './template.ts';
import type { DailyBars } from './types.ts';

const D0 = 18_631; // 2021-01-04

/** A symbol's bars from closes on the given days (offsets from D0); each opens at the previous close. */
function sym(symbol: string, closes: number[], days = closes.map((_, i) => i)): PortfolioSymbol {
  const n = closes.length;
  const bars: DailyBars = {
    day: Int32Array.from(days, (d) => D0 + d),
    open: Float64Array.from(closes, (c, i) => (i ? closes[i - 1] : c)),
    high: Float64Array.from(closes, (c, i) => Math.max(c, i ? closes[i - 1] : c) + 0.5),
    low: Float64Array.from(closes, (c, i) => Math.min(c, i ? closes[i - 1] : c) - 0.5),
    close: Float64Array.from(closes),
    volume: new Float64Array(n).fill(1000),
  };
  return { symbol, bars };
}

// RSI(1) is 100 on a day the close rose and 0 on a day it fell: BUY on up days, SELL on down days.
const upDay: IndicatorInput = { name: 'RSI', indicator_type: 'BUY', period: 1, compare: '>', cvalue: '50' };
const downDay: IndicatorInput = { name: 'RSI', indicator_type: 'SELL', period: 1, compare: '<', cvalue: '50' };
const rising = [10, 11, 12, 13, 14, 15];

describe('portfolio backtest, by hand', () => {
  it('fills the best-ranked signals while slots remain (ties by symbol), sized as equal slots of equity', () => {
    const r = portfolioBacktest([sym('CCC', rising), sym('AAA', rising), sym('BBB', rising)], { position_size: 0.5, indicators: [upDay] }, { maxPositions: 2 });
    // all three signal at the close of day 1; two slots: AAA and BBB fill at day 2's open (11)
    expect(r.trades.map((t) => [t.Symbol, t.EntryBar, t.ExitBar, t.EntryPrice, t.ExitPrice, t.ExitReason])).toEqual([
      ['AAA', 2, 5, 11, 14, 'end'],
      ['BBB', 2, 5, 11, 14, 'end'],
    ]);
    // each slot is a quarter of the 10,000 equity: floor(2500 / 11) = 227 shares
    expect(r.trades.map((t) => t.Size)).toEqual([227, 227]);
    expect(Array.from(r.positions)).toEqual([0, 0, 2, 2, 2, 0]);
    expect(r.equity[4]).toBe(10_000 + (14 * 227 - 227 * 11) * 2);
  });

  it('ranks by the chosen value: the lowest RSI(14) first, the largest market cap first', () => {
    const quick = [10, 12, 14, 16, 18, 20]; // steeper gains: a higher momentum
    const u = [sym('AAA', rising), { ...sym('BBB', quick), marketCap: 5e9 }, { ...sym('CCC', rising), marketCap: 9e9 }];
    const byCap = portfolioBacktest(u, { position_size: 0.9, indicators: [upDay] }, { maxPositions: 1, rankBy: 'market_cap_high' });
    expect(byCap.trades[0].Symbol).toBe('CCC');
    const bySmallCap = portfolioBacktest(u, { position_size: 0.9, indicators: [upDay] }, { maxPositions: 1, rankBy: 'market_cap_low' });
    expect(bySmallCap.trades[0].Symbol).toBe('BBB'); // AAA has no market cap: ranked last
  });

  it('handles exits before entries: a SELL frees its slot for the next open', () => {
    //            day: 0   1   2   3   4   5
    const a = sym('AAA', [10, 11, 12, 11, 10, 9]); // up on 1, 2; down from 3
    const b = sym('BBB', [10, 9, 8, 9, 10, 11]); // up from 3
    const r = portfolioBacktest([a, b], { position_size: 0.9, indicators: [upDay, downDay] }, { maxPositions: 1 });
    // AAA: signal day 1, in at day 2's open (11); SELL on day 3, out at day 4's open (11).
    // BBB signals on day 3 too; its slot frees at day 4's open, where it fills (9) after AAA's exit.
    expect(r.trades.map((t) => [t.Symbol, t.EntryBar, t.ExitBar, t.EntryPrice, t.ExitPrice, t.ExitReason])).toEqual([
      ['AAA', 2, 4, 11, 11, 'signal'],
      ['BBB', 4, 5, 9, 10, 'end'],
    ]);
  });

  it('closes a symbol that stops trading at its last close, and waits out a gap in a symbol’s bars', () => {
    const a = sym('AAA', [10, 11, 12, 13], [0, 1, 2, 3]); // last bar on day 3 of 6
    const b = sym('BBB', [10, 11, 12, 13, 14], [0, 1, 3, 4, 5]); // no bar on day 2
    const r = portfolioBacktest([a, b], { position_size: 0.9, indicators: [upDay] }, { maxPositions: 2 });
    expect(r.trades.map((t) => [t.Symbol, t.EntryBar, t.ExitBar, t.EntryPrice, t.ExitPrice, t.ExitReason])).toEqual([
      ['AAA', 2, 3, 11, 13, 'end'], // closed at its last close (13) on day 3
      ['BBB', 3, 5, 11, 13, 'end'], // signal on day 1, no bar on day 2: filled at day 3's open
    ]);
    expect(r.day.length).toBe(6);
  });

  it('never holds more positions than slots, nor positions costing more than the cash it has', () => {
    fc.assert(
      fc.property(fc.array(barsArb(30, 80), { minLength: 2, maxLength: 5 }), fc.integer({ min: 1, max: 4 }), (series, slots) => {
        const u = series.map((bars, i) => ({ symbol: `S${i}`, bars }));
        const r = portfolioBacktest(u, { position_size: 0.99, indicators: [upDay, downDay] }, { maxPositions: slots });
        for (let k = 0; k < r.day.length - 1; k++) {
          expect(r.positions[k]).toBeLessThanOrEqual(slots);
          // what the open positions cost ≤ the starting cash plus the P/L of the trades already closed
          const cost = r.trades.filter((t) => t.EntryBar <= k && k < t.ExitBar).reduce((a, t) => a + t.Size * t.EntryPrice, 0);
          const cash = 10_000 + r.trades.filter((t) => t.ExitBar <= k).reduce((a, t) => a + t.PnL, 0);
          expect(cost).toBeLessThanOrEqual(cash * (1 + 1e-12));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('portfolio properties', () => {
  it('a one-symbol, one-slot portfolio is the single-symbol backtest', () => {
    fc.assert(
      fc.property(barsArb(2, 200), exitTemplateArb, (bars, t: TemplateInput) => {
        const single = backtest(bars, t);
        const p = portfolioBacktest([{ symbol: 'ONE', bars }], t, { maxPositions: 1 });
        expect(Array.from(p.equity)).toEqual(Array.from(single.equity));
        expect(p.trades.map(({ Symbol, ...rest }) => rest)).toEqual(single.trades);
        // Buy & hold, alpha and beta measure against the equal-weight basket, which for one symbol is
        // the stock compounded day by day: the same curve, not the same bits (checked below).
        const basketKeys = ['Buy & Hold Return [%]', 'Alpha [%]', 'Beta'];
        for (const [k, v] of Object.entries(single.stats)) if (!basketKeys.includes(k)) expect(p.stats[k]).toEqual(v);
        p.equalWeight.forEach((x, i) => expect(x).toBeCloseTo(Number(t.cash ?? 10_000) * (bars.close[i] / bars.close[0]), 6));
      }),
      { numRuns: 200 },
    );
  });
});
