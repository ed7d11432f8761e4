import { describe, expect, it } from 'vitest';
import { backtest } from './engine.ts';
import { parseDay } from './dates.ts';
import { normalizeTemplate, TemplateError, type IndicatorInput, type TemplateInput } from './template.ts';
import type { DailyBars } from './types.ts';

/** Bars on consecutive days from 2021-01-04, one [open, high, low, close] per bar. */
function ohlc(rows: [number, number, number, number][]): DailyBars {
  const n = rows.length;
  const start = parseDay('2021-01-04');
  return {
    day: Int32Array.from({ length: n }, (_, i) => start + i),
    open: Float64Array.from(rows, (r) => r[0]),
    high: Float64Array.from(rows, (r) => r[1]),
    low: Float64Array.from(rows, (r) => r[2]),
    close: Float64Array.from(rows, (r) => r[3]),
    volume: new Float64Array(n).fill(100),
  };
}

// SMA(1) is the close itself, so "SMA(1) = Close" holds on every bar: a BUY decided on bar 1 fills at
// bar 2's open, and again at the next open after every exit.
const always: IndicatorInput = { name: 'SMA', indicator_type: 'BUY', period: 1, compare: '=', cprice: 'CLOSE' };
const run = (bars: DailyBars, extra: Partial<TemplateInput>) =>
  backtest(bars, { position_size: 100, cash: 10_000, indicators: [always], ...extra }, { levels: true });
const flat: [number, number, number, number] = [10, 10, 10, 10];

describe('stop-loss and take-profit', () => {
  it('fills the stop at its level when the low reaches it, on a later bar', () => {
    const r = run(ohlc([flat, flat, [10, 10.5, 9.6, 10], [10, 10.2, 9.4, 9.8], flat]), { stop_loss_pct: 0.05 });
    expect(r.trades[0]).toMatchObject({ EntryBar: 2, ExitBar: 3, EntryPrice: 10, ExitPrice: 9.5, ExitReason: 'stop' });
  });

  it('fills a stop gapped through at the open', () => {
    const r = run(ohlc([flat, flat, flat, [9, 9.2, 8.8, 9], flat]), { stop_loss_pct: 0.05 });
    expect(r.trades[0]).toMatchObject({ ExitBar: 3, ExitPrice: 9, ExitReason: 'stop' });
  });

  it('fills the target at its level when the high reaches it, or at a higher open', () => {
    const touched = run(ohlc([flat, flat, flat, [10.2, 11.5, 10, 11], flat]), { take_profit_pct: 0.1 });
    expect(touched.trades[0]).toMatchObject({ ExitBar: 3, ExitPrice: 10 * 1.1, ExitReason: 'target' });
    const gapped = run(ohlc([flat, flat, flat, [12, 12.5, 11.8, 12], flat]), { take_profit_pct: 0.1 });
    expect(gapped.trades[0]).toMatchObject({ ExitBar: 3, ExitPrice: 12, ExitReason: 'target' });
  });

  it('takes the stop first when one bar reaches both', () => {
    const r = run(ohlc([flat, flat, flat, [10, 12, 9, 10], flat]), { stop_loss_pct: 0.05, take_profit_pct: 0.1 });
    expect(r.trades[0]).toMatchObject({ ExitPrice: 9.5, ExitReason: 'stop' });
  });

  it('closes on a SELL signal at the open before the stop of that bar', () => {
    const sellBelow: IndicatorInput = { name: 'OBV', indicator_type: 'SELL', compare: '<', cvalue: '250' };
    // OBV 100, 100, 0, …: the SELL holds on bar 2, the entry bar; bar 3's low reaches the stop too
    const bars = ohlc([flat, flat, [10, 10, 9.9, 9.9], [10, 10, 9, 9.5], flat]);
    const r = backtest(bars, { position_size: 100, cash: 10_000, stop_loss_pct: 0.05, indicators: [always, sellBelow] });
    expect(r.trades[0]).toMatchObject({ EntryBar: 2, ExitBar: 3, ExitPrice: 10, ExitReason: 'signal' });
  });

  it('sets the levels from the entry price with the spread; exits fill without it', () => {
    const r = run(ohlc([flat, flat, flat, [10, 10.2, 9, 9.8], flat]), { stop_loss_pct: 0.05, spread: 0.01 });
    expect(r.trades[0].EntryPrice).toBe(10 * 1.01);
    expect(r.trades[0].ExitPrice).toBe(10 * 1.01 * 0.95);
    expect(r.trades[0].ReturnPct).toBeCloseTo(0.95 - 1, 12);
  });
});

