import { checkPeriod, nanSeries, shift } from './series.ts';

export interface Bollinger {
  upper: Float64Array;
  middle: Float64Array;
  lower: Float64Array;
  /** (close − lower) / (upper − lower); NaN when the bands meet */
  percentB: Float64Array;
}

/** Bollinger Bands(n, k): middle = SMA(n); upper/lower = middle ± k·σ, σ the population standard
 *  deviation of the last n values. One pass: the window's mean and sum of squared deviations are
 *  updated as a value enters and one leaves (Welford's update, which keeps its precision on prices
 *  where Σx² − (Σx)²/n would lose it). */
export function bbands(values: ArrayLike<number>, period = 20, stddev = 2, offset = 0): Bollinger {
  checkPeriod('Bollinger period', period);
  const len = values.length;
  const warm = period - 1;
  const upper = nanSeries(len, warm);
  const middle = nanSeries(len, warm);
  const lower = nanSeries(len, warm);
  const percentB = nanSeries(len, warm);
  if (len < period) {
    upper.fill(NaN); middle.fill(NaN); lower.fill(NaN); percentB.fill(NaN);
    return { upper, middle, lower, percentB };
  }
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < period; i++) {
    const x = values[i];
    const d = x - mean;
    mean += d / (i + 1);
    m2 += d * (x - mean);
  }
  for (let i = warm; i < len; i++) {
    if (i > warm) {
      const x = values[i];
      const old = values[i - period];
      const prevMean = mean;
      mean += (x - old) / period;
      m2 += (x - old) * (x - mean + old - prevMean);
      if (m2 < 0) m2 = 0;
    }
    const band = stddev * Math.sqrt(m2 / period);
    const u = mean + band;
    const l = mean - band;
    middle[i] = mean;
    upper[i] = u;
    lower[i] = l;
    percentB[i] = u === l ? NaN : (values[i] - l) / (u - l);
  }
  return { upper: shift(upper, offset), middle: shift(middle, offset), lower: shift(lower, offset), percentB: shift(percentB, offset) };
}
