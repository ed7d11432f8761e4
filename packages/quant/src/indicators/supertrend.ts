import { atr } from './volatility.ts';
import { checkPeriod, shift } from './series.ts';

export interface Supertrend {
  /** the active band: the lower band in an up trend, the upper band in a down trend */
  line: Float64Array;
  /** +1 up trend, −1 down trend, NaN during warm-up */
  direction: Float64Array;
}

/** Supertrend(length, multiplier) as TradingView's `ta.supertrend` on hl2 and ATR(length): bands carry
 *  forward unless they widen against the trend or the previous close crossed them; the trend flips
 *  when the close crosses the active band. The first bar with an ATR starts in a down trend (upper band),
 *  as TradingView does. Note TradingView reports direction −1 for up; ours is +1 for up. */
export function supertrend(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  length = 10,
  multiplier = 3,
  offset = 0,
): Supertrend {
  checkPeriod('Supertrend length', length);
  if (!(multiplier > 0)) throw new RangeError(`Supertrend multiplier must be > 0, got ${multiplier}`);
  const len = close.length;
  const line = atr(high, low, close, length); // becomes the output, overwritten bar by bar
  const direction = new Float64Array(len).fill(NaN);
  let upper = 0;
  let lower = 0;
  let prevLine = NaN;
  let prevAtr = NaN;
  for (let i = 0; i < len; i++) {
    const a = line[i];
    if (Number.isNaN(a)) {
      prevAtr = a;
      upper = lower = 0; // Pine's nz() of a missing band
      continue; // line[i] stays NaN
    }
    const mid = (high[i] + low[i]) / 2;
    let up = mid + multiplier * a;
    let lo = mid - multiplier * a;
    const prevClose = i > 0 ? close[i - 1] : NaN;
    // before the first ATR bar the previous bands count as 0 (Pine's nz())
    if (!(lo > lower || prevClose < lower)) lo = lower;
    if (!(up < upper || prevClose > upper)) up = upper;
    const c = close[i];
    let dir: number;
    if (Number.isNaN(prevAtr)) dir = -1;
    else if (prevLine === upper) dir = c > up ? 1 : -1; // the active band was the upper one
    else dir = c < lo ? -1 : 1;
    prevLine = line[i] = dir === 1 ? lo : up;
    direction[i] = dir;
    upper = up;
    lower = lo;
    prevAtr = a;
  }
  return { line: shift(line, offset), direction: shift(direction, offset) };
}
