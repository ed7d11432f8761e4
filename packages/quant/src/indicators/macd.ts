import { ema } from './movingAverages.ts';
import { shift } from './series.ts';

export interface Macd {
  macd: Float64Array;
  signal: Float64Array;
  histogram: Float64Array;
}

/** MACD(f, s, sig): line = EMA(f) − EMA(s); signal = EMA(sig) of the line from its first value;
 *  histogram = line − signal. */
export function macd(values: ArrayLike<number>, fast = 12, slow = 26, signal = 9, offset = 0): Macd {
  const line = ema(values, fast);
  const slowEma = ema(values, slow);
  for (let i = 0; i < line.length; i++) line[i] -= slowEma[i];
  const sig = ema(line, signal);
  const hist = slowEma; // reuse the buffer: slowEma is no longer needed
  for (let i = 0; i < line.length; i++) hist[i] = line[i] - sig[i];
  return { macd: shift(line, offset), signal: shift(sig, offset), histogram: shift(hist, offset) };
}
