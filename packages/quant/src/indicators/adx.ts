// ADX and the directional indicators in one pass over the bars: the true range, both directional
// movements, their three Wilder smoothings, the DIs, DX and DX's own smoothing are all carried bar to
// bar in locals. Separate passes would store five temporary series and read each back; one loop keeps
// everything in registers, and its four smoothings are independent chains the processor overlaps.
// (Each smoothing is the one-bar recurrence s = α·x + (1 − α)·s, seeded with the mean of its first n
// inputs, as `rma` defines it.)
import { checkPeriod, nanSeries, shift } from './series.ts';

export interface Dmi {
  adx: Float64Array;
  plusDi: Float64Array;
  minusDi: Float64Array;
}

/** Which line a caller reads when it reads one: the others are written to scratch and left out (empty
 *  series), which saves their memory (one loop computes all three whatever is read). */
export type DmiLine = keyof Dmi;

/** TradingView's `ta.dmi(n, n)`: from bar 1, up = high − high[−1], down = low[−1] − low; +DM = up when
 *  up > down and up > 0 (else 0), −DM likewise; TR from bar 1. +DI = 100·RMA(+DM)/RMA(TR), −DI likewise
 *  (RMAs seeded on bars 1…n); a zero RMA(TR) keeps the previous DI. DX = |+DI − −DI| / (+DI + −DI, or 1
 *  when 0); ADX = 100·RMA(n) of DX from its first value. */
export function adx(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 14, offset = 0, only?: DmiLine): Dmi {
  checkPeriod('ADX period', period);
  const len = close.length;
  let scratches = 0;
  const line = (name: DmiLine) => (only === undefined || only === name ? nanSeries(len, period + 1) : scratch(len, scratches++));
  const plusDi = line('plusDi');
  const minusDi = line('minusDi');
  const out = line('adx');
  const alpha = 1 / period;
  const keep = 1 - alpha;
  // sums while seeding (bars 1…period), then the smoothed values
  let trS = 0;
  let plusS = 0;
  let minusS = 0;
  let p = NaN;
  let m = NaN;
  // DX's smoothing: how many DX values it has seen (it starts at the first defined one)
  let dxSeen = 0;
  let adxS = 0;
  for (let i = 1; i < len; i++) {
    const h = high[i];
    const l = low[i];
    const pc = close[i - 1];
    let tr = h - l;
    const upTr = Math.abs(h - pc);
    const downTr = Math.abs(l - pc);
    if (upTr > tr) tr = upTr;
    if (downTr > tr) tr = downTr;
    const up = h - high[i - 1];
    const down = low[i - 1] - l;
    const plusDm = up > down && up > 0 ? up : 0;
    const minusDm = down > up && down > 0 ? down : 0;
    if (i < period) {
      trS += tr;
      plusS += plusDm;
      minusS += minusDm;
      continue;
    }
    if (i === period) {
      trS = (trS + tr) / period;
      plusS = (plusS + plusDm) / period;
      minusS = (minusS + minusDm) / period;
    } else {
      trS = alpha * tr + keep * trS;
      plusS = alpha * plusDm + keep * plusS;
      minusS = alpha * minusDm + keep * minusS;
    }
    if (trS === trS && trS !== 0) {
      p = (100 * plusS) / trS;
      m = (100 * minusS) / trS;
    }
    plusDi[i] = p;
    minusDi[i] = m;
    const sum = p + m;
    const dx = Math.abs(p - m) / (sum === 0 ? 1 : sum);
    if (dxSeen === 0 && dx !== dx) {
      out[i] = NaN;
      continue;
    }
    dxSeen++;
    if (dxSeen < period) {
      adxS += dx;
      out[i] = NaN;
    } else {
      adxS = dxSeen === period ? (adxS + dx) / period : alpha * dx + keep * adxS;
      out[i] = 100 * adxS;
    }
  }
  const kept = (name: DmiLine, values: Float64Array) => (only === undefined || only === name ? shift(values, offset) : NO_SERIES);
  return { adx: kept('adx', out), plusDi: kept('plusDi', plusDi), minusDi: kept('minusDi', minusDi) };
}

// Where the loop writes the lines nobody reads (one loop for every case, no branch per bar).
let SCRATCH = [new Float64Array(0), new Float64Array(0)];
const NO_SERIES = new Float64Array(0);
/** Scratch series `k` (0 or 1) of `len` bars, contents undefined. */
function scratch(len: number, k: number): Float64Array {
  if (SCRATCH[0].length < len) SCRATCH = [new Float64Array(len), new Float64Array(len)];
  return SCRATCH[k].subarray(0, len);
}
