// Small helpers every indicator shares. Indicators return one Float64Array per output, the input's
// length, NaN during warm-up; they allocate their outputs once and never per bar.

/** A new series of `length` NaNs; with `warmup`, only its first `warmup` bars are NaN (the later ones
 *  0, for the caller to write), which saves a pass over memory on long series. */
export function nanSeries(length: number, warmup = length): Float64Array {
  const w = Math.min(warmup, length);
  const reused = takeSpare(length);
  // a reused buffer reads as a new one: NaN, then zeros
  if (reused) return reused.fill(NaN, 0, w).fill(0, w);
  return new Float64Array(length).fill(NaN, 0, w);
}

// Series buffers given back by a run done with them (`recycleSeries`; a backtest's own series once its
// trades are known): the next series of the same length take them instead of new memory, so backtests
// run one after another allocate (and the collector frees) almost nothing. One length at a time.
let spares: Float64Array[] = [];
const MAX_SPARES = 48;

/** A spare buffer of `length` bars (contents undefined), if one is free. */
export function takeSpare(length: number): Float64Array | undefined {
  const last = spares.length > 0 ? spares[spares.length - 1] : undefined;
  if (!last) return undefined;
  if (last.length !== length) {
    spares = [];
    return undefined;
  }
  return spares.pop();
}

/** Gives buffers that nothing reads any more to the next series (each at most once; views into a
 *  larger buffer are left alone). */
export function recycleSeries(buffers: Iterable<Float64Array>): void {
  for (const b of buffers) {
    if (spares.length >= MAX_SPARES) return;
    if (b.length > 0 && b.byteOffset === 0 && b.buffer.byteLength === b.byteLength) spares.push(b);
  }
}

/** Index of the first value that is not NaN, or `values.length` when there is none. Smoothers start
 *  there, so an indicator of an indicator (MACD's signal) warms up after its input does. */
export function firstValid(values: ArrayLike<number>): number {
  let i = 0;
  while (i < values.length && Number.isNaN(values[i])) i++;
  return i;
}

/** Throws unless `n` is a whole number ≥ `min`; an indicator with a bad period is a caller's bug. */
export function checkPeriod(name: string, n: number, min = 1): void {
  if (!Number.isInteger(n) || n < min) throw new RangeError(`${name} must be a whole number ≥ ${min}, got ${n}`);
}

/** Shifts `series` in place by `k` bars: right for k > 0 (the value of bar i shows at bar i + k, as
 *  TradingView's `offset`), left for k < 0; the bars left empty become NaN. Returns `series`. */
export function shift(series: Float64Array, k: number): Float64Array {
  if (!Number.isInteger(k)) throw new RangeError(`offset must be a whole number, got ${k}`);
  const n = series.length;
  if (k === 0 || n === 0) return series;
  if (Math.abs(k) >= n) return series.fill(NaN);
  if (k > 0) {
    series.copyWithin(k, 0, n - k);
    series.fill(NaN, 0, k);
  } else {
    series.copyWithin(0, -k);
    series.fill(NaN, n + k);
  }
  return series;
}
