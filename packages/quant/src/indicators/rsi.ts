import { checkPeriod, firstValid, nanSeries, shift } from './series.ts';

/** RSI(n, drift d): change = x[i] − x[i−d]; gains and losses each smoothed by RMA(n) seeded with the
 *  mean of the first n changes; RSI = 100 − 100/(1 + gain/loss). As TradingView's `ta.rsi`: 100 when
 *  the average loss is 0, 0 when the average gain is 0. First value at index d + n − 1. */
export function rsi(values: ArrayLike<number>, period = 14, drift = 1, offset = 0): Float64Array {
  checkPeriod('RSI period', period);
  checkPeriod('RSI drift', drift);
  const len = values.length;
  const out = nanSeries(len);
  const first = firstValid(values) + drift; // first bar with a change
  const seedEnd = first + period;
  if (seedEnd > len) return shift(out, offset);
  let gain = 0;
  let loss = 0;
  for (let i = first; i < seedEnd; i++) {
    const ch = values[i] - values[i - drift];
    if (ch > 0) gain += ch;
    else loss -= ch;
  }
  gain /= period;
  loss /= period;
  out[seedEnd - 1] = rsiOf(gain, loss);
  const alpha = 1 / period;
  const keep = 1 - alpha;
  const half = alpha / 2;
  for (let i = seedEnd; i < len; i++) {
    const ch = values[i] - values[i - drift];
    // branch-free split of the change into gain and loss (price changes flip sign unpredictably)
    const size = Math.abs(ch);
    gain = keep * gain + half * (size + ch);
    loss = keep * loss + half * (size - ch);
    out[i] = rsiOf(gain, loss);
  }
  return shift(out, offset);
}

/** 100 − 100/(1 + gain/loss), written as 100·gain/(gain + loss) to divide once. */
function rsiOf(gain: number, loss: number): number {
  return loss === 0 ? 100 : (100 * gain) / (gain + loss);
}
