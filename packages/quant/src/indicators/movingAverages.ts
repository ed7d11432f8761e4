import { checkPeriod, firstValid, nanSeries, shift } from './series.ts';

/** SMA(n): mean of the last n values, from the first valid input on. */
export function sma(values: ArrayLike<number>, period: number, offset = 0): Float64Array {
  checkPeriod('SMA period', period);
  const len = values.length;
  const start = firstValid(values);
  if (len - start < period) return shift(nanSeries(len), offset);
  const seedEnd = start + period;
  const out = nanSeries(len, seedEnd - 1);
  let sum = 0;
  for (let i = start; i < seedEnd; i++) sum += values[i];
  out[seedEnd - 1] = sum / period;
  for (let i = seedEnd; i < len; i++) {
    sum += values[i] - values[i - period];
    out[i] = sum / period;
  }
  return shift(out, offset);
}

/** Exponential smoothing with factor `alpha`, seeded at bar start+n−1 with the SMA of the first n
 *  valid inputs (TradingView's `ta.ema` and `ta.rma` seeding). */
function smooth(values: ArrayLike<number>, period: number, alpha: number, offset: number): Float64Array {
  const len = values.length;
  const start = firstValid(values);
  if (len - start < period) return shift(nanSeries(len), offset);
  const seedEnd = start + period;
  const out = nanSeries(len, seedEnd - 1);
  let sum = 0;
  for (let i = start; i < seedEnd; i++) sum += values[i];
  let prev = sum / period;
  out[seedEnd - 1] = prev;
  const keep = 1 - alpha;
  // Two bars per step: p[i+1] = a·x[i+1] + k·a·x[i] + k²·p[i−1] puts one multiply-add on the
  // dependency chain per two bars instead of two (about 2× the speed); the result differs from the
  // one-bar recurrence only in the last bits.
  const keep2 = keep * keep;
  let i = seedEnd;
  for (; i + 1 < len; i += 2) {
    const ax = alpha * values[i];
    out[i] = ax + keep * prev;
    prev = alpha * values[i + 1] + keep * ax + keep2 * prev;
    out[i + 1] = prev;
  }
  if (i < len) out[i] = alpha * values[i] + keep * prev;
  return shift(out, offset);
}

/** EMA(n): α = 2/(n+1), first value at index n−1 = SMA of the first n values. */
export function ema(values: ArrayLike<number>, period: number, offset = 0): Float64Array {
  checkPeriod('EMA period', period);
  return smooth(values, period, 2 / (period + 1), offset);
}

/** RMA(n), Wilder's smoothing: like EMA with α = 1/n. */
export function rma(values: ArrayLike<number>, period: number, offset = 0): Float64Array {
  checkPeriod('RMA period', period);
  return smooth(values, period, 1 / period, offset);
}
