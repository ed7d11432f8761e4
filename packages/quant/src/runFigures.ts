// The figures a many-symbol run reports beside its equity, shared by rotations and signal portfolios so
// both measure alike: alpha and beta against a benchmark, and turnover per calendar year.
import type { DailyBars } from './types.ts';
import { monthOf } from './dates.ts';

/** Per calendar year: the value of every order (both sides) / 2 / the mean equity of the year's days.
 *  `traded[k]` is the value of the orders filled on timeline day k. */
export function turnoverByYear(day: Int32Array, equity: Float64Array, traded: Float64Array): { year: number; turnover: number }[] {
  const out: { year: number; turnover: number }[] = [];
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

/** Least squares of the daily returns of `equity` on the benchmark's (days where both are defined):
 *  beta = cov / var, alpha = (mean r − beta · mean b) × 252. Nulls with fewer than two days or a flat
 *  benchmark. */
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
