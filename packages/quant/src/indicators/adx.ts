import { rma } from './movingAverages.ts';
import { checkPeriod, shift } from './series.ts';
import { trueRange } from './volatility.ts';

export interface Dmi {
  adx: Float64Array;
  plusDi: Float64Array;
  minusDi: Float64Array;
}

/** TradingView's `ta.dmi(n, n)`: from bar 1, up = high − high[−1], down = low[−1] − low; +DM = up when
 *  up > down and up > 0 (else 0), −DM likewise; TR from bar 1. +DI = 100·RMA(+DM)/RMA(TR), −DI likewise
 *  (RMAs seeded on bars 1…n); a zero RMA(TR) keeps the previous DI. DX = |+DI − −DI| / (+DI + −DI, or 1
 *  when 0); ADX = 100·RMA(n) of DX from its first value. */
export function adx(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 14, offset = 0): Dmi {
  checkPeriod('ADX period', period);
  const len = close.length;
  const plusDm = new Float64Array(len);
  const minusDm = new Float64Array(len);
  // TR from bar 1: bar 0 has no previous close
  const tr = trueRange(high, low, close);
  if (len > 0) plusDm[0] = minusDm[0] = tr[0] = NaN;
  for (let i = 1; i < len; i++) {
    const up = high[i] - high[i - 1];
    const down = low[i - 1] - low[i];
    plusDm[i] = up > down && up > 0 ? up : 0;
    minusDm[i] = down > up && down > 0 ? down : 0;
  }
  const trS = rma(tr, period);
  const plusDi = rma(plusDm, period);
  const minusDi = rma(minusDm, period);
  const dx = tr; // reuse: tr is no longer needed
  let prevPlus = NaN;
  let prevMinus = NaN;
  for (let i = 0; i < len; i++) {
    const t = trS[i];
    let p = prevPlus;
    let m = prevMinus;
    if (t === t && t !== 0) {
      p = (100 * plusDi[i]) / t;
      m = (100 * minusDi[i]) / t;
    }
    plusDi[i] = prevPlus = p;
    minusDi[i] = prevMinus = m;
    const sum = p + m;
    dx[i] = Math.abs(p - m) / (sum === 0 ? 1 : sum);
  }
  const a = rma(dx, period);
  for (let i = 0; i < len; i++) a[i] *= 100;
  return { adx: shift(a, offset), plusDi: shift(plusDi, offset), minusDi: shift(minusDi, offset) };
}