// The entry fills at its bar's open, so that bar's low and high come after the fill: the levels are live
// on the entry bar itself. Bar 2 is the entry bar in every case (a BUY or SHORT decided on bar 1).
describe('levels live on the entry bar', () => {
  const shortAlways: IndicatorInput = { ...always, indicator_type: 'SHORT' };
  const runShort = (bars: DailyBars, extra: Partial<TemplateInput>) =>
    backtest(bars, { position_size: 100, cash: 10_000, indicators: [shortAlways], ...extra }, { levels: true });
  const entryBar = (bar: [number, number, number, number]) => ohlc([flat, flat, bar, flat, flat]);

  it.each([
    ['a long stop (low ≤ SL)', 1, [10, 10.2, 9.4, 10], { stop_loss_pct: 0.05 }, 9.5, 'stop'],
    ['a long target (high ≥ TP)', 1, [10, 11.2, 9.9, 10], { take_profit_pct: 0.1 }, 11, 'target'],
    ['a long trailing stop from the fill', 1, [10, 10.1, 8.9, 10], { trailing_stop_pct: 0.1 }, 9, 'trailing'],
    ['a long bar reaching both: the stop', 1, [10, 11.5, 9.4, 10], { stop_loss_pct: 0.05, take_profit_pct: 0.1 }, 9.5, 'stop'],
    ['a short stop (high ≥ SL)', -1, [10, 10.6, 9.9, 10], { stop_loss_pct: 0.05 }, 10.5, 'stop'],
    ['a short target (low ≤ TP)', -1, [10, 10.1, 8.8, 10], { take_profit_pct: 0.1 }, 9, 'target'],
    ['a short trailing stop from the fill', -1, [10, 11.2, 9.9, 10], { trailing_stop_pct: 0.1 }, 11, 'trailing'],
    ['a short bar reaching both: the stop', -1, [10, 10.6, 8.8, 10], { stop_loss_pct: 0.05, take_profit_pct: 0.1 }, 10.5, 'stop'],
  ] as const)('%s exits on the entry bar', (_, dir, bar, exits, price, reason) => {
    const r = (dir === 1 ? run : runShort)(entryBar([...bar]), exits);
    expect(r.trades[0]).toMatchObject({ EntryBar: 2, ExitBar: 2, EntryPrice: 10, Size: dir * 100, ExitReason: reason });
    expect(r.trades[0].ExitPrice).toBeCloseTo(price, 12);
    // flat again after the exit: the next entry is decided at the entry bar's close
    expect(r.trades[1]).toMatchObject({ EntryBar: 3 });
  });

  it('keeps the position when the entry bar stays inside the levels', () => {
    const r = run(entryBar([10, 10.9, 9.6, 10]), { stop_loss_pct: 0.05, take_profit_pct: 0.1 });
    expect(r.trades[0]).toMatchObject({ EntryBar: 2, ExitBar: 4, ExitReason: 'end' });
  });
});

describe('trailing stop', () => {
  it('raises the stop to close·(1 − trail) at every close while long and never lowers it', () => {
    const bars = ohlc([flat, flat, [10, 12, 10, 12], [12, 13, 11, 13], [13, 13, 12, 12.5], [12.5, 12.6, 11.6, 12], flat]);
    const r = run(bars, { trailing_stop_pct: 0.1 });
    // closes 12 → 10.8, 13 → 11.7, 12.5 → stays 11.7; bar 5's low 11.6 reaches it
    expect(r.trades[0]).toMatchObject({ EntryBar: 2, ExitBar: 5, ExitPrice: 13 * 0.9, ExitReason: 'trailing' });
    // it starts at the fill (10 · 0.9), live on the entry bar
    expect(Array.from(r.levels[0].stop)).toEqual([10 * 0.9, 12 * 0.9, 13 * 0.9, 13 * 0.9]);
  });

  it('with a stop-loss too, the higher of the two holds and names the exit', () => {
    const bars = ohlc([flat, flat, [10, 10, 9.9, 10], [10, 10, 9.4, 9.6], flat]);
    // trailing 20 % below the close (8) is lower than the 5 % stop (9.5): the stop holds
    expect(run(bars, { stop_loss_pct: 0.05, trailing_stop_pct: 0.2 }).trades[0]).toMatchObject({ ExitPrice: 9.5, ExitReason: 'stop' });
    // trailing 2 % below the close (9.8) is above the 5 % stop: the trailing stop holds
    expect(run(bars, { stop_loss_pct: 0.05, trailing_stop_pct: 0.02 }).trades[0]).toMatchObject({ ExitPrice: 9.8, ExitReason: 'trailing' });
  });
});

