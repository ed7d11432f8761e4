// backtesting.py 0.6's `compute_stats`, definition by definition and in its key order. Where the
// reference departs from the textbook formula, the comment says so; we follow the reference.
import type { DailyBars } from './types.ts';
import { formatDay, monthOf, weekOf } from './dates.ts';

/** A closed trade as the engine records it (numbers only). */
export interface TradeRecord {
  size: number;
  entryBar: number;
  exitBar: number;
  entryPrice: number;
  exitPrice: number;
  /** profit after both commissions */
  pnl: number;
  /** fraction, after commissions */
  returnPct: number;
  /** entry plus exit commission */
  commission: number;
}

/** The statistics in backtesting.py's key order; numbers are null where the reference has NaN. */
export type Stats = Record<string, number | string | null>;

export function computeStats(bars: DailyBars, equity: Float64Array, trades: TradeRecord[]): { stats: Stats; drawdown: Float64Array } {
  const n = equity.length;
  const day = bars.day;
  const close = bars.close;

  // Drawdown from the running peak, and each drawdown period from one new peak (dd = 0) to the next
  // (or to the last bar): its length in calendar days and its deepest point.
  const dd = new Float64Array(n);
  let peak = -Infinity;
  for (let i = 0; i < n; i++) {
    if (equity[i] > peak) peak = equity[i];
    dd[i] = 1 - equity[i] / peak;
  }
  const ddPeriods = drawdownPeriods(dd, day);

  const s: Stats = {};
  s['Start'] = formatDay(day[0]);
  s['End'] = formatDay(day[n - 1]);
  const durationDays = day[n - 1] - day[0];
  s['Duration'] = days(durationDays);

  // Exposure counts bars with a position, entry and exit bars included ("n bars" time, not calendar).
  const held = new Uint8Array(n);
  for (const t of trades) held.fill(1, t.entryBar, t.exitBar + 1);
  let heldBars = 0;
  for (let i = 0; i < n; i++) heldBars += held[i];
  s['Exposure Time [%]'] = (heldBars / n) * 100;
  s['Equity Final [$]'] = equity[n - 1];
  s['Equity Peak [$]'] = max(equity);
  const commissions = trades.reduce((a, t) => a + t.commission, 0);
  if (commissions) s['Commissions [$]'] = commissions;
  const totalReturn = ((equity[n - 1] - equity[0]) / equity[0]) * 100;
  s['Return [%]'] = totalReturn;
  const buyHold = ((close[n - 1] - close[0]) / close[0]) * 100;
  s['Buy & Hold Return [%]'] = buyHold;

  // Period returns of the equity curve: daily for daily bars (weekly/monthly/yearly when the bars are).
  const { periodReturns, periodEquity, annualDays } = equityReturns(equity, day);
  const gmean = equityGeometricMean(periodEquity);
  // Annualized as compounded returns (the reference cites doi:10.2139/ssrn.3054517).
  const annualReturn = (1 + gmean) ** annualDays - 1;
  s['Return (Ann.) [%]'] = annualReturn * 100;
  const variance = sampleVariance(periodReturns);
  const volatility = Math.sqrt((variance + (1 + gmean) ** 2) ** annualDays - (1 + gmean) ** (2 * annualDays)) * 100;
  s['Volatility (Ann.) [%]'] = volatility;
  // CAGR over calendar time (365.25-day years).
  const years = durationDays / 365.25;
  s['CAGR [%]'] = years ? ((equity[n - 1] / equity[0]) ** (1 / years) - 1) * 100 : NaN;
  // Sharpe and Sortino from the compounded annual return (not empyrical's arithmetic mean); risk-free 0.
  s['Sharpe Ratio'] = annualReturn * 100 / (volatility || NaN);
  s['Sortino Ratio'] = annualReturn / (Math.sqrt(meanSquaredLoss(periodReturns)) * Math.sqrt(annualDays));
  const maxDd = -(nanMax(dd) || 0);
  s['Calmar Ratio'] = annualReturn / (-maxDd || NaN);
  // Beta of the equity's log returns on the stock's, bar by bar; Jensen's alpha against buy & hold.
  const beta = logReturnBeta(equity, close);
  s['Alpha [%]'] = totalReturn - beta * buyHold;
  s['Beta'] = beta;
  s['Max. Drawdown [%]'] = maxDd * 100;
  s['Avg. Drawdown [%]'] = -ddPeriods.meanPeak * 100;
  s['Max. Drawdown Duration'] = ddPeriods.maxDuration;
  s['Avg. Drawdown Duration'] = ddPeriods.meanDuration;

  const count = trades.length;
  s['# Trades'] = count;
  const pl = trades.map((t) => t.pnl);
  const returns = trades.map((t) => t.returnPct);
  const durations = trades.map((t) => day[t.exitBar] - day[t.entryBar]);
  const winRate = count ? pl.filter((p) => p > 0).length / count : NaN;
  s['Win Rate [%]'] = winRate * 100;
  s['Best Trade [%]'] = (count ? Math.max(...returns) : NaN) * 100;
  s['Worst Trade [%]'] = (count ? Math.min(...returns) : NaN) * 100;
  s['Avg. Trade [%]'] = geometricMean(returns) * 100;
  s['Max. Trade Duration'] = count ? days(Math.max(...durations)) : NaN;
  s['Avg. Trade Duration'] = count ? days(ceilDiv(sum(durations), count)) : NaN;
  const wins = returns.filter((r) => r > 0);
  const losses = returns.filter((r) => r < 0);
  s['Profit Factor'] = sum(wins) / (Math.abs(sum(losses)) || NaN);
  s['Expectancy [%]'] = mean(returns) * 100;
  s['SQN'] = (Math.sqrt(count) * mean(pl)) / (Math.sqrt(sampleVariance(pl)) || NaN);
  const avgWin = mean(pl.filter((p) => p > 0));
  const avgLoss = -mean(pl.filter((p) => p < 0));
  s['Kelly Criterion'] = winRate - (1 - winRate) / (avgWin / avgLoss);

  for (const k in s) if (typeof s[k] === 'number' && !Number.isFinite(s[k])) s[k] = null;
  return { stats: s, drawdown: dd };
}

