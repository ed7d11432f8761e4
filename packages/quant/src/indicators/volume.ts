import { sma } from './movingAverages.ts';
import { shift } from './series.ts';

/** OBV: OBV[0] = volume[0]; then ± volume by the sign of the close change, unchanged when flat. */
export function obv(close: ArrayLike<number>, volume: ArrayLike<number>, offset = 0): Float64Array {
  const len = close.length;
  const out = new Float64Array(len);
  if (len === 0) return out;
  let acc = volume[0];
  out[0] = acc;
  for (let i = 1; i < len; i++) {
    const c = close[i];
    const p = close[i - 1];
    if (c > p) acc += volume[i];
    else if (c < p) acc -= volume[i];
    out[i] = acc;
  }
  return shift(out, offset);
}

/** Average volume(n) = SMA(n) of volume. */
export function averageVolume(volume: ArrayLike<number>, period = 20, offset = 0): Float64Array {
  return sma(volume, period, offset);
}
