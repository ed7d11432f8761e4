import { resampleMonthly, resampleWeekly, type DailyBars } from '@app/quant';
import type { FrequencyId } from '@app/contract';

// Cached columnar series → the candle JSON the chart screens read: [{time, open, high, low, close,
// volume}], time in Unix seconds at UTC midnight of the session.

const SECONDS_PER_DAY = 86_400;

/** Daily bars, or weekly (Monday–Friday) or monthly bars resampled by @app/quant, by spec frequency id. */
export function barsAtFrequency(bars: DailyBars, frequencyId: FrequencyId): DailyBars {
  if (frequencyId === 1) return resampleWeekly(bars);
  if (frequencyId === 2) return resampleMonthly(bars);
  return bars;
}

/** First index whose day is ≥ day (binary search; days ascending). */
function lowerBound(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid] < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index range [start, end) of bars whose candle time lies within [fromSec, toSec]. */
export function rangeBySeconds(bars: DailyBars, fromSec: number, toSec: number): [number, number] {
  const start = lowerBound(bars.day, Math.ceil(fromSec / SECONDS_PER_DAY));
  const end = lowerBound(bars.day, Math.floor(toSec / SECONDS_PER_DAY) + 1);
  return [start, Math.max(start, end)];
}

// JSON numbers print like JSON.stringify (the same shortest round-trip form); NaN/∞ become null.
const num = (x: number) => (Number.isFinite(x) ? String(x) : 'null');

/** Serializes bars [start, end) as a JSON array of candles, straight from the typed arrays: no
 *  intermediate objects, so 20 years of daily candles take well under a millisecond or two. */
export function candlesJson(bars: DailyBars, start = 0, end = bars.day.length): string {
  const { day, open, high, low, close, volume } = bars;
  const parts = new Array<string>(Math.max(0, end - start));
  for (let i = start, k = 0; i < end; i++, k++) {
    parts[k] = `{"time":${day[i] * SECONDS_PER_DAY},"open":${num(open[i])},"high":${num(high[i])},"low":${num(low[i])},"close":${num(close[i])},"volume":${num(volume[i])}}`;
  }
  return `[${parts.join(',')}]`;
}
