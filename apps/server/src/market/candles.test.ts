import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DailyBars } from '@app/quant';
import { candlesJson, rangeBySeconds } from './candles.ts';

const bars = (rows: Array<[number, number, number, number, number, number]>): DailyBars => ({
  day: Int32Array.from(rows.map((r) => r[0])),
  open: Float64Array.from(rows.map((r) => r[1])),
  high: Float64Array.from(rows.map((r) => r[2])),
  low: Float64Array.from(rows.map((r) => r[3])),
  close: Float64Array.from(rows.map((r) => r[4])),
  volume: Float64Array.from(rows.map((r) => r[5])),
});

/** What the obvious implementation would send. */
const reference = (b: DailyBars, start = 0, end = b.day.length) =>
  JSON.stringify(Array.from({ length: end - start }, (_, k) => {
    const i = start + k;
    return { time: b.day[i] * 86_400, open: b.open[i], high: b.high[i], low: b.low[i], close: b.close[i], volume: b.volume[i] };
  }));

// prices as stored (cents, 1/100 cent), plus anything a float can be
const price = fc.oneof(
  fc.integer({ min: -10_000_000, max: 100_000_000 }).map((c) => c / 100),
  fc.integer({ min: 1, max: 99_999 }).map((c) => c / 10_000),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, 0.1 + 0.2, 1e-7, 123456789012.5, 2 ** 53, -(2 ** 60), 5e-324, NaN, Infinity, -Infinity),
);
const row = fc.tuple(fc.integer({ min: 0, max: 30_000 }), price, price, price, price, fc.oneof(fc.integer({ min: 0, max: 1e15 }), price));

describe('candlesJson', () => {
  it('prints exactly what JSON.stringify prints for the same candles', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const b = bars(rows);
        expect(candlesJson(b).toString('utf8')).toBe(reference(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('serializes a slice', () => {
    const b = bars([[19000, 1.5, 2, 1, 1.75, 100], [19001, 1.75, 2.25, 1.5, 2.0001, 200], [19002, 2, 2, 2, 2, 0]]);
    expect(JSON.parse(candlesJson(b, 1, 2).toString())).toEqual([{ time: 19001 * 86_400, open: 1.75, high: 2.25, low: 1.5, close: 2.0001, volume: 200 }]);
    expect(candlesJson(b, 2, 2).toString()).toBe('[]');
  });
});

describe('rangeBySeconds', () => {
  const b = bars([19000, 19001, 19004, 19005].map((d) => [d, 1, 1, 1, 1, 1]));
  it('keeps sessions whose midnight lies in [from, to]', () => {
    expect(rangeBySeconds(b, 0, 4e9)).toEqual([0, 4]);
    expect(rangeBySeconds(b, 19001 * 86_400, 19004 * 86_400)).toEqual([1, 3]);
    expect(rangeBySeconds(b, 19001 * 86_400 + 1, 19004 * 86_400 - 1)).toEqual([2, 2]);
    expect(rangeBySeconds(b, 19002 * 86_400, 19003 * 86_400)).toEqual([2, 2]);
    expect(rangeBySeconds(b, 20000 * 86_400, 20001 * 86_400)).toEqual([4, 4]);
  });
});
