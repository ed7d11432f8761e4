import { rma } from './movingAverages.ts';
import { shift } from './series.ts';

/** True range: TR[0] = high − low; then max(high − low, |high − prev close|, |low − prev close|). */
export function trueRange(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, offset = 0): Float64Array {
  const len = high.length;
  const out = new Float64Array(len);
  if (len === 0) return out;
  out[0] = high[0] - low[0];
  for (let i = 1; i < len; i++) {
    const h = high[i];
    const l = low[i];
    const pc = close[i - 1];
    let tr = h - l;
    const up = Math.abs(h - pc);
    const down = Math.abs(l - pc);
    if (up > tr) tr = up;
    if (down > tr) tr = down;
    out[i] = tr;
  }
  return shift(out, offset);
}

/** ATR(n) = RMA(n) of the true range; first value at index n − 1. */
export function atr(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 14, offset = 0): Float64Array {
  const tr = trueRange(high, low, close);
  return rma(tr, period, offset);
}
