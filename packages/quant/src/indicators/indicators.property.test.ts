import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ind from './index.ts';
import { barsArb, sliceBars } from '../test/arbitraries.ts';
import type { DailyBars } from '../types.ts';

/** Every series of every indicator for one set of bars, named. */
function allSeries(b: DailyBars, n: number): Record<string, Float64Array> {
  const m = ind.macd(b.close, Math.max(1, n - 3), n + 5, 4);
  const st = ind.supertrend(b.high, b.low, b.close, n, 3);
  return {
    sma: ind.sma(b.close, n),
    ema: ind.ema(b.close, n),
    rma: ind.rma(b.close, n),
    rsi: ind.rsi(b.close, n),
    rsiDrift: ind.rsi(b.close, n, 3),
    macd: m.macd,
    signal: m.signal,
    histogram: m.histogram,
    obv: ind.obv(b.close, b.volume),
    tr: ind.trueRange(b.high, b.low, b.close),
    atr: ind.atr(b.high, b.low, b.close, n),
    supertrend: st.line,
    direction: st.direction,
    avgVolume: ind.averageVolume(b.volume, n),
    smaOffset: ind.sma(b.close, n, 2),
  };
}

const same = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

describe('indicator properties', () => {
  it('empty input gives empty series', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (n) => {
        const empty = sliceBars({ day: new Int32Array(), open: new Float64Array(), high: new Float64Array(), low: new Float64Array(), close: new Float64Array(), volume: new Float64Array() }, 0);
        for (const s of Object.values(allSeries(empty, n))) expect(s.length).toBe(0);
      }),
    );
  });

  it('input shorter than the period gives all NaN, at the input length', () => {
    fc.assert(
      fc.property(barsArb(0, 30), fc.integer({ min: 31, max: 60 }), (bars, n) => {
        const len = bars.close.length;
        for (const f of [ind.sma(bars.close, n), ind.ema(bars.close, n), ind.rma(bars.close, n), ind.rsi(bars.close, n), ind.atr(bars.high, bars.low, bars.close, n), ind.supertrend(bars.high, bars.low, bars.close, n).line]) {
          expect(f.length).toBe(len);
          expect(f.every(Number.isNaN)).toBe(true);
        }
      }),
    );
  });

  it('constant prices: averages equal the price, RSI 100 (no losses), MACD 0, ATR the bar range, OBV flat', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e5, noNaN: true }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 40, max: 120 }), (price, n, len) => {
        const close = new Float64Array(len).fill(price);
        const high = close.map((c) => c * 1.01);
        const low = close.map((c) => c * 0.99);
        const volume = new Float64Array(len).fill(500);
        const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
        const tail = (s: Float64Array, from: number) => Array.from(s.subarray(from));
        expect(tail(ind.sma(close, n), n - 1).every((v) => near(v, price))).toBe(true);
        expect(tail(ind.ema(close, n), n - 1).every((v) => near(v, price))).toBe(true);
        expect(tail(ind.rsi(close, n), n).every((v) => v === 100)).toBe(true);
        expect(tail(ind.macd(close, 3, 8, 4).macd, 7).every((v) => near(v, 0))).toBe(true);
        expect(tail(ind.atr(high, low, close, n), n - 1).every((v) => near(v, price * 0.02))).toBe(true);
        expect(Array.from(ind.obv(close, volume)).every((v) => v === 500)).toBe(true);
      }),
    );
  });

  it('RSI stays within 0..100 and warms up at index drift + period − 1', () => {
    fc.assert(
      fc.property(barsArb(0, 200), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 4 }), (bars, n, d) => {
        const r = ind.rsi(bars.close, n, d);
        const firstValue = r.findIndex((v) => !Number.isNaN(v));
        expect(firstValue).toBe(bars.close.length >= d + n ? d + n - 1 : -1);
        if (firstValue >= 0) for (const v of r.subarray(firstValue)) expect(v >= 0 && v <= 100).toBe(true);
      }),
    );
  });

  it('offset k shifts the series right by k bars', () => {
    fc.assert(
      fc.property(barsArb(0, 120), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 10 }), (bars, n, k) => {
        const plain = ind.ema(bars.close, n);
        const shifted = ind.ema(bars.close, n, k);
        for (let i = 0; i < plain.length; i++) expect(same(shifted[i], i < k ? NaN : plain[i - k])).toBe(true);
      }),
    );
  });

  it('no look-ahead: each value depends only on bars up to its own', () => {
    fc.assert(
      fc.property(barsArb(1, 150), fc.integer({ min: 1, max: 25 }), fc.nat(), (bars, n, cut) => {
        const end = 1 + (cut % bars.close.length);
        const full = allSeries(bars, n);
        const prefix = allSeries(sliceBars(bars, end), n);
        for (const key of Object.keys(full)) {
          for (let i = 0; i < end; i++) {
            if (!same(prefix[key][i], full[key][i])) expect({ key, i, prefix: prefix[key][i] }).toEqual({ key, i, prefix: full[key][i] });
          }
        }
      }),
    );
  });

  it('rejects a period that is not a whole number ≥ 1', () => {
    for (const bad of [0, -3, 2.5, NaN]) expect(() => ind.sma(new Float64Array(5), bad)).toThrow(RangeError);
  });
});