describe('costs and sizing', () => {
  it('charges the fixed fee on each order and counts it when sizing a fraction of equity', () => {
    const bars = ohlc([flat, flat, flat, flat]);
    const r = backtest(bars, { position_size: 0.5, commission: 0.001, commission_fixed: 5, cash: 10_000, indicators: [always] });
    const shares = Math.floor(5000 / (10 + (5 + 0.5 * 10 * 0.001) / 0.5));
    expect(r.trades[0].Size).toBe(shares);
    expect(r.stats['Commissions [$]']).toBeCloseTo(2 * (5 + shares * 10 * 0.001), 9);
    expect(r.trades[0].PnL).toBeCloseTo(-2 * (5 + shares * 10 * 0.001), 9);
  });

  it('sizes from the risk to the stop at the signal close, capped by the position size', () => {
    const bars = ohlc([flat, flat, flat, flat]);
    // 1 % of 10,000 at risk, 5 % stop below a 10 close: 100 / 0.5 = 200 shares
    expect(run(bars, { position_size: 0.9999, risk_pct: 0.01, stop_loss_pct: 0.05 }).trades[0].Size).toBe(200);
    // 100 % at risk would be 20,000 shares: capped by 0.9999 of equity (999 shares) …
    expect(run(bars, { position_size: 0.9999, risk_pct: 1, stop_loss_pct: 0.05 }).trades[0].Size).toBe(999);
    // … or by a share count
    expect(run(bars, { position_size: 300, risk_pct: 1, stop_loss_pct: 0.05 }).trades[0].Size).toBe(300);
  });

  it('places no order for less than one share of risk, and drops one the cash cannot pay', () => {
    const bars = ohlc([flat, flat, flat, flat]);
    expect(run(bars, { position_size: 0.9999, risk_pct: 0.00001, stop_loss_pct: 0.05 }).trades).toEqual([]);
    expect(run(bars, { position_size: 5000, risk_pct: 1, stop_loss_pct: 0.01 }).trades).toEqual([]);
  });
});

describe('equity arithmetic', () => {
  // backtesting.py marks an open position as cash + (close·size − size·entry_price) and settles a close
  // with cash += size·(exit − entry). The two orders of operations differ in the last bit for these
  // numbers, and drawdown durations test drawdown == 0 exactly: one ulp adds a drawdown period.
  it("follows the reference's order of operations while long and on a close", () => {
    const k = 989;
    const bars = ohlc([flat, flat, [10.01, 10.03, 10.01, 10.03], [10.03, 10.03, 10.03, 10.03], [10.03, 10.03, 10.03, 10.03]]);
    const r = backtest(bars, { position_size: k, cash: 10_000, indicators: [always] });
    const marked = 10_000 + (10.03 * k - k * 10.01);
    const settled = 10_000 + k * (10.03 - 10.01);
    expect(marked).not.toBe(settled); // the premise: the two orders differ here
    expect(r.equity[2]).toBe(marked);
    expect(r.equity[4]).toBe(settled);
    expect(r.drawdown[4]).toBeGreaterThan(0);
  });
});

describe('template fields', () => {
  const base = { position_size: 0.5, indicators: [] };
  it.each([
    ['stop_loss_pct', 0], ['stop_loss_pct', 1], ['take_profit_pct', 0], ['take_profit_pct', 10.5],
    ['trailing_stop_pct', 1], ['spread', -0.01], ['spread', 0.1], ['commission_fixed', 1000.01], ['risk_pct', 1.5],
  ])('refuses %s = %s, naming the field', (field, value) => {
    expect(() => normalizeTemplate({ ...base, stop_loss_pct: 0.05, [field]: value })).toThrow(new RegExp(`^${field} must be`));
  });

  it('needs stop_loss_pct for risk_pct', () => {
    expect(() => normalizeTemplate({ ...base, risk_pct: 0.01 })).toThrow(TemplateError);
    expect(normalizeTemplate({ ...base, risk_pct: 0.01, stop_loss_pct: 0.05 }).exits).toMatchObject({ riskPct: 0.01, stopLoss: 0.05 });
  });

  it('accepts the edges of every range and treats absent fields as none', () => {
    const t = normalizeTemplate({ ...base, take_profit_pct: 10, spread: 0, commission_fixed: 1000, risk_pct: 1, stop_loss_pct: 0.99 });
    expect(t.exits).toEqual({ stopLoss: 0.99, takeProfit: 10, trailingStop: 0, spread: 0, commissionFixed: 1000, riskPct: 1 });
    expect(normalizeTemplate(base).exits).toEqual({ stopLoss: 0, takeProfit: 0, trailingStop: 0, spread: 0, commissionFixed: 0, riskPct: 0 });
  });
});
