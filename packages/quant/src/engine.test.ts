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
        EntryTime: '2021-01-08', ExitTime: '2021-01-09', Duration: '1 days', ExitReason: 'end',
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

  // backtesting.py 0.6 Backtest.run with finalize_trades=True: after the loop it calls trade.close() on the
  // trades still open, then broker.next() once more on the last bar ("HACK: Re-run broker one last time").
  // _process_orders fills every pending order at that bar's open: the close orders settle the open trade
  // (a closed trade, counted), while a BUY placed on the last bar opens a new trade that nothing closes:
  // it stays in broker.trades, outside broker.closed_trades (the only trades compute_stats sees), yet its
  // entry commission has left the cash and equity[-1] marks it at the last close.
  describe('at the end, like backtesting.py 0.6 finalize_trades', () => {
    it('fills a BUY first signalled on the last bar at that open: in the equity, not in the trades or trade stats', () => {
      //                    bar: 0   1  2  3  4
      const late = bars([10, 10, 9, 8, 7], [10, 9, 8, 7, 9]); // only bar 4 closes above its 2-bar mean
      const r = backtest(late, { position_size: 10, commission: 0.01, cash: 1000, indicators: [rising, falling] });
      expect(r.trades).toEqual([]);
      // 10 shares at 7 (bar 4's open), 0.70 entry commission paid, marked at bar 4's close of 9
      const final = 1000 - 0.7 + 10 * (9 - 7);
      expect(Array.from(r.equity)).toEqual([1000, 1000, 1000, 1000, expect.closeTo(final, 9)]);
      expect(r.stats['Equity Final [$]']).toBeCloseTo(final, 9);
      expect(r.stats['Return [%]']).toBeCloseTo((final / 1000 - 1) * 100, 9);
      expect(r.stats['# Trades']).toBe(0);
      expect(r.stats['Exposure Time [%]']).toBe(0);
      expect(r.stats['Commissions [$]']).toBeUndefined();
    });

    it('sizes that last-bar BUY from the cash at the last open, as any other order', () => {
      const late = bars([10, 10, 9, 8, 7], [10, 9, 8, 7, 9]);
      const r = backtest(late, { position_size: 0.5, commission: 0.01, cash: 1000, indicators: [rising] });
      const shares = Math.floor(500 / (7 * 1.01));
      expect(r.stats['Equity Final [$]']).toBeCloseTo(1000 - shares * 7 * 0.01 + shares * (9 - 7), 9);
    });

    it('closes a long position whose SELL first holds on the last bar at that open, once, as a counted trade', () => {
      //                   bar: 0   1   2   3   4   5
      const exit = bars([10, 10, 11, 12, 13, 12], [10, 11, 12, 13, 14, 11]); // BUY on bar 1, SELL only on bar 5
      const r = backtest(exit, { position_size: 10, commission: 0.01, cash: 1000, indicators: [rising, falling] });
      expect(r.trades).toEqual([
        {
          Size: 10, EntryBar: 2, ExitBar: 5, EntryPrice: 11, ExitPrice: 12,
          PnL: expect.closeTo(10 - 1.1 - 1.2, 9),
          ReturnPct: expect.closeTo(12 / 11 - 1 - 2.3 / 110, 12),
          EntryTime: '2021-01-06', ExitTime: '2021-01-09', Duration: '3 days', ExitReason: 'end',
        },
      ]);
      const final = 1000 + 10 - 1.1 - 1.2;
      expect(r.equity[4]).toBeCloseTo(1000 - 1.1 + 10 * (14 - 11), 9);
      expect(r.equity[5]).toBeCloseTo(final, 9);
      expect(r.stats['Equity Final [$]']).toBeCloseTo(final, 9);
      expect(r.stats['# Trades']).toBe(1);
      expect(r.stats['Commissions [$]']).toBeCloseTo(2.3, 9);
      expect(r.stats['Exposure Time [%]']).toBeCloseTo((4 / 6) * 100, 9);
    });

    it('opens an order of the second-to-last bar at the last open and closes it there too (a counted trade)', () => {
      //                     bar: 0   1  2  3   4
      const brief = bars([10, 10, 9, 8, 12], [10, 9, 8, 11, 13]); // BUY first holds on bar 3
      const r = backtest(brief, { position_size: 10, commission: 0.01, cash: 1000, indicators: [rising] });
      expect(r.trades.map((t) => [t.EntryBar, t.ExitBar, t.EntryPrice, t.ExitPrice])).toEqual([[4, 4, 12, 12]]);
      expect(r.trades[0].PnL).toBeCloseTo(-2.4, 9);
      expect(r.stats['Equity Final [$]']).toBeCloseTo(1000 - 2.4, 9);
    });
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
