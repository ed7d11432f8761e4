import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSide, describeRule, holdsAt, nextHolding, operandSeries, rowSeries } from './conditions.ts';
import { normalizeTemplate, type Condition, type IndicatorInput } from './template.ts';
import { barsArb } from './test/arbitraries.ts';
import { sma } from './indicators/movingAverages.ts';
import { macd } from './indicators/macd.ts';

// Rows of the strategy language, each read plainly bar by bar: crossings, against, prices, OR groups.
const rowArb: fc.Arbitrary<IndicatorInput> = fc.oneof(
  fc.record({ name: fc.constant('SMA'), indicator_type: fc.constant('BUY'), period: fc.integer({ min: 1, max: 8 }), compare: fc.constantFrom('crosses_above', 'crosses_below', '>', '<'), against: fc.record({ name: fc.constant('EMA'), period: fc.integer({ min: 1, max: 12 }) }), group: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ name: fc.constant('BBANDS'), indicator_type: fc.constant('BUY'), period: fc.integer({ min: 2, max: 10 }), output: fc.constantFrom('upper', 'lower', 'middle'), compare: fc.constantFrom('>', '<', 'crosses_above'), cprice: fc.constantFrom('CLOSE', 'OPEN', 'HIGH', 'LOW'), group: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ name: fc.constant('RSI'), indicator_type: fc.constant('BUY'), period: fc.integer({ min: 2, max: 8 }), compare: fc.constantFrom('crosses_above', 'crosses_below', '<'), cvalue: fc.integer({ min: 20, max: 80 }).map(String), group: fc.integer({ min: 0, max: 2 }) }),
);

function plainHolds(bars: Parameters<typeof operandSeries>[0], c: Condition, i: number): boolean {
  const left = operandSeries(bars, c);
  const right = (j: number) => (c.against ? operandSeries(bars, c.against)[j] : Number.isNaN(c.value) ? bars[c.cprice.toLowerCase() as 'close'][j] : c.value);
  const [a, b] = [left[i], right(i)];
  switch (c.op) {
    case '>': return a > b;
    case '<': return a < b;
    case 'crosses_above': return i > 0 && a > b && left[i - 1] <= right(i - 1);
    case 'crosses_below': return i > 0 && a < b && left[i - 1] >= right(i - 1);
    default: throw new Error(c.op);
  }
}

describe('strategy conditions', () => {
  it('a side holds where every row of some group holds, crossings and against read plainly', () => {
    fc.assert(fc.property(barsArb(2, 150), fc.array(rowArb, { minLength: 1, maxLength: 4 }), fc.nat(), (bars, rows, from0) => {
      const { conditions } = normalizeTemplate({ position_size: 1, indicators: rows });
      const side = compileSide(bars, conditions, 'BUY', new Map());
      const n = bars.close.length;
      const groups = [...new Set(conditions.map((c) => c.group))];
      const plain = (i: number) => groups.some((g) => conditions.filter((c) => c.group === g).every((c) => plainHolds(bars, c, i)));
      for (let i = 0; i < n; i++) expect(holdsAt(side, i), `bar ${i}`).toBe(plain(i));
      const from = from0 % n;
      let expected = n;
      for (let i = from; i < n; i++) if (plain(i)) { expected = i; break; }
      expect(nextHolding(side, from, n)).toBe(expected);
    }), { numRuns: 300 });
  });

  it('reads rules in words and gives the chart the engine\'s arrays', () => {
    const t = normalizeTemplate({ position_size: 1, indicators: [
      { name: 'SMA', indicator_type: 'BUY', period: 50, compare: 'crosses_above', against: { name: 'SMA', period: 200 } },
      { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: 30, group: 1 },
      { name: 'CCI', indicator_type: 'BUY', period: 20, compare: '<', cvalue: -100, group: 1 },
      { name: 'BBANDS', indicator_type: 'SELL', output: 'upper', compare: '<', cprice: 'HIGH' },
    ] });
    expect(describeRule(t, 'BUY')).toBe('BUY when SMA(50) crosses above SMA(200), or when RSI(14) < 30 and CCI(20) < -100');
    expect(describeRule(t, 'SELL')).toBe('SELL when BB upper(20, 2) < High');
    expect(describeRule(t, 'SHORT')).toBe('SHORT never');
    const close = Float64Array.from({ length: 300 }, (_, i) => 100 + 10 * Math.sin(i / 9));
    const bars = { day: new Int32Array(300), open: close, high: close.map((c) => c + 1), low: close.map((c) => c - 1), close, volume: new Float64Array(300).fill(1) };
    const golden = rowSeries(bars, t.conditions[0]);
    expect(golden.left).toEqual({ label: 'SMA(50)', values: sma(close, 50), overlay: true });
    expect(golden.right).toEqual({ kind: 'indicator', line: { label: 'SMA(200)', values: sma(close, 200), overlay: true } });
    expect(rowSeries(bars, t.conditions[3]).right).toEqual({ kind: 'price', label: 'High', field: 'high' });
    const m = rowSeries(bars, { name: 'MACD', indicator_type: 'BUY', output: 'hist', compare: '>', cvalue: 0 });
    expect(m.left).toEqual({ label: 'MACD histogram(12, 26, 9)', values: macd(close).histogram, overlay: false });
    expect(m.right).toEqual({ kind: 'value', value: 0 });
  });
});
