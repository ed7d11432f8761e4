import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ind from './index.ts';
import { barsArb } from '../test/arbitraries.ts';

const naive = (x: ArrayLike<number>, p: number, pick: (w: number[]) => number) =>
  Array.from({ length: x.length }, (_, i) => (i < p - 1 ? NaN : pick(Array.from(x).slice(i - p + 1, i + 1))));
const same = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).every((v, i) => (Number.isNaN(v) ? Number.isNaN(b[i]) : Math.abs(v - b[i]) <= 1e-9 * Math.max(1, Math.abs(b[i]))));

describe('strategy indicator properties', () => {
  it('rolling extremes equal the window\'s max and min, read plainly', () => {
    fc.assert(fc.property(barsArb(0, 120), fc.integer({ min: 1, max: 30 }), (b, p) => {
      expect(Array.from(ind.rollingMax(b.high, p))).toEqual(naive(b.high, p, (w) => Math.max(...w)));
      expect(Array.from(ind.rollingMin(b.low, p))).toEqual(naive(b.low, p, (w) => Math.min(...w)));
    }), { numRuns: 300 });
  });

  it('Stochastic %K is the SMA of the raw value, NaN wherever its window holds a flat stretch; Williams %R stays in [−100, 0]', () => {
    fc.assert(fc.property(barsArb(1, 120), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 60 }), (b, p, k, flatAt) => {
      // a flat stretch of p bars (high = low = close) somewhere, so the raw value is NaN there
      for (let i = flatAt; i < Math.min(b.close.length, flatAt + p); i++) b.high[i] = b.low[i] = b.close[i] = b.open[i] = 50;
      const hh = naive(b.high, p, (w) => Math.max(...w));
      const ll = naive(b.low, p, (w) => Math.min(...w));
      const raw = hh.map((h, i) => (h === ll[i] ? NaN : (100 * (b.close[i] - ll[i])) / (h - ll[i])));
      const kPlain = raw.map((_, i) => (i < k - 1 ? NaN : raw.slice(i - k + 1, i + 1).reduce((s, v) => s + v, 0) / k));
      expect(same(ind.stoch(b.high, b.low, b.close, p, k, 1).k, kPlain)).toBe(true);
      for (const v of ind.willr(b.high, b.low, b.close, p)) if (!Number.isNaN(v)) expect(v >= -100 - 1e-9 && v <= 1e-9).toBe(true);
    }), { numRuns: 300 });
  });
});
