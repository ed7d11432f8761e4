import { describe, expect, it } from 'vitest';
import { backtest } from './engine.ts';
import { parseDay } from './dates.ts';
import type { DailyBars } from './types.ts';
import type { IndicatorInput } from './template.ts';

/** Bars on consecutive days from 2021-01-04 with the given opens and closes. */
function bars(opens: number[], closes: number[]): DailyBars {
  const n = closes.length;
  const start = parseDay('2021-01-04');
  return {
    day: Int32Array.from({ length: n }, (_, i) => start + i),
    open: Float64Array.from(opens),
    high: Float64Array.from(closes, (c, i) => Math.max(c, opens[i]) + 1),
    low: Float64Array.from(closes, (c, i) => Math.min(c, opens[i]) - 1),
    close: Float64Array.from(closes),
    volume: new Float64Array(n).fill(100),
  };
}

// SMA(2) against the close: BUY when the close is above its 2-bar mean (rising), SELL when below.
const rising: IndicatorInput = { name: 'SMA', indicator_type: 'BUY', period: 2, compare: '<', cprice: 'CLOSE' };
const falling: IndicatorInput = { name: 'SMA', indicator_type: 'SELL', period: 2, compare: '>', cprice: 'CLOSE' };
//            bar: 0   1  2  3   4   5
const b = bars([10, 10, 8, 9, 13, 15], [10, 9, 8, 12, 14, 16]);

describe('backtest engine', () => {
  it('buys at the next open after the signal, charges commission both ways, and closes the open trade at the last open', () => {
    const r = backtest(b, { position_size: 10, commission: 0.01, cash: 1000, indicators: [rising, falling] });
    expect(r.trades).toEqual([
      {
        Size: 10, EntryBar: 4, ExitBar: 5, EntryPrice: 13, ExitPrice: 15,
        PnL: expect.closeTo(20 - 1.3 - 1.5, 9),
        ReturnPct: expect.closeTo(15 / 13 - 1 - 2.8 / 130, 12),
        EntryTime: '2021-01-08', ExitTime: '2021-01-09', Duration: '1 days',
      },
    ]);
    expect(Array.from(r.equity)).toEqual([1000, 1000, 1000, 1000, expect.closeTo(1000 - 1.3 + 10, 9), expect.closeTo(1017.2, 9)]);
    expect(r.stats['Commissions [$]']).toBeCloseTo(2.8, 9);
    expect(r.stats['# Trades']).toBe(1);
    expect(r.stats['Exposure Time [%]']).toBeCloseTo((2 / 6) * 100, 9);
    expect(r.stats['Buy & Hold Return [%]']).toBeCloseTo(60, 9);
  });

  it('sizes a fractional position in whole shares: floor(equity·size / (open·(1 + commission)))', () => {
    const r = backtest(b, { position_size: 0.5, commission: 0.01, cash: 1000, indicators: [rising, falling] });
    expect(r.trades[0].Size).toBe(Math.floor(500 / (13 * 1.01)));
  });

  it('drops an order the cash cannot pay for', () => {
    const r = backtest(b, { position_size: 100, cash: 1000, indicators: [rising, falling] });
    expect(r.trades).toEqual([]);
    expect(r.stats['Equity Final [$]']).toBe(1000);
  });

  it('never enters without BUY rows, and holds to the end without SELL rows', () => {
    expect(backtest(b, { position_size: 1, indicators: [falling] }).trades).toEqual([]);
    const held = backtest(b, { position_size: 1, indicators: [rising] }).trades;
    expect(held.map((t) => [t.EntryBar, t.ExitBar])).toEqual([[4, 5]]);
  });

  it('exits at the open after a SELL signal and can re-enter later', () => {
    //                 bar: 0   1   2   3   4   5   6   7
    const zigzag = bars([10, 10, 11, 12, 10, 9, 10, 12], [10, 11, 12, 11, 10, 11, 12, 13]);
    const r = backtest(zigzag, { position_size: 1, indicators: [rising, falling] });
    // signals: BUY on 1, 2, 5, 6, 7; SELL on 3, 4
    expect(r.trades.map((t) => [t.EntryBar, t.ExitBar, t.EntryPrice, t.ExitPrice])).toEqual([
      [2, 4, 11, 10],
      [6, 7, 10, 12],
    ]);
  });

  it('fills an order placed on the last bar at its open, like the reference (in equity, not as a closed trade)', () => {
    //                    bar: 0   1   2   3
    const late = bars([10, 10, 9, 11], [10, 9, 8, 12]);
    const r = backtest(late, { position_size: 10, cash: 1000, indicators: [rising, falling] });
    expect(r.trades).toEqual([]);
    expect(r.equity[3]).toBe(1000 + 10 * (12 - 11));
  });

  it('reports undefined statistics as null and keeps the reference key order', () => {
    const r = backtest(b, { position_size: 1, indicators: [] });
    expect(r.stats['Win Rate [%]']).toBeNull();
    expect(r.stats['SQN']).toBeNull();
    expect(r.stats['Max. Drawdown Duration']).toBeNull();
    expect(r.stats['Commissions [$]']).toBeUndefined();
    expect(Object.keys(r.stats).slice(0, 6)).toEqual(['Start', 'End', 'Duration', 'Exposure Time [%]', 'Equity Final [$]', 'Equity Peak [$]']);
    expect(Object.keys(r.stats).at(-1)).toBe('Kelly Criterion');
  });

  it('returns the drawdown series from the running equity peak', () => {
    //                      bar: 0   1   2   3   4
    const dip = bars([10, 10, 10, 8, 9], [10, 11, 10, 12, 9]);
    const r = backtest(dip, { position_size: 1, cash: 100, indicators: [{ ...rising, period: 1, compare: '=' }] });
    // SMA(1) = close, so BUY holds on every bar: bought at bar 2's open, held, closed at bar 4's open
    const peak = Array.from(r.equity).reduce<number[]>((acc, e) => [...acc, Math.max(e, acc.at(-1) ?? -Infinity)], []);
    expect(Array.from(r.drawdown)).toEqual(peak.map((p, i) => 1 - r.equity[i] / p));
    expect(Math.max(...r.drawdown)).toBeGreaterThan(0);
  });

  it('rejects empty bars', () => {
    expect(() => backtest(bars([], []), { position_size: 1, indicators: [] })).toThrow(RangeError);
  });
});
