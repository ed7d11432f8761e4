// The equal-weight basket a rotation reports beside its equity (turnover, alpha and beta are
// ../runFigures.ts, shared with signal portfolios).
import type { DailyBars } from '../types.ts';
import { firstAtOrAfter } from './calendar.ts';

/** The starting cash in an equal-weight basket of each decision's members, held from that decision's
 *  close to the next one's and rebalanced daily: a day's return is the mean close-to-close return of
 *  the members with a bar that day (against their own previous bar). Symbol by symbol over its bars
 *  between two decisions, so the loop runs over typed arrays only. */
export function equalWeightBasket(day: Int32Array, bars: readonly DailyBars[], baskets: readonly { k: number; members: Int32Array }[], cash: number): Float64Array {
  const T = day.length;
  const sum = new Float64Array(T);
  const count = new Int32Array(T);
  for (let b = 0; b < baskets.length; b++) {
    const from = baskets[b].k + 1;
    const to = b + 1 < baskets.length ? baskets[b + 1].k : T - 1; // inclusive
    if (from > to) continue;
    const first = day[from];
    const last = day[to];
    for (const s of baskets[b].members) {
      const { day: days, close } = bars[s];
      let k = from;
      for (let j = Math.max(1, firstAtOrAfter(days, first)); j < days.length && days[j] <= last; j++) {
        while (day[k] < days[j]) k++;
        sum[k] += close[j] / close[j - 1] - 1;
        count[k]++;
      }
    }
  }
  const out = new Float64Array(T);
  let value = cash;
  for (let k = 0; k < T; k++) {
    if (count[k]) value *= 1 + sum[k] / count[k];
    out[k] = value;
  }
  return out;
}
