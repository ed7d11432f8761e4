// Range oscillators: Stochastic, Williams %R, CCI and ROC (TradingView's definitions, ARCHITECTURE.md
// "Strategy language"). Each runs in as few passes over the bars as it can: the window's highest high
// and lowest low come from one backward pass (rangeSuffixes) and are completed in the same forward
// loop that computes the oscillator, so no extreme series is ever stored, and the scratch buffers are
// reused between calls. A grid computes these once per distinct parameter set, but a single backtest
// pays for every pass.
import { checkPeriod, nanSeries, shift } from './series.ts';
import { rangeSuffixes, scratchSeries, smaStrict } from './rolling.ts';

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
  const len = close.length;
  const kStart = period - 1 + kSmooth - 1; // first %K
  const dStart = kStart + dPeriod - 1; // first %D
  const k = nanSeries(len, kStart);
  const d = nanSeries(len, dStart);
  if (len < period) return { k: shift(k, offset), d: shift(d, offset) };
  const raw = scratchSeries(len, 3)[2];
  const flat = rangeOscillator(high, low, close, period, raw, STOCH_RAW);
  if (flat) {
    // A flat window leaves a NaN inside the series, which must make every window holding it NaN.
    const rawSeries = raw.subarray(0, len).fill(NaN, 0, period - 1);
    const kStrict = smaStrict(rawSeries, kSmooth);
    return { k: shift(kStrict, offset), d: shift(smaStrict(kStrict, dPeriod), offset) };
  }
  // Without one, %K and %D are plain running-sum SMAs (the arithmetic of `sma`, seeded by adding the
  // first values in order), both in one pass.
  let kSum = 0;
  let dSum = 0;
  for (let i = period - 1; i < len; i++) {
    const r = raw[i];
    if (i < kStart) {
      kSum += r;
      continue;
    }
    if (i === kStart) kSum += r;
    else kSum += r - raw[i - kSmooth];
    const kv = kSum / kSmooth;
    k[i] = kv;
    if (i < dStart) dSum += kv;
    else {
      if (i === dStart) dSum += kv;
      else dSum += kv - k[i - dPeriod];
      d[i] = dSum / dPeriod;
    }
  }
  return { k: shift(k, offset), d: shift(d, offset) };
}

/** Williams %R(n) = 100·(close − highest high)/(highest high − lowest low), in [−100, 0]; NaN when flat. */
export function willr(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 14, offset = 0): Float64Array {
  checkPeriod('Williams %R period', period);
  const len = close.length;
  const out = nanSeries(len, period - 1);
  if (len < period) return shift(out.fill(NaN), offset);
  rangeOscillator(high, low, close, period, out, WILLR);
  return shift(out, offset);
}

const STOCH_RAW = 0;
const WILLR = 1;

/** Writes the oscillator `kind` of each bar from period − 1 on into `out`: the window's highest high
 *  and lowest low from the backward pass's suffixes and this forward pass's prefixes. Returns whether
 *  some window was flat (its value NaN). */
function rangeOscillator(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period: number, out: Float64Array, kind: number): boolean {
  const len = close.length;
  const [sufH, sufL] = rangeSuffixes(high, low, period);
  let flat = false;
  // The first window is the first block, whole: its extremes are the suffixes at 0.
  flat = put(out, period - 1, sufH[0], sufL[0], close[period - 1], kind) || flat;
  for (let start = period; start < len; start += period) {
    const end = Math.min(start + period, len);
    let ph = high[start];
    let pl = low[start];
    for (let i = start; i < end; i++) {
      const x = high[i];
      ph = x > ph ? x : ph;
      const y = low[i];
      pl = y < pl ? y : pl;
      const a = sufH[i - period + 1];
      const b = sufL[i - period + 1];
      const hh = a > ph ? a : ph;
      const ll = b < pl ? b : pl;
      const range = hh - ll;
      if (range === 0) {
        flat = true;
        out[i] = NaN;
      } else {
        out[i] = kind === STOCH_RAW ? (100 * (close[i] - ll)) / range : (100 * (close[i] - hh)) / range;
      }
    }
  }
  return flat;
}

function put(out: Float64Array, i: number, hh: number, ll: number, c: number, kind: number): boolean {
  const range = hh - ll;
  out[i] = range === 0 ? NaN : kind === STOCH_RAW ? (100 * (c - ll)) / range : (100 * (c - hh)) / range;
  return range === 0;
}

/** CCI(n): typical price tp = (high + low + close)/3; (tp − SMA(tp)) / (0.015 · mean |tp − SMA(tp)|)
 *  over the window; NaN when that deviation is 0. The mean deviation is taken around the window's own
 *  mean, which moves every bar, so no running sum holds it: an exact running form needs the window
 *  sorted (an order-statistics tree, O(log n) per bar with a large constant), slower than summing the
 *  window for the periods traders use. So it is summed, n subtractions per bar, in four independent
 *  running sums (the adds overlap instead of waiting on one another; the sum differs from a
 *  left-to-right one only in its last bits). */
export function cci(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 20, offset = 0): Float64Array {
  checkPeriod('CCI period', period);
  const len = close.length;
  const out = nanSeries(len, period - 1);
  if (len < period) return shift(out.fill(NaN), offset);
  const tp = scratchSeries(len, 3)[0];
  for (let i = 0; i < len; i++) tp[i] = (high[i] + low[i] + close[i]) / 3;
  let sum = 0;
  for (let i = 0; i < period - 1; i++) sum += tp[i];
  const quads = period & ~3;
  for (let i = period - 1; i < len; i++) {
    sum += tp[i];
    const mean = sum / period;
    const from = i - period + 1;
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    let j = from;
    for (const last = from + quads; j < last; j += 4) {
      d0 += Math.abs(tp[j] - mean);
      d1 += Math.abs(tp[j + 1] - mean);
      d2 += Math.abs(tp[j + 2] - mean);
      d3 += Math.abs(tp[j + 3] - mean);
    }
    for (; j <= i; j++) d0 += Math.abs(tp[j] - mean);
    const dev = (d0 + d1 + (d2 + d3)) / period;
    out[i] = dev === 0 ? NaN : (tp[i] - mean) / (0.015 * dev);
    sum -= tp[from];
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
