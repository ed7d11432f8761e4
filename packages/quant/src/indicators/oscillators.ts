// Range oscillators: Stochastic, Williams %R, CCI and ROC (TradingView's definitions, ARCHITECTURE.md
// "Strategy language").
import { checkPeriod, nanSeries, shift } from './series.ts';
import { sma } from './movingAverages.ts';
import { rollingMax, rollingMin, smaStrict } from './rolling.ts';

export interface Stochastic {
  k: Float64Array;
  d: Float64Array;
}

/** Stochastic(n, kSmooth, dPeriod): raw = 100·(close − lowest low)/(highest high − lowest low) over n
 *  bars (NaN when flat); %K = SMA(kSmooth) of raw; %D = SMA(dPeriod) of %K (a window holding a NaN is NaN). */
export function stoch(
  high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>,
  period = 14, kSmooth = 3, dPeriod = 3, offset = 0,
): Stochastic {
  checkPeriod('Stochastic period', period);
  checkPeriod('Stochastic %K smoothing', kSmooth);
  checkPeriod('Stochastic %D period', dPeriod);
  const hh = rollingMax(high, period);
  const ll = rollingMin(low, period);
  const raw = hh; // reuse: hh[i] is read before raw[i] is written
  let flat = false;
  for (let i = period - 1; i < close.length; i++) {
    const range = hh[i] - ll[i];
    if (range === 0) flat = true;
    raw[i] = range === 0 ? NaN : (100 * (close[i] - ll[i])) / range;
  }
  // A flat window leaves a NaN inside the series, which must make every window holding it NaN; without
  // one, the plain running-sum SMA gives the same numbers faster.
  const smooth = flat ? smaStrict : sma;
  const k = smooth(raw, kSmooth);
  const d = smooth(k, dPeriod);
  return { k: shift(k, offset), d: shift(d, offset) };
}

/** Williams %R(n) = 100·(close − highest high)/(highest high − lowest low), in [−100, 0]; NaN when flat. */
export function willr(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 14, offset = 0): Float64Array {
  checkPeriod('Williams %R period', period);
  const hh = rollingMax(high, period);
  const ll = rollingMin(low, period);
  const out = hh;
  for (let i = period - 1; i < close.length; i++) {
    const h = hh[i];
    const range = h - ll[i];
    out[i] = range === 0 ? NaN : (100 * (close[i] - h)) / range;
  }
  return shift(out, offset);
}

/** CCI(n): typical price tp = (high + low + close)/3; (tp − SMA(tp)) / (0.015 · mean |tp − SMA(tp)|)
 *  over the window; NaN when that deviation is 0. The mean deviation needs the window's own mean, so
 *  it is summed over the window (n adds per bar; no running form keeps the reference's value). */
export function cci(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 20, offset = 0): Float64Array {
  checkPeriod('CCI period', period);
  const len = close.length;
  const out = nanSeries(len, period - 1);
  if (len < period) return shift(out.fill(NaN), offset);
  const tp = new Float64Array(len);
  for (let i = 0; i < len; i++) tp[i] = (high[i] + low[i] + close[i]) / 3;
  let sum = 0;
  for (let i = 0; i < period - 1; i++) sum += tp[i];
  for (let i = period - 1; i < len; i++) {
    sum += tp[i];
    const mean = sum / period;
    let dev = 0;
    for (let j = i - period + 1; j <= i; j++) dev += Math.abs(tp[j] - mean);
    dev /= period;
    out[i] = dev === 0 ? NaN : (tp[i] - mean) / (0.015 * dev);
    sum -= tp[i - period + 1];
  }
  return shift(out, offset);
}

/** ROC(n) = 100·(close − close[n bars ago]) / close[n bars ago]. */
export function roc(values: ArrayLike<number>, period = 10, offset = 0): Float64Array {
  checkPeriod('ROC period', period);
  const len = values.length;
  const out = nanSeries(len, period);
  for (let i = period; i < len; i++) {
    const prev = values[i - period];
    out[i] = (100 * (values[i] - prev)) / prev;
  }
  return shift(out, offset);
}
