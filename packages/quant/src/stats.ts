// backtesting.py 0.6's `compute_stats`, definition by definition and in its key order. Where the
// reference departs from the textbook formula, the comment says so; we follow the reference.
import type { DailyBars, ExitReason } from './types.ts';
import { formatDay, monthOf, weekOf } from './dates.ts';
import { EquitySummary } from './equity.ts';

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
  exitReason: ExitReason;
}

/** The statistics in backtesting.py's key order; numbers are null where the reference has NaN. */
export type Stats = Record<string, number | string | null>;

export function computeStats(bars: DailyBars, equity: Float64Array, trades: TradeRecord[]): { stats: Stats; drawdown: Float64Array } {
  const n = equity.length;
  const day = bars.day;

  const s: Stats = {};
  s['Start'] = formatDay(day[0]);
  s['End'] = formatDay(day[n - 1]);
  const durationDays = day[n - 1] - day[0];
  s['Duration'] = days(durationDays);
  s['Exposure Time [%]'] = exposure(trades, n);
  s['Equity Final [$]'] = equity[n - 1];
  s['Equity Peak [$]'] = max(equity);
  const commissions = trades.reduce((a, t) => a + t.commission, 0);
  if (commissions) s['Commissions [$]'] = commissions;
  const total = totalReturn(equity);
  s['Return [%]'] = total;
  const buyHold = buyHoldReturn(bars.close);
  s['Buy & Hold Return [%]'] = buyHold;

  const r = returnStats(equity, day);
  s['Return (Ann.) [%]'] = r.annualReturn * 100;
  s['Volatility (Ann.) [%]'] = r.volatility;
  s['CAGR [%]'] = r.cagr;
  s['Sharpe Ratio'] = r.sharpe;
  s['Sortino Ratio'] = r.sortino;
  const dd = drawdownSeries(equity);
  const maxDd = maxDrawdown(dd);
  s['Calmar Ratio'] = r.annualReturn / (-maxDd || NaN);
  // Beta of the equity's log returns on the stock's, bar by bar; Jensen's alpha against buy & hold.
  const beta = logReturnBeta(equity, bars.close);
  s['Alpha [%]'] = total - beta * buyHold;
  s['Beta'] = beta;
  const ddPeriods = drawdownPeriods(dd, day);
  s['Max. Drawdown [%]'] = maxDd * 100;
  s['Avg. Drawdown [%]'] = -ddPeriods.meanPeak * 100;
  s['Max. Drawdown Duration'] = ddPeriods.maxDuration;
  s['Avg. Drawdown Duration'] = ddPeriods.meanDuration;

  Object.assign(s, tradeStats(trades, day));
  for (const k in s) if (typeof s[k] === 'number' && !Number.isFinite(s[k])) s[k] = null;
  return { stats: s, drawdown: dd };
}

/**
 * One numeric statistic, computed by the same definitions as `computeStats` without the others: an
 * optimiser ranks thousands of cells by one key. NaN where `computeStats` says null.
 */
export function statValue(key: string, bars: DailyBars, equity: Float64Array, trades: TradeRecord[]): number {
  const n = equity.length;
  let v: number | string | null;
  switch (key) {
    case 'Exposure Time [%]': v = exposure(trades, n); break;
    case 'Equity Final [$]': v = equity[n - 1]; break;
    case 'Equity Peak [$]': v = max(equity); break;
    case 'Commissions [$]': v = trades.reduce((a, t) => a + t.commission, 0); break;
    case 'Return [%]': v = totalReturn(equity); break;
    case 'Buy & Hold Return [%]': v = buyHoldReturn(bars.close); break;
    case 'Return (Ann.) [%]': v = returnStats(equity, bars.day).annualReturn * 100; break;
    case 'Volatility (Ann.) [%]': v = returnStats(equity, bars.day).volatility; break;
    case 'CAGR [%]': v = returnStats(equity, bars.day).cagr; break;
    case 'Sharpe Ratio': v = returnStats(equity, bars.day).sharpe; break;
    case 'Sortino Ratio': v = returnStats(equity, bars.day).sortino; break;
    case 'Calmar Ratio': v = returnStats(equity, bars.day).annualReturn / (-maxDrawdown(drawdownSeries(equity)) || NaN); break;
    case 'Max. Drawdown [%]': v = maxDrawdownOf(equity) * 100; break;
    default:
      v = key in TRADE_STAT_KEYS ? tradeStats(trades, bars.day)[key] : computeStats(bars, equity, trades).stats[key];
  }
  return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
}

