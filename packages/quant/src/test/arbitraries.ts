// fast-check generators for bars and templates shared by the property tests.
import fc from 'fast-check';
import { allocBars, type DailyBars } from '../types.ts';
import type { TemplateInput, IndicatorInput } from '../template.ts';

/** Bars from a random walk: positive prices, high ≥ open/close ≥ low, consecutive weekdays. */
export function barsArb(minLength = 0, maxLength = 300): fc.Arbitrary<DailyBars> {
  const step = fc.record({
    ret: fc.double({ min: -0.08, max: 0.08, noNaN: true }),
    gap: fc.double({ min: -0.02, max: 0.02, noNaN: true }),
    wick: fc.double({ min: 0, max: 0.03, noNaN: true }),
    volume: fc.integer({ min: 0, max: 1_000_000 }),
  });
  return fc.array(step, { minLength, maxLength }).map((steps) => {
    const n = steps.length;
    const bars: DailyBars = allocBars(n);
    let close = 50;
    let day = 18_631; // 2021-01-04, a Monday
    steps.forEach((s, i) => {
      const open = close * (1 + s.gap);
      close = Math.max(0.5, close * (1 + s.ret));
      bars.day[i] = day;
      day += day % 7 === 1 ? 3 : 1; // Friday (day % 7 === 1) → Monday
      bars.open[i] = open;
      bars.close[i] = close;
      bars.high[i] = Math.max(open, close) * (1 + s.wick);
      bars.low[i] = Math.min(open, close) * (1 - s.wick);
      bars.volume[i] = s.volume;
    });
    return bars;
  });
}

export const rowArb: fc.Arbitrary<IndicatorInput> = fc
  .record({
    name: fc.constantFrom('RSI', 'SMA', 'EMA', 'SUPERTREND', 'OBV'),
    indicator_type: fc.constantFrom('BUY', 'SELL'),
    period: fc.integer({ min: 1, max: 40 }),
    drift: fc.integer({ min: 1, max: 3 }),
    offset: fc.integer({ min: 0, max: 3 }),
    length: fc.integer({ min: 1, max: 20 }),
    compare: fc.constantFrom('>', '<', '=', '≥', '≤', '>=', '<='),
    rsiValue: fc.integer({ min: 0, max: 100 }),
    obvValue: fc.integer({ min: -2_000_000, max: 2_000_000 }),
  })
  .map(({ rsiValue, obvValue, ...row }) => ({
    ...row,
    cvalue: row.name === 'RSI' ? String(rsiValue) : row.name === 'OBV' ? String(obvValue) : null,
    cprice: row.name === 'RSI' || row.name === 'OBV' ? null : 'CLOSE',
  }));

export const templateArb: fc.Arbitrary<TemplateInput> = fc.record({
  position_size: fc.oneof(fc.double({ min: 0.05, max: 0.9999, noNaN: true }), fc.integer({ min: 1, max: 300 })),
  commission: fc.constantFrom(0, 0.001, 0.002, 0.01),
  cash: fc.constantFrom(10_000, 2_500, 100_000),
  indicators: fc.array(rowArb, { minLength: 0, maxLength: 4 }),
});

export function sliceBars(bars: DailyBars, end: number): DailyBars {
  return {
    day: bars.day.slice(0, end),
    open: bars.open.slice(0, end),
    high: bars.high.slice(0, end),
    low: bars.low.slice(0, end),
    close: bars.close.slice(0, end),
    volume: bars.volume.slice(0, end),
  };
}

/** Templates with exits, costs and sizing (each field present or not, within its bounds). */
export const exitTemplateArb: fc.Arbitrary<TemplateInput> = fc
  .record({
    base: templateArb,
    stop_loss_pct: fc.option(fc.double({ min: 0.005, max: 0.3, noNaN: true }), { nil: undefined }),
    take_profit_pct: fc.option(fc.double({ min: 0.005, max: 0.5, noNaN: true }), { nil: undefined }),
    trailing_stop_pct: fc.option(fc.double({ min: 0.005, max: 0.3, noNaN: true }), { nil: undefined }),
    spread: fc.option(fc.constantFrom(0, 0.0005, 0.002, 0.01), { nil: undefined }),
    commission_fixed: fc.option(fc.constantFrom(0, 1, 4.95), { nil: undefined }),
    risk_pct: fc.option(fc.double({ min: 0.001, max: 0.05, noNaN: true }), { nil: undefined }),
  })
  .map(({ base, ...exits }) => ({
    ...base,
    ...exits,
    // risk sizing measures the risk to the stop, so it comes with one
    stop_loss_pct: exits.risk_pct !== undefined ? (exits.stop_loss_pct ?? 0.05) : exits.stop_loss_pct,
  }));
