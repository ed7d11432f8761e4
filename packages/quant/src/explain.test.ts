import { describe, expect, it } from 'vitest';
import { backtest } from './engine.ts';
import { explainTrades } from './explain.ts';
import { operandSeries, toCondition } from './conditions.ts';
import { parseDay } from './dates.ts';
import type { IndicatorInput, TemplateInput } from './template.ts';
import type { DailyBars } from './types.ts';

/** Bars on consecutive days from 2021-01-04, one [open, high, low, close] per bar. */
function ohlc(rows: [number, number, number, number][]): DailyBars {
  const start = parseDay('2021-01-04');
  return {
    day: Int32Array.from(rows, (_, i) => start + i),
    open: Float64Array.from(rows, (r) => r[0]),
    high: Float64Array.from(rows, (r) => r[1]),
    low: Float64Array.from(rows, (r) => r[2]),
    close: Float64Array.from(rows, (r) => r[3]),
    volume: new Float64Array(rows.length).fill(100),
  };
}
const bar = (c: number): [number, number, number, number] => [c, c, c, c];

describe('explain a trade', () => {
  it('a crossover: the rule with both averages on the signal bar, then the fill at the next open', () => {
    // closes fall then rise: SMA(2) crosses above SMA(3) on bar 4 (index), bought at bar 5's open
    const bars = ohlc([bar(10), bar(9), bar(8), bar(7), bar(10), [9.5, 10, 9.4, 10], bar(11), bar(12)]);
    const cross: IndicatorInput = { name: 'SMA', indicator_type: 'BUY', period: 2, compare: 'crosses_above', against: { name: 'SMA', period: 3 } };
    const template: TemplateInput = { position_size: 10, indicators: [cross] };
    const r = backtest(bars, template);
    expect(r.trades[0]).toMatchObject({ EntryBar: 5, EntryPrice: 9.5, ExitReason: 'end' });
    const [why] = explainTrades(bars, template, r.trades);
    const fast = operandSeries(bars, toCondition(cross))[4];
    const slow = operandSeries(bars, toCondition(cross).against!)[4];
    expect(why.entry_signal).toEqual({
      date: '2021-01-08',
      rows: [{ rule: 'SMA(2) crosses above SMA(3)', left: 'SMA(2)', left_value: fast, right: 'SMA(3)', right_value: slow, text: `SMA(2) ${fast.toFixed(2)} crossed above SMA(3) ${slow.toFixed(2)}` }],
    });
    expect([fast, slow]).toEqual([8.5, 25 / 3]);
    expect(why.entry).toBe('SMA(2) 8.50 crossed above SMA(3) 8.33 on 2021-01-08 → bought at the next open 9.50');
    expect(why.exit).toBe('the data ends (2021-01-11) → sold at 12.00');
  });

  it('a stop hit on the entry bar: the level and the low that reached it', () => {
    const always: IndicatorInput = { name: 'SMA', indicator_type: 'BUY', period: 1, compare: '=', cprice: 'CLOSE' };
    const template: TemplateInput = { position_size: 100, stop_loss_pct: 0.05, indicators: [always] };
    const bars = ohlc([bar(10), bar(10), [10, 10.2, 9.4, 10], bar(10), bar(10)]);
    const r = backtest(bars, template);
    const t = r.trades.find((x) => x.ExitReason === 'stop')!;
    expect(t).toMatchObject({ EntryTime: '2021-01-06', ExitTime: '2021-01-06', ExitPrice: 9.5 });
    const why = explainTrades(bars, template, [t])[0];
    expect(why.exit_level).toEqual({ kind: 'stop', level: 9.5, date: '2021-01-06', touched: 'low', touched_value: 9.4, open: 10 });
    expect(why.exit).toBe('stop 9.50 (5 % below the entry 10.00) reached: the low of 2021-01-06 was 9.40 → sold at 9.50');
    expect(why.entry).toBe('SMA(1) 10.00 = Close 10.00 on 2021-01-05 → bought at the next open 10.00');
  });

  it('a short: a target reached by the low, a trailing stop by the high, a cover signal; a gap fills at the open', () => {
    const short: IndicatorInput = { name: 'SMA', indicator_type: 'SHORT', period: 1, compare: '=', cprice: 'CLOSE' };
    const target: TemplateInput = { position_size: 100, take_profit_pct: 0.1, indicators: [short] };
    const bars = ohlc([bar(10), bar(10), [10, 10.1, 8.8, 9], bar(9), bar(9)]);
    const t1 = backtest(bars, target).trades[0];
    expect(explainTrades(bars, target, [t1])[0].exit).toBe('target 9.00 (10 % below the entry 10.00) reached: the low of 2021-01-06 was 8.80 → covered at 9.00');

    const trailing: TemplateInput = { position_size: 100, trailing_stop_pct: 0.1, indicators: [short] };
    const up = ohlc([bar(10), bar(10), [10, 10.2, 9.5, 9], [12, 12.5, 11.8, 12], bar(12)]);
    const t2 = backtest(up, trailing).trades[0];
    // the stop fell to 9 · 1.1 = 9.90 at the entry bar's close; the next bar opened above it at 12
    expect(t2).toMatchObject({ ExitReason: 'trailing', ExitPrice: 12 });
    const why = explainTrades(up, trailing, [t2])[0];
    expect(why.exit_level).toMatchObject({ kind: 'trailing', touched: 'high', touched_value: 12.5 });
    expect(why.exit_level!.level).toBeCloseTo(9.9, 12);
    expect(why.exit).toBe('trailing stop 9.90 (10 % above the lowest close since the entry, or the entry) reached: the high of 2021-01-07 was 12.50 → covered at the open 12.00, past the level');
    expect(why.entry).toMatch(/→ sold short at the next open 10\.00$/);
  });

  it('a signal exit names the exit rule read on its signal bar', () => {
    const buy: IndicatorInput = { name: 'SMA', indicator_type: 'BUY', period: 1, compare: '=', cprice: 'CLOSE' };
    const sell: IndicatorInput = { name: 'SMA', indicator_type: 'SELL', period: 2, compare: '>', cprice: 'CLOSE' };
    const template: TemplateInput = { position_size: 1, indicators: [buy, sell] };
    const bars = ohlc([bar(10), bar(10), bar(11), bar(12), bar(10), bar(10)]);
    const t = backtest(bars, template).trades[0];
    expect(t.ExitReason).toBe('signal');
    const why = explainTrades(bars, template, [t])[0];
    expect(why.exit).toBe('SMA(2) 11.00 > Close 10.00 on 2021-01-08 → sold at the next open 10.00');
    expect(why.exit_signal!.rows[0]).toMatchObject({ left_value: 11, right: 'Close', right_value: 10 });
  });
});
