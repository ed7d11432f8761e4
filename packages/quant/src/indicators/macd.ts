// MACD from its two EMAs. The line and the signal are built from `ema` itself (not a fused copy of
// it): an optimisation grid computes each EMA period once and hands the cached EMAs to
// `macdFromEmas`, and its cells must see exactly the numbers a single backtest's `macd` gives. Past
// the EMAs it is two passes: the line, then the signal and the histogram together.
import { ema } from './movingAverages.ts';
import { checkPeriod, firstValid, nanSeries, shift } from './series.ts';

export interface Macd {
  macd: Float64Array;
  signal: Float64Array;
  histogram: Float64Array;
}

/** MACD(f, s, sig): line = EMA(f) − EMA(s); signal = EMA(sig) of the line from its first value;
 *  histogram = line − signal. */
export function macd(values: ArrayLike<number>, fast = 12, slow = 26, signal = 9, offset = 0): Macd {
  // the two EMAs are ours alone here: the line and the histogram are written over them
  return macdFromEmas(ema(values, fast), ema(values, slow), signal, offset, true);
}

/** MACD from EMA(fast) and EMA(slow) of the same values. Neither is changed unless `reuse`, when
 *  the line is written over the fast EMA and the histogram over the slow one. Without `histogram`
 *  (a caller that reads only the line and the signal), the histogram is left out: an empty series. */
export function macdFromEmas(fastEma: Float64Array, slowEma: Float64Array, signal: number, offset = 0, reuse = false, histogram = true): Macd {
  checkPeriod('EMA period', signal);
  const len = fastEma.length;
  const line = macdLineInto(fastEma, slowEma, reuse ? fastEma : new Float64Array(len));
  // The signal is `ema(line, signal)`, operation for operation (its two-bar step included), with the
  // histogram written in the same loop.
  const start = firstValid(line);
  const seedEnd = Math.min(start + signal, len + 1);
  if (!histogram && SCRAP.length < len) SCRAP = new Float64Array(len);
  // NaN up to the signal's first value; every later bar is written below
  const sig = nanSeries(len, seedEnd - 1);
  const hist = !histogram ? SCRAP.subarray(0, len) : reuse ? slowEma.fill(NaN, 0, Math.min(seedEnd - 1, len)) : nanSeries(len, seedEnd - 1);
  if (len - start >= signal) {
    let sum = 0;
    for (let i = start; i < seedEnd; i++) sum += line[i];
    let prev = sum / signal;
    sig[seedEnd - 1] = prev;
    hist[seedEnd - 1] = line[seedEnd - 1] - prev;
    const alpha = 2 / (signal + 1);
    const keep = 1 - alpha;
    const keep2 = keep * keep;
    let i = seedEnd;
    for (; i + 1 < len; i += 2) {
      const ax = alpha * line[i];
      const s0 = ax + keep * prev;
      sig[i] = s0;
      hist[i] = line[i] - s0;
      prev = alpha * line[i + 1] + keep * ax + keep2 * prev;
      sig[i + 1] = prev;
      hist[i + 1] = line[i + 1] - prev;
    }
    if (i < len) {
      const s0 = alpha * line[i] + keep * prev;
      sig[i] = s0;
      hist[i] = line[i] - s0;
    }
  }
  return { macd: shift(line, offset), signal: shift(sig, offset), histogram: histogram ? shift(hist, offset) : NO_SERIES };
}

/** The MACD line alone, EMA(fast) − EMA(slow), written into `out` (a caller's buffer): the line
 *  `macdFromEmas` gives, for a caller that reads only the line. */
export function macdLineInto(fastEma: Float64Array, slowEma: Float64Array, out: Float64Array): Float64Array {
  for (let i = 0; i < fastEma.length; i++) out[i] = fastEma[i] - slowEma[i];
  return out;
}

// Where the loop writes a histogram nobody asked for (one branch-free loop for both cases).
let SCRAP = new Float64Array(0);
const NO_SERIES = new Float64Array(0);
