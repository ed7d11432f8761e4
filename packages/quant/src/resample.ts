import type { DailyBars } from './types.ts';
import { monthOf, weekOf } from './dates.ts';

export type Frequency = 'daily' | 'weekly' | 'monthly';

/** Weekly (Monday–Friday weeks) or monthly (calendar months) bars from daily bars: open first, high
 *  max, low min, close last, volume sum; each bar's `day` is its first trading day. Daily returns the
 *  input unchanged. Bars must be in ascending date order. */
export function resample(bars: DailyBars, frequency: Frequency): DailyBars {
  if (frequency === 'daily') return bars;
  return groupBars(bars, frequency === 'weekly' ? weekOf : monthOf);
}

export const resampleWeekly = (bars: DailyBars): DailyBars => resample(bars, 'weekly');
export const resampleMonthly = (bars: DailyBars): DailyBars => resample(bars, 'monthly');

function groupBars(bars: DailyBars, periodOf: (day: number) => number): DailyBars {
  const n = bars.day.length;
  let groups = 0;
  for (let i = 0, last = NaN; i < n; i++) {
    const p = periodOf(bars.day[i]);
    if (p !== last) groups++;
    last = p;
  }
  const out: DailyBars = {
    day: new Int32Array(groups),
    open: new Float64Array(groups),
    high: new Float64Array(groups),
    low: new Float64Array(groups),
    close: new Float64Array(groups),
    volume: new Float64Array(groups),
  };
  let g = -1;
  let last = NaN;
  for (let i = 0; i < n; i++) {
    const p = periodOf(bars.day[i]);
    if (p !== last) {
      g++;
      last = p;
      out.day[g] = bars.day[i];
      out.open[g] = bars.open[i];
      out.high[g] = bars.high[i];
      out.low[g] = bars.low[i];
      out.volume[g] = 0;
    } else {
      if (bars.high[i] > out.high[g]) out.high[g] = bars.high[i];
      if (bars.low[i] < out.low[g]) out.low[g] = bars.low[i];
    }
    out.close[g] = bars.close[i];
    out.volume[g] += bars.volume[i];
  }
  return out;
}