const days = (d: number) => `${d} days`;

/** Exposure counts bars with a position, entry and exit bars included ("n bars" time, not calendar). */
function exposure(trades: TradeRecord[], n: number): number {
  let held = 0;
  let heldUntil = -1;
  for (const t of trades) {
    // trades come in order and never overlap; count each bar once all the same
    const from = Math.max(t.entryBar, heldUntil + 1);
    if (t.exitBar >= from) held += t.exitBar - from + 1;
    if (t.exitBar > heldUntil) heldUntil = t.exitBar;
  }
  return (held / n) * 100;
}

const totalReturn = (equity: Float64Array) => ((equity[equity.length - 1] - equity[0]) / equity[0]) * 100;
const buyHoldReturn = (close: Float64Array) => ((close[close.length - 1] - close[0]) / close[0]) * 100;

interface ReturnStats {
  annualReturn: number;
  volatility: number;
  cagr: number;
  sharpe: number;
  sortino: number;
}

/** Annualised return and risk from the equity's period returns: daily for daily bars (weekly,
 *  monthly, yearly when the bars are). */
function returnStats(equity: Float64Array, day: Int32Array): ReturnStats {
  return returnStatsOf(periodMoments(equity, day), equity[0], equity[equity.length - 1], day);
}

function returnStatsOf(m: Moments, first: number, final: number, day: Int32Array): ReturnStats {
  const { annualDays } = calendarOf(day);
  // Annualized as compounded returns (the reference cites doi:10.2139/ssrn.3054517).
  const annualReturn = (1 + m.gmean) ** annualDays - 1;
  const volatility = Math.sqrt((m.variance + (1 + m.gmean) ** 2) ** annualDays - (1 + m.gmean) ** (2 * annualDays)) * 100;
  // CAGR over calendar time (365.25-day years).
  const years = (day[day.length - 1] - day[0]) / 365.25;
  const cagr = years ? ((final / first) ** (1 / years) - 1) * 100 : NaN;
  // Sharpe and Sortino from the compounded annual return (not empyrical's arithmetic mean); risk-free 0.
  const sharpe = (annualReturn * 100) / (volatility || NaN);
  const sortino = annualReturn / (Math.sqrt(m.meanSquaredLoss) * Math.sqrt(annualDays));
  return { annualReturn, volatility, cagr, sharpe, sortino };
}

/** Drawdown from the running peak at each bar, as a fraction ≥ 0. */
function drawdownSeries(equity: Float64Array): Float64Array {
  const n = equity.length;
  const dd = new Float64Array(n);
  let peak = -Infinity;
  for (let i = 0; i < n; i++) {
    if (equity[i] > peak) peak = equity[i];
    dd[i] = 1 - equity[i] / peak;
  }
  return dd;
}

/** The deepest drawdown as a fraction ≤ 0 (0 without any). */
const maxDrawdown = (dd: Float64Array) => -(nanMax(dd) || 0);

/** `maxDrawdown(drawdownSeries(equity))` in one pass without the series. */
function maxDrawdownOf(equity: Float64Array): number {
  let peak = -Infinity;
  let deepest = NaN;
  for (let i = 0; i < equity.length; i++) {
    if (equity[i] > peak) peak = equity[i];
    const d = 1 - equity[i] / peak;
    if (!(d <= deepest)) deepest = Number.isNaN(d) ? deepest : d;
  }
  return -(deepest || 0);
}

/** The per-trade statistics, # Trades … Kelly Criterion. */
function tradeStats(trades: TradeRecord[], day: Int32Array): Stats {
  const s: Stats = {};
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
  return s;
}
const TRADE_STAT_KEYS: Record<string, true> = Object.fromEntries(
  ['# Trades', 'Win Rate [%]', 'Best Trade [%]', 'Worst Trade [%]', 'Avg. Trade [%]', 'Max. Trade Duration', 'Avg. Trade Duration',
    'Profit Factor', 'Expectancy [%]', 'SQN', 'Kelly Criterion'].map((k) => [k, true]),
);


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

