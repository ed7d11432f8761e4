// The rotation's calendar: the timeline (every date some symbol trades inside the run) and its
// decision days (the last timeline date of each ISO week, calendar month or quarter that has a later
// timeline date).
import { monthOf, weekOf } from '../dates.ts';
import type { RebalancePeriod } from './spec.ts';

/** The sorted union of the days of `series` inside [startDay, endDay]. */
export function rotationTimeline(series: readonly Int32Array[], startDay: number, endDay: number): Int32Array {
  let lo = Infinity;
  let hi = -Infinity;
  for (const d of series) {
    if (!d.length) continue;
    lo = Math.min(lo, Math.max(d[0], startDay));
    hi = Math.max(hi, Math.min(d[d.length - 1], endDay));
  }
  if (!(hi >= lo)) return new Int32Array(0);
  const seen = new Uint8Array(hi - lo + 1);
  let count = 0;
  for (const d of series) {
    for (let i = firstAtOrAfter(d, lo); i < d.length && d[i] <= hi; i++) {
      if (!seen[d[i] - lo]) count++;
      seen[d[i] - lo] = 1;
    }
  }
  const out = new Int32Array(count);
  for (let i = 0, k = 0; i < seen.length; i++) if (seen[i]) out[k++] = lo + i;
  return out;
}

/** The rebalance period a day falls in (weeks start on Monday, as ISO weeks). */
export function periodOf(day: number, rebalance: RebalancePeriod): number {
  if (rebalance === 'weekly') return weekOf(day);
  const month = monthOf(day);
  return rebalance === 'monthly' ? month : Math.floor(month / 3);
}

/** 1 at each decision day of the timeline. */
export function decisionDays(timeline: Int32Array, rebalance: RebalancePeriod): Uint8Array {
  const out = new Uint8Array(timeline.length);
  for (let k = 0; k + 1 < timeline.length; k++) {
    if (periodOf(timeline[k], rebalance) !== periodOf(timeline[k + 1], rebalance)) out[k] = 1;
  }
  return out;
}

/** The first index from `from` on whose day is ≥ `day` (binary search; `days` ascending). */
export function firstAtOrAfter(days: Int32Array, day: number, from = 0): number {
  let lo = from;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid] < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