const days = (d: number) => `${d} days`;

/** Durations are rounded up to whole days, as the reference's `Timedelta.ceil`. */
function ceilDiv(total: number, count: number): number {
  return Math.ceil(total / count);
}

interface DrawdownPeriods {
  meanPeak: number;
  maxDuration: string | number;
  meanDuration: string | number;
}

/** The reference's `compute_drawdown_duration_peaks`: periods between consecutive bars with dd = 0
 *  (the last bar closes the final one) that span more than one bar. */
function drawdownPeriods(dd: Float64Array, day: Int32Array): DrawdownPeriods {
  const n = dd.length;
  let prev = -1;
  let count = 0;
  let peakSum = 0;
  let durSum = 0;
  let durMax = -Infinity;
  for (let i = 0; i < n; i++) {
    if (dd[i] !== 0 && i !== n - 1) continue;
    if (prev >= 0 && i > prev + 1) {
      let deepest = -Infinity;
      for (let j = prev; j <= i; j++) if (dd[j] > deepest) deepest = dd[j];
      const dur = day[i] - day[prev];
      count++;
      peakSum += deepest;
      durSum += dur;
      if (dur > durMax) durMax = dur;
    }
    prev = i;
  }
  if (count) return { meanPeak: peakSum / count, maxDuration: days(durMax), meanDuration: days(ceilDiv(durSum, count)) };
  // No period: the reference falls back to the nonzero drawdowns themselves (numbers, not durations).
  let m = NaN;
  let total = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (dd[i] === 0 || Number.isNaN(dd[i])) continue;
    if (!(dd[i] <= m)) m = dd[i];
    total += dd[i];
    k++;
  }
  const avg = k ? total / k : NaN;
  return { meanPeak: avg, maxDuration: m, meanDuration: avg };
}

/** Equity's period-over-period returns (one fewer than periods), resampled like the reference: by calendar day
 *  for daily bars, else by week, month or year; plus the periods per year used to annualize. */