interface Calendar {
  /** periods per year used to annualise */
  annualDays: number;
  /** the bucket of a day when the bars are weekly, monthly or yearly; null for daily bars (each its own) */
  bucket: ((d: number) => number) | null;
}

// Per day series, its calendar: an optimiser asks for the same bars' calendar for every cell.
const calendars = new WeakMap<Int32Array, Calendar>();

/** How the reference resamples the equity before taking returns: by calendar day for daily bars,
 *  else by week, month or year; with the periods per year that annualise them. */
function calendarOf(day: Int32Array): Calendar {
  const known = calendars.get(day);
  if (known) return known;
  const n = day.length;
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
  const bucket = freqDays === 7 ? weekOf : freqDays === 31 ? monthOf : freqDays === 365 ? (d: number) => Math.floor(monthOf(d) / 12) : null;
  const calendar = { annualDays, bucket };
  calendars.set(day, calendar);
  return calendar;
}

interface Moments {
  /** geometric mean of the period returns (0 when any period ends at zero equity, as geometric_mean) */
  gmean: number;
  /** sample variance (ddof 1) of the period returns, as pandas' `var` */
  variance: number;
  /** mean of min(r, 0)², the Sortino downside deviation squared */
  meanSquaredLoss: number;
}

/** The moments of the equity's period returns, by the same accumulator an optimiser streams into. */
function periodMoments(equity: Float64Array, day: Int32Array): Moments {
  const { bucket } = calendarOf(day);
  const ends = bucket ? bucketEnds(equity, day, bucket) : equity;
  const summary = new EquitySummary(ends.length);
  for (let i = 0; i < ends.length; i++) summary.set(i, ends[i]);
  return momentsOf(summary.finish());
}

/** The variance is Σr²/(k−1) − k·m²/(k−1), in one pass: no cancellation to fear, as daily returns'
 *  mean is far smaller than their spread (within 1e-12 of pandas' two-pass `var`). */
function momentsOf(s: EquitySummary): Moments {
  const k = s.returns;
  if (k < 1) return { gmean: NaN, variance: NaN, meanSquaredLoss: NaN };
  // Σ log(1 + r) telescopes to log(last / first): no log per period.
  const gmean = s.positive ? Math.exp(Math.log(s.final / s.first) / k) - 1 : 0;
  const m = s.sum / k;
  const variance = k < 2 ? NaN : (s.squares - k * m * m) / (k - 1);
  return { gmean, variance, meanSquaredLoss: s.losses / k };
}

/** True when the bars are daily, so an `EquitySummary` streamed by the engine has the period returns. */
export function dailyCalendar(day: Int32Array): boolean {
  return calendarOf(day).bucket === null;
}

/** The statistics an `EquitySummary` of daily bars answers without the series (null: it cannot). */
export function summaryStat(key: string, bars: DailyBars, s: EquitySummary, trades: TradeRecord[]): number | null {
  let v: number | string | null;
  switch (key) {
    case 'Equity Final [$]': v = s.final; break;
    case 'Equity Peak [$]': v = s.peak; break;
    case 'Return [%]': v = ((s.final - s.first) / s.first) * 100; break;
    case 'Return (Ann.) [%]': v = returnStatsOf(momentsOf(s), s.first, s.final, bars.day).annualReturn * 100; break;
    case 'Volatility (Ann.) [%]': v = returnStatsOf(momentsOf(s), s.first, s.final, bars.day).volatility; break;
    case 'CAGR [%]': v = returnStatsOf(momentsOf(s), s.first, s.final, bars.day).cagr; break;
    case 'Sharpe Ratio': v = returnStatsOf(momentsOf(s), s.first, s.final, bars.day).sharpe; break;
    case 'Sortino Ratio': v = returnStatsOf(momentsOf(s), s.first, s.final, bars.day).sortino; break;
    case 'Calmar Ratio': v = returnStatsOf(momentsOf(s), s.first, s.final, bars.day).annualReturn / (s.deepest || NaN); break;
    case 'Max. Drawdown [%]': v = -(s.deepest || 0) * 100; break;
    case 'Exposure Time [%]': v = exposure(trades, s.length); break;
    case 'Commissions [$]': v = trades.reduce((a, t) => a + t.commission, 0); break;
    case 'Buy & Hold Return [%]': v = buyHoldReturn(bars.close); break;
    default:
      if (!(key in TRADE_STAT_KEYS)) return null;
      v = tradeStats(trades, bars.day)[key];
  }
  return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
}

