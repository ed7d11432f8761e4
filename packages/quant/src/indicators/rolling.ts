// Rolling window helpers shared by the range-based indicators (Stochastic, Williams %R).
//
// Rolling extremes are van Herk / Gil-Werman: cut the series into blocks of `period` bars; a window
// [i − p + 1, i] spans the tail of one block and the head of the next, so its extreme is the larger
// of a suffix extreme (running backwards within blocks) and a prefix extreme (running forwards).
// Branch-light passes instead of a deque's data-dependent pops. The range indicators need the high's
// maximum and the low's minimum together, so `rangeSuffixes` runs both backward passes in one loop
// into scratch buffers, and the indicator runs the forward (prefix) pass itself while it computes its
// own value: two passes over the bars and no temporary arrays allocated per call.
import { nanSeries } from './series.ts';

/** Highest value of the last `period` values at each bar (NaN before bar period − 1), O(n). */
export function rollingMax(values: ArrayLike<number>, period: number): Float64Array {
  return rollingExtreme(values, period, true);
}

/** Lowest value of the last `period` values at each bar (NaN before bar period − 1), O(n). */
export function rollingMin(values: ArrayLike<number>, period: number): Float64Array {
  return rollingExtreme(values, period, false);
}

function rollingExtreme(values: ArrayLike<number>, period: number, max: boolean): Float64Array {
  const len = values.length;
  const out = nanSeries(len, period - 1);
  if (len < period) return out.fill(NaN);
  const prefix = new Float64Array(len);
  const suffix = new Float64Array(len);
  for (let start = 0; start < len; start += period) {
    const end = Math.min(start + period, len);
    let run = values[start];
    prefix[start] = run;
    for (let i = start + 1; i < end; i++) {
      const x = values[i];
      run = max ? (x > run ? x : run) : (x < run ? x : run);
      prefix[i] = run;
    }
    run = values[end - 1];
    suffix[end - 1] = run;
    for (let i = end - 2; i >= start; i--) {
      const x = values[i];
      run = max ? (x > run ? x : run) : (x < run ? x : run);
      suffix[i] = run;
    }
  }
  if (max) {
    for (let i = period - 1; i < len; i++) {
      const a = suffix[i - period + 1];
      const b = prefix[i];
      out[i] = a > b ? a : b;
    }
  } else {
    for (let i = period - 1; i < len; i++) {
      const a = suffix[i - period + 1];
      const b = prefix[i];
      out[i] = a < b ? a : b;
    }
  }
  return out;
}

// Scratch buffers, reused by every call on this thread (a call runs to its end before the next
// starts, and each worker thread has its own module instance). Callers must not keep them.
let scratch: Float64Array[] = [];

/** `count` scratch series of at least `length` values each (their contents are garbage). */
export function scratchSeries(length: number, count: number): Float64Array[] {
  if (scratch.length < count || scratch[0].length < length) {
    const size = Math.max(length, scratch[0]?.length ?? 0);
    scratch = Array.from({ length: Math.max(count, scratch.length) }, () => new Float64Array(size));
  }
  return scratch;
}

/** Per block of `period` bars, the suffix maximum of `high` and suffix minimum of `low` (see the top
 *  of the file) in the first two scratch series, which are returned. The forward pass that completes
 *  the window's extremes is the caller's, in the loop that uses them:
 *    hh(i) = max(sufH[i − p + 1], prefix max of the high from the start of i's block to i). */
export function rangeSuffixes(high: ArrayLike<number>, low: ArrayLike<number>, period: number): [Float64Array, Float64Array] {
  const len = high.length;
  const [sufH, sufL] = scratchSeries(len, 3);
  for (let start = 0; start < len; start += period) {
    const end = Math.min(start + period, len);
    let h = high[end - 1];
    let l = low[end - 1];
    sufH[end - 1] = h;
    sufL[end - 1] = l;
    for (let i = end - 2; i >= start; i--) {
      const x = high[i];
      h = x > h ? x : h;
      sufH[i] = h;
      const y = low[i];
      l = y < l ? y : l;
      sufL[i] = l;
    }
  }
  return [sufH, sufL];
}

/** SMA(n) of a series that may hold NaN anywhere: a window holding a NaN gives NaN (Stochastic's %K
 *  and %D). A running sum of the defined values and a count of the undefined ones. */
export function smaStrict(values: ArrayLike<number>, period: number): Float64Array {
  const len = values.length;
  const out = nanSeries(len);
  let sum = 0;
  let missing = 0;
  for (let i = 0; i < len; i++) {
    const x = values[i];
    if (x === x) sum += x;
    else missing++;
    if (i >= period) {
      const y = values[i - period];
      if (y === y) sum -= y;
      else missing--;
    }
    if (i >= period - 1 && missing === 0) out[i] = sum / period;
  }
  return out;
}