function equityReturns(
  equity: Float64Array,
  day: Int32Array,
): { periodReturns: Float64Array; periodEquity: Float64Array; annualDays: number } {
  const n = equity.length;
  // the reference's `_data_period`: median spacing of the last 100 bars
  const tail = Array.from(day.subarray(Math.max(0, n - 100)));
  const gaps = tail.slice(1).map((d, i) => d - tail[i]).sort((a, b) => a - b);
  const period = gaps.length ? median(gaps) : NaN;
  const freqDays = Math.floor(period);
  let weekend = 0;
  for (let i = 0; i < n; i++) {
    const dow = (day[i] + 3) % 7; // Monday = 0
    if (dow >= 5) weekend++;
  }
  const haveWeekends = weekend / n > (2 / 7) * 0.6;
  const annualDays = freqDays === 7 ? 52 : freqDays === 31 ? 12 : freqDays === 365 ? 1 : haveWeekends ? 365 : 252;
  const bucket =
    freqDays === 7 ? weekOf : freqDays === 31 ? monthOf : freqDays === 365 ? (d: number) => Math.floor(monthOf(d) / 12) : (d: number) => d;
  // the last equity of each bucket; daily bars with unique days are their own buckets
  const daily = freqDays !== 7 && freqDays !== 31 && freqDays !== 365;
  let ends: Float64Array = equity;
  if (!daily) {
    const last: number[] = [];
    for (let i = 0; i < n; i++) if (i + 1 === n || bucket(day[i + 1]) !== bucket(day[i])) last.push(equity[i]);
    ends = Float64Array.from(last);
  }
  const r = new Float64Array(Math.max(0, ends.length - 1));
  for (let i = 1; i < ends.length; i++) r[i - 1] = ends[i] / ends[i - 1] - 1;
  return { periodReturns: r, periodEquity: ends, annualDays };
}

/** geometric_mean of the equity's period returns without a log per period: Σ log(1 + r) telescopes
 *  to log(last / first). Any period ending at zero equity gives 0, as geometric_mean does. */
function equityGeometricMean(ends: Float64Array): number {
  const k = ends.length - 1;
  if (k < 1) return NaN;
  for (let i = 1; i <= k; i++) if (!(ends[i] > 0)) return 0;
  return Math.exp(Math.log(ends[k] / ends[0]) / k) - 1;
}

/** The reference's `geometric_mean`: NaN counts as a 0 return; any return ≤ −100 % gives 0. */
function geometricMean(returns: ArrayLike<number>): number {
  const n = returns.length;
  let logSum = 0;
  for (let i = 0; i < n; i++) {
    const g = (Number.isNaN(returns[i]) ? 0 : returns[i]) + 1;
    if (g <= 0) return 0;
    logSum += Math.log(g);
  }
  return Math.exp(logSum / (n || NaN)) - 1;
}

/** Sample variance (ddof 1), as pandas' `var`; NaN for fewer than two values. */
function sampleVariance(values: ArrayLike<number>): number {
  const k = values.length;
  if (k < 2) return NaN;
  let total = 0;
  for (let i = 0; i < k; i++) total += values[i];
  const m = total / k;
  let ss = 0;
  for (let i = 0; i < k; i++) {
    const d = values[i] - m;
    ss += d * d;
  }
  return ss / (k - 1);
}

/** Mean of min(r, 0)² (the Sortino downside deviation, squared). */
function meanSquaredLoss(returns: Float64Array): number {
  const k = returns.length;
  let total = 0;
  for (let i = 0; i < k; i++) {
    const r = returns[i];
    if (r < 0) total += r * r;
  }
  return k ? total / k : NaN;
}

/** cov(equity log returns, market log returns) / var(market log returns), ddof 1 both. */
function logReturnBeta(equity: Float64Array, close: Float64Array): number {
  const n = equity.length - 1;
  if (n < 2) return NaN;
  // Flat bars (no position) have an equity log return of exactly 0: skip their Math.log.
  const eq = new Float64Array(n);
  const mk = new Float64Array(n);
  let se = 0;
  let sm = 0;
  for (let i = 0; i < n; i++) {
    const e = equity[i + 1] === equity[i] ? 0 : Math.log(equity[i + 1] / equity[i]);
    const m = Math.log(close[i + 1] / close[i]);
    eq[i] = e;
    mk[i] = m;
    se += e;
    sm += m;
  }
  const me = se / n;
  const mm = sm / n;
  let cov = 0;
  let varM = 0;
  for (let i = 0; i < n; i++) {
    const m = mk[i] - mm;
    cov += (eq[i] - me) * m;
    varM += m * m;
  }
  return cov / varM;
}

const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
const mean = (v: number[]) => (v.length ? sum(v) / v.length : NaN);
const median = (sorted: number[]) => {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
};
function max(v: Float64Array): number {
  let m = -Infinity;
  for (let i = 0; i < v.length; i++) if (v[i] > m) m = v[i];
  return m;
}
function nanMax(v: Float64Array): number {
  let m = NaN;
  for (let i = 0; i < v.length; i++) if (!(v[i] <= m)) m = Number.isNaN(v[i]) ? m : v[i];
  return m;
}