/** Whether `summaryStat` needs the summary's drawdown for this key. */
export const summaryNeedsDrawdown = (key: string) => key === 'Calmar Ratio' || key === 'Max. Drawdown [%]';

/** Whether `summaryStat` needs the summary's downside moment for this key. */
export const summaryNeedsDownside = (key: string) => key === 'Sortino Ratio';

/** Whether `summaryStat` reads the moments of the returns for this key (the others: the first, final or
 *  peak equity, the drawdown, the trades). */
export const summaryNeedsMoments = (key: string) =>
  key === 'Return (Ann.) [%]' || key === 'Volatility (Ann.) [%]' || key === 'CAGR [%]' || key === 'Sharpe Ratio' || key === 'Sortino Ratio' || key === 'Calmar Ratio';

/** Whether `summaryStat` reads the trades for this key (the others read only the equity's summary). */
export const summaryNeedsTrades = (key: string) => key === 'Exposure Time [%]' || key === 'Commissions [$]' || key in TRADE_STAT_KEYS;

/** Whether `summaryStat` answers this key. */
export function summaryAnswers(key: string): boolean {
  return SUMMARY_KEYS.has(key) || key in TRADE_STAT_KEYS;
}
const SUMMARY_KEYS = new Set([
  'Equity Final [$]', 'Equity Peak [$]', 'Return [%]', 'Return (Ann.) [%]', 'Volatility (Ann.) [%]', 'CAGR [%]', 'Sharpe Ratio',
  'Sortino Ratio', 'Calmar Ratio', 'Max. Drawdown [%]', 'Exposure Time [%]', 'Commissions [$]', 'Buy & Hold Return [%]',
]);

/** The last equity of each period (week, month, year). */
function bucketEnds(equity: Float64Array, day: Int32Array, bucket: (d: number) => number): Float64Array {
  const last: number[] = [];
  for (let i = 0; i < equity.length; i++) if (i + 1 === equity.length || bucket(day[i + 1]) !== bucket(day[i])) last.push(equity[i]);
  return Float64Array.from(last);
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

/** cov(equity log returns, market log returns) / var(market log returns), ddof 1 both. */
function logReturnBeta(equity: Float64Array, close: Float64Array): number {
  const n = equity.length - 1;
  if (n < 2) return NaN;
  const market = marketReturns(close, n);
  // Flat bars (no position) have an equity log return of exactly 0: skip their Math.log.
  const eq = n <= scratch.length ? scratch : (scratch = new Float64Array(n));
  let se = 0;
  for (let i = 0; i < n; i++) {
    const e = equity[i + 1] === equity[i] ? 0 : Math.log(equity[i + 1] / equity[i]);
    eq[i] = e;
    se += e;
  }
  const me = se / n;
  const { centred } = market;
  let cov = 0;
  for (let i = 0; i < n; i++) cov += (eq[i] - me) * centred[i];
  return cov / market.variance;
}

/** The stock's log returns of the first n bars less their mean, and Σ of their squares: the same for
 *  every backtest on the same closes (an optimiser's top rows, a user's runs), so kept per series. */
interface MarketReturns {
  centred: Float64Array;
  variance: number;
}
const marketOf = new WeakMap<Float64Array, MarketReturns>();
/** Where each call puts the equity's log returns (read only within the call). */
let scratch = new Float64Array(0);

function marketReturns(close: Float64Array, n: number): MarketReturns {
  const known = marketOf.get(close);
  if (known && known.centred.length === n) return known;
  const centred = new Float64Array(n);
  let sm = 0;
  for (let i = 0; i < n; i++) {
    const m = Math.log(close[i + 1] / close[i]);
    centred[i] = m;
    sm += m;
  }
  const mm = sm / n;
  let variance = 0;
  for (let i = 0; i < n; i++) {
    const m = centred[i] - mm;
    centred[i] = m;
    variance += m * m;
  }
  const market = { centred, variance };
  marketOf.set(close, market);
  return market;
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
