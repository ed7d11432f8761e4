// Bollinger Bands in one pass of running sums: the window's Σd and Σd², d = x − c for a centre c near
// the prices, each kept as a compensated (Neumaier) sum: the exact rounding error of every add is carried
// along, so a long run of adds and removes does not drift, and variance = Σd²/n − (Σd/n)². Centring
// keeps that difference from cancelling away the digits (prices of 100 with a σ of 1 would otherwise
// lose four), and c moves to the current price every RECENTRE bars with the window's sums recomputed
// outright, so a price that wanders far from where it started still subtracts a nearby centre.
// Beside Welford's update this has no division on the running part and no dependency on the mean.
import { checkPeriod, nanSeries, shift } from './series.ts';

export interface Bollinger {
  upper: Float64Array;
  middle: Float64Array;
  lower: Float64Array;
  /** (close − lower) / (upper − lower); NaN when the bands meet */
  percentB: Float64Array;
}

/** How often (in bars) the centre moves to the current price and the sums are recomputed. */
const RECENTRE = 512;

/** Bollinger Bands(n, k): middle = SMA(n); upper/lower = middle ± k·σ, σ the population standard
 *  deviation of the last n values. Without `withPercentB` (a caller reading only the bands), %B, the
 *  one division per bar, is left out: an empty series. With `only`, the bands other than that one are
 *  left out too (a caller reading one band; the loop computes all three all the same). */
export function bbands(values: ArrayLike<number>, period = 20, stddev = 2, offset = 0, withPercentB = true, only?: 'upper' | 'middle' | 'lower'): Bollinger {
  checkPeriod('Bollinger period', period);
  const len = values.length;
  const warm = period - 1;
  let scratches = 0;
  const band = (name: 'upper' | 'middle' | 'lower') => (only === undefined || only === name ? nanSeries(len, warm) : scratch(len, scratches++));
  const upper = band('upper');
  const middle = band('middle');
  const lower = band('lower');
  const percentB = withPercentB ? nanSeries(len, warm) : NO_SERIES;
  const kept = (name: 'upper' | 'middle' | 'lower', values: Float64Array) => (only === undefined || only === name ? shift(values, offset) : NO_SERIES);
  if (len < period) {
    upper.fill(NaN); middle.fill(NaN); lower.fill(NaN); percentB.fill(NaN);
    return { upper: kept('upper', upper), middle: kept('middle', middle), lower: kept('lower', lower), percentB };
  }
  let c = 0;
  let s1 = 0; // Σd and its compensation
  let e1 = 0;
  let s2 = 0; // Σd² and its compensation
  let e2 = 0;
  const inv = 1 / period;
  // segments of RECENTRE bars: each starts by moving the centre and summing its window outright, then
  // slides the window to the segment's end (no per-bar check for the next recentring)
  for (let from = warm; from < len; from += RECENTRE) {
    const to = Math.min(len, from + RECENTRE);
    c = values[from];
    s1 = e1 = s2 = e2 = 0;
    for (let j = from - warm; j <= from; j++) {
      const d = values[j] - c;
      s1 += d;
      s2 += d * d;
    }
    for (let i = from; i < to; i++) {
      const x = values[i];
      if (i > from) {
        const dNew = x - c;
        const dOld = values[i - period] - c;
        // Σd gains dNew − dOld, Σd² gains dNew² − dOld² = (dNew − dOld)(dNew + dOld)
        const a = dNew - dOld;
        // each add's exact rounding error by Knuth's branch-free two-sum (a compare-and-branch would
        // mispredict: Σd hovers around 0, so which of the two is larger changes all the time)
        let t = s1 + a;
        let z = t - s1;
        e1 += s1 - (t - z) + (a - z);
        s1 = t;
        const b = a * (dNew + dOld);
        t = s2 + b;
        z = t - s2;
        e2 += s2 - (t - z) + (b - z);
        s2 = t;
      }
      const meanD = (s1 + e1) * inv;
      let variance = (s2 + e2) * inv - meanD * meanD;
      if (variance < 0) variance = 0;
      const mean = c + meanD;
      const width = stddev * Math.sqrt(variance);
      const u = mean + width;
      const l = mean - width;
      middle[i] = mean;
      upper[i] = u;
      lower[i] = l;
    }
  }
  // %B in a pass of its own: in the loop above its division queued behind the square root on the same
  // divider, where alone the divisions follow one another at the unit's full rate
  if (withPercentB) {
    for (let i = warm; i < len; i++) {
      const u = upper[i];
      const l = lower[i];
      percentB[i] = u === l ? NaN : (values[i] - l) / (u - l);
    }
  }
  return { upper: kept('upper', upper), middle: kept('middle', middle), lower: kept('lower', lower), percentB: withPercentB ? shift(percentB, offset) : percentB };
}

const NO_SERIES = new Float64Array(0);
// Where the loop writes the bands nobody reads (one loop for every case, no branch per bar).
let SCRATCH = [new Float64Array(0), new Float64Array(0)];
/** Scratch series `k` (0 or 1) of `len` bars, contents undefined. */
function scratch(len: number, k: number): Float64Array {
  if (SCRATCH[0].length < len) SCRATCH = [new Float64Array(len), new Float64Array(len)];
  return SCRATCH[k].subarray(0, len);
}
