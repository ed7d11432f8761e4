// Point in time: what the rotation did and decided up to a day D cannot depend on any bar after D.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rotationBacktest } from './engine.ts';
import { windowBars, type DailyBars } from '../types.ts';
import { formatDay } from '../dates.ts';
import { universeFrom } from '../test/rotationUniverse.ts';
import type { RotationSpecInput } from './spec.ts';

const specArb = fc.record({
  rebalance: fc.constantFrom('weekly', 'monthly'),
  top: fc.integer({ min: 1, max: 3 }),
  score: fc.oneof(
    fc.record({ kind: fc.constant('momentum' as const), period: fc.integer({ min: 1, max: 30 }), skip: fc.integer({ min: 0, max: 5 }) }),
    fc.record({ kind: fc.constant('rsi' as const), period: fc.integer({ min: 2, max: 20 }) }),
    fc.record({ kind: fc.constant('volatility' as const), period: fc.integer({ min: 2, max: 25 }) }),
  ),
  order: fc.constantFrom('highest', 'lowest'),
  floors: fc.constantFrom(null, { min_price: 3, min_dollar_volume: 100_000, window: 5 }),
  side: fc.constantFrom('long', 'long_short'),
  weighting: fc.constantFrom('equal', 'inverse_volatility'),
  buffer: fc.integer({ min: 0, max: 2 }),
  // a template (long only): its BUY rule gates the targets, its stops close positions between rebalances
  template: fc.constantFrom(null, {
    stop_loss_pct: 0.03,
    trailing_stop_pct: 0.05,
    indicators: [{ name: 'RSI', indicator_type: 'BUY', period: 5, compare: '<', cvalue: '65' }],
  }),
  start_date: fc.constant('2021-02-01'),
  end_date: fc.constant('2021-08-31'),
}).map((s) => (s.template ? { ...s, side: 'long' as const } : s));

/** Every bar after `cut` changed (prices scaled, volume moved) or removed. */
function afterCut(bars: DailyBars, cut: number, how: 'change' | 'remove', factor: number): DailyBars {
  let keep = 0;
  while (keep < bars.day.length && bars.day[keep] <= cut) keep++;
  if (how === 'remove') return windowBars(bars, 0, keep);
  const out: DailyBars = {
    day: bars.day.slice(), open: bars.open.slice(), high: bars.high.slice(), low: bars.low.slice(), close: bars.close.slice(), volume: bars.volume.slice(),
  };
  for (let i = keep; i < out.day.length; i++) {
    out.open[i] *= factor;
    out.high[i] *= factor * 1.02;
    out.low[i] *= factor * 0.98;
    out.close[i] *= factor;
    out.volume[i] = out.volume[i] * 3 + 1000;
  }
  return out;
}

describe('rotations are point in time', () => {
  it('no order, equity or decision up to a day D changes when the bars after D change or vanish', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 2, max: 6 }), specArb,
        fc.integer({ min: 0, max: 1_000_000 }), fc.boolean(), fc.constantFrom('change', 'remove'), fc.double({ min: 0.3, max: 3, noNaN: true }),
        (seed, count, spec, cutAt, onDecision, how, factor) => {
          const universe = universeFrom(seed, count);
          const before = rotationBacktest(universe, spec as RotationSpecInput);
          // half the time D is a decision day, where a peek at the next bar would show
          const days = onDecision && before.rebalances.length ? before.rebalances.map((r) => r.date) : before.time;
          const cutDay = Date.parse(days[cutAt % days.length]) / 86_400_000;
          const after = rotationBacktest(universe.map((u) => ({ ...u, bars: afterCut(u.bars, cutDay, how as 'change' | 'remove', factor) })), spec as RotationSpecInput);
          const cut = formatDay(cutDay);
          const upTo = <T extends { date: string }>(orders: T[]) => orders.filter((o) => o.date <= cut);
          expect(upTo(after.orders)).toEqual(upTo(before.orders));
          const n = before.time.filter((d) => d <= cut).length;
          expect(after.time.slice(0, n)).toEqual(before.time.slice(0, n));
          expect(after.equity.slice(0, n)).toEqual(before.equity.slice(0, n));
          expect(after.equal_weight.slice(0, n)).toEqual(before.equal_weight.slice(0, n));
          // the decisions too, D's own included while D stays a decision day (its next date kept):
          // a score that peeked one bar ahead would only change orders after D
          const decided = (r: typeof before) => r.rebalances
            .filter((x) => (how === 'change' ? x.date <= cut : x.date < cut))
            .map(({ date, equity, members, floored, targets }) => ({ date, equity, members, floored, targets }));
          expect(decided(after)).toEqual(decided(before));
        },
      ),
      { numRuns: 200 },
    );
  });
});
