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
    fc.assert(fc.property(barsArb(1, 120), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 60 }), (b, p, k, flatAt) => {
      // a flat stretch of p bars (high = low = close) somewhere, so the raw value is NaN there
      for (let i = flatAt; i < Math.min(b.close.length, flatAt + p); i++) b.high[i] = b.low[i] = b.close[i] = b.open[i] = 50;
      const hh = naive(b.high, p, (w) => Math.max(...w));
      const ll = naive(b.low, p, (w) => Math.min(...w));
      const raw = hh.map((h, i) => (h === ll[i] ? NaN : (100 * (b.close[i] - ll[i])) / (h - ll[i])));
      const kPlain = raw.map((_, i) => (i < k - 1 ? NaN : raw.slice(i - k + 1, i + 1).reduce((s, v) => s + v, 0) / k));
      expect(same(ind.stoch(b.high, b.low, b.close, p, k, 1).k, kPlain)).toBe(true);
      const willrPlain = hh.map((h, i) => (h === ll[i] ? NaN : (100 * (b.close[i] - h)) / (h - ll[i])));
      expect(Array.from(ind.willr(b.high, b.low, b.close, p))).toEqual(willrPlain);
      for (const v of ind.willr(b.high, b.low, b.close, p)) if (!Number.isNaN(v)) expect(v >= -100 - 1e-9 && v <= 1e-9).toBe(true);
    }), { numRuns: 300 });
  });

  it('ADX read plainly: DX from the DIs, a bar of zero smoothed range keeps them (the loop takes DX from the smoothed movements)', () => {
    // the textbook order of operations: RMAs of TR, +DM and −DM; DIs; DX from the DIs; RMA of DX
    const plainAdx = (h: ArrayLike<number>, l: ArrayLike<number>, c: ArrayLike<number>, n: number) => {
      const len = c.length;
      const out = new Array<number>(len).fill(NaN);
      let tr = 0, pl = 0, mi = 0, p = NaN, m = NaN, seen = 0, a = 0;
      for (let i = 1; i < len; i++) {
        const t = Math.max(h[i] - l[i], Math.abs(h[i] - c[i - 1]), Math.abs(l[i] - c[i - 1]));
        const up = h[i] - h[i - 1];
        const down = l[i - 1] - l[i];
        const pd = up > down && up > 0 ? up : 0;
        const md = down > up && down > 0 ? down : 0;
        if (i < n) { tr += t; pl += pd; mi += md; continue; }
        if (i === n) { tr = (tr + t) / n; pl = (pl + pd) / n; mi = (mi + md) / n; }
        else { tr = (t + (n - 1) * tr) / n; pl = (pd + (n - 1) * pl) / n; mi = (md + (n - 1) * mi) / n; }
        if (tr !== 0) { p = (100 * pl) / tr; m = (100 * mi) / tr; }
        const dx = Math.abs(p - m) / (p + m === 0 ? 1 : p + m);
        if (seen === 0 && Number.isNaN(dx)) continue;
        seen++;
        if (seen < n) a += dx;
        else { a = seen === n ? (a + dx) / n : (dx + (n - 1) * a) / n; out[i] = 100 * a; }
      }
      return out;
    };
    fc.assert(fc.property(barsArb(1, 120), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 40 }), (b, n, flatAt, flatFor) => {
      // a stretch of bars without range (high = low = close), so the smoothed TR can reach 0
      for (let i = flatAt; i < Math.min(b.close.length, flatAt + flatFor); i++) b.high[i] = b.low[i] = b.close[i] = b.open[i] = 50;
      const ours = ind.adx(b.high, b.low, b.close, n);
      expect(same(ours.adx, plainAdx(b.high, b.low, b.close, n))).toBe(true);
      expect(same(ind.adx(b.high, b.low, b.close, n, 0, 'adx').adx, ours.adx)).toBe(true);
    }), { numRuns: 300 });
  });
});
