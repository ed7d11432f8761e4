// Rolling window helpers shared by the range-based indicators (Stochastic, Williams %R, ADX, CCI).
import { nanSeries } from './series.ts';

/** Highest value of the last `period` values at each bar (NaN before bar period − 1), O(n) with a
 *  monotonic deque of indices held in a ring buffer. */
export function rollingMax(values: ArrayLike<number>, period: number): Float64Array {
  return rollingExtreme(values, period, true);
}

/** Lowest value of the last `period` values at each bar (NaN before bar period − 1). */
export function rollingMin(values: ArrayLike<number>, period: number): Float64Array {
  return rollingExtreme(values, period, false);
}

function rollingExtreme(values: ArrayLike<number>, period: number, max: boolean): Float64Array {
  const len = values.length;
  const out = nanSeries(len, period - 1);
  // The deque holds indices whose values strictly decrease (max) or increase (min) from head to tail;
  // each index enters and leaves once. `period + 1` slots: at most `period` indices live at a time.
  const size = period + 1;
  const dq = new Int32Array(size);
  let head = 0;
  let tail = 0; // one past the last
  for (let i = 0; i < len; i++) {
    const x = values[i];
    if (max) {
      while (head !== tail && values[dq[tail === 0 ? size - 1 : tail - 1]] <= x) tail = tail === 0 ? size - 1 : tail - 1;
    } else {
      while (head !== tail && values[dq[tail === 0 ? size - 1 : tail - 1]] >= x) tail = tail === 0 ? size - 1 : tail - 1;
    }
    dq[tail] = i;
    tail = tail + 1 === size ? 0 : tail + 1;
    if (dq[head] <= i - period) head = head + 1 === size ? 0 : head + 1;
    if (i >= period - 1) out[i] = values[dq[head]];
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
