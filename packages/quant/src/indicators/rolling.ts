// Rolling window helpers shared by the range-based indicators (Stochastic, Williams %R, ADX, CCI).
import { nanSeries } from './series.ts';

/** Highest value of the last `period` values at each bar (NaN before bar period − 1), O(n). */
export function rollingMax(values: ArrayLike<number>, period: number): Float64Array {
  return rollingExtreme(values, period, true);
}

/** Lowest value of the last `period` values at each bar (NaN before bar period − 1), O(n). */
export function rollingMin(values: ArrayLike<number>, period: number): Float64Array {
  return rollingExtreme(values, period, false);
}

// van Herk / Gil-Werman: cut the series into blocks of `period` bars; a window [i − p + 1, i] spans the
// tail of one block and the head of the next, so its extreme is the larger of a suffix extreme
// (running backwards within blocks) and a prefix extreme (running forwards). Three branch-light passes
// instead of a deque's data-dependent pops: the same answer, about three times the speed here.
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
