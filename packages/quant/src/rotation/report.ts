// The figures a rotation reports beside its orders and equity: turnover per year, and alpha and beta
// against a benchmark.
import type { DailyBars } from '../types.ts';
import { monthOf } from '../dates.ts';
import { firstAtOrAfter } from './calendar.ts';
import type { RotationResult } from './types.ts';

/** Per calendar year: the value of every order (both sides) / 2 / the mean equity of the year's days. */
export function turnoverByYear(day: Int32Array, equity: Float64Array, traded: Float64Array): RotationResult['turnover'] {
  const out: RotationResult['turnover'] = [];
  let k = 0;
  while (k < day.length) {
    const year = Math.floor(monthOf(day[k]) / 12);
    let value = 0;
    let sum = 0;
    let n = 0;
    for (; k < day.length && Math.floor(monthOf(day[k]) / 12) === year; k++) {
      value += traded[k];
      sum += equity[k];
      n++;
    }
    out.push({ year, turnover: value / 2 / (sum / n) });
  }
  return out;
}

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

/** The benchmark's close on each timeline day (its last close on or before it; NaN before its first bar). */
export function closesOnTimeline(day: Int32Array, bars: DailyBars): Float64Array {
  const out = new Float64Array(day.length);
  let j = -1;
  for (let k = 0; k < day.length; k++) {
    while (j + 1 < bars.day.length && bars.day[j + 1] <= day[k]) j++;
    out[k] = j >= 0 ? bars.close[j] : NaN;
  }
  return out;
}

/** Least squares of the daily returns of `equity` on the benchmark's: beta = cov / var, alpha =
 *  (mean r − beta · mean b) × 252. Nulls with fewer than two days or a flat benchmark. */
export function alphaBeta(equity: Float64Array, bench: Float64Array): { alpha: number | null; beta: number | null } {
  const r: number[] = [];
  const b: number[] = [];
  for (let k = 1; k < equity.length; k++) {
    const x = bench[k] / bench[k - 1] - 1;
    const y = equity[k] / equity[k - 1] - 1;
    if (Number.isFinite(x) && Number.isFinite(y)) {
      b.push(x);
      r.push(y);
    }
  }
  const n = r.length;
  if (n < 2) return { alpha: null, beta: null };
  let mb = 0;
  let mr = 0;
  for (let i = 0; i < n; i++) {
    mb += b[i];
    mr += r[i];
  }
  mb /= n;
  mr /= n;
  let cov = 0;
  let varB = 0;
  for (let i = 0; i < n; i++) {
    cov += (b[i] - mb) * (r[i] - mr);
    varB += (b[i] - mb) ** 2;
  }
  if (!(varB > 0)) return { alpha: null, beta: null };
  const beta = cov / varB;
  return { alpha: (mr - beta * mb) * 252, beta };
}
