import { INDICATOR_SPECS, indicators, indicatorSeries, toCondition, type IndicatorName, type ParamField } from '@app/quant';
import type { FaDirection, FaMetric, FaPeriodType } from '@app/contract';
import type { SeriesEntry } from '../market/seriesCache.ts';
import type { FundamentalPeriod } from '../market/repository.ts';

// The per-symbol numbers the scanner compares, today and on each past day: an indicator from
// packages/quant (NaN during warm-up or without bars) and the latest fundamentals. Each comes with
// the memo key that names it uniquely, so two filters asking for the same number share one
// computation. `compute` is today's value (the scan); `series` is the value as of each bar's close
// (a universe's point-in-time membership): an indicator's series is causal, and fundamentals are
// those FILED by that day. Both read one definition, so a filter means the same thing either way.

export interface ValueSpec {
  key: string;
  compute(e: SeriesEntry): number;
  /** one value per bar of e, as of that bar's close */
  series(e: SeriesEntry): Float64Array;
}

const last = (a: Float64Array) => (a.length ? a[a.length - 1] : NaN);
/** An indicator's number: today's is the last value of the same series. */
const taSpec = (key: string, series: (e: SeriesEntry) => Float64Array): ValueSpec => ({ key, series, compute: (e) => last(series(e)) });

export const smaValue = (period: number): ValueSpec => taSpec(`sma:${period}`, (e) => indicators.sma(e.bars.close, period));

export const emaValue = (period: number): ValueSpec => taSpec(`ema:${period}`, (e) => indicators.ema(e.bars.close, period));

export const rsiValue = (period: number): ValueSpec => taSpec(`rsi:${period}`, (e) => indicators.rsi(e.bars.close, period));

export const volAvgValue = (period: number): ValueSpec => taSpec(`vol_avg:${period}`, (e) => indicators.averageVolume(e.bars.volume, period));

export const supertrendValue = (period: number, multiplier: number): ValueSpec =>
  taSpec(`st:${period}:${multiplier}`, (e) => indicators.supertrend(e.bars.high, e.bars.low, e.bars.close, period, multiplier).line);

/** MACD line minus signal line on the last bar: > 0 means the MACD is above its signal. */
export const macdSpreadValue = (fast: number, slow: number, signal: number): ValueSpec =>
  taSpec(`macd:${fast},${slow},${signal}`, (e) => {
    const m = indicators.macd(e.bars.close, fast, slow, signal);
    return Float64Array.from(m.macd, (x, i) => x - m.signal[i]);
  });

/** The last value of one output of a strategy-language indicator at the given parameters (the registry's defaults for the rest),
 *  computed by the backtest's own series code (a template row with the defaults reads the same number). */
export const indicatorOutputValue = (name: IndicatorName, output: string, params: Partial<Record<ParamField, number>> = {}): ValueSpec => {
  // checked and filled with the defaults once, not once per symbol
  const row = toCondition({ name, output, indicator_type: 'BUY', compare: '>', cvalue: 0, ...params });
  // the defaults keep the plain key, so a filter at the defaults shares the warm-up's computation
  const changed = INDICATOR_SPECS[name].params.filter((p) => params[p.field] !== undefined && params[p.field] !== p.default);
  const key = `ind:${name}:${output}${changed.map((p) => `:${p.field}=${params[p.field]}`).join('')}`;
  return taSpec(key, (e) => indicatorSeries(e.bars, row));
};

const periodsOf = (e: SeriesEntry, t: FaPeriodType) => (t === 'ANNUAL' ? e.annual : e.quarterly);

/** The latest reported (non-null) value of a metric among periods (oldest first); NaN when none. */
function latestOf(list: readonly FundamentalPeriod[], metric: FaMetric): number {
  for (let i = list.length - 1; i >= 0; i--) {
    const v = list[i].values[metric];
    if (v !== null && v !== undefined) return v;
  }
  return NaN;
}

/** 1 when the last `changes` period-over-period changes of the metric (over the latest changes+1
 *  periods, none missing) are all increases (or all decreases), else 0. */
function trendOf(list: readonly FundamentalPeriod[], metric: FaMetric, direction: FaDirection, changes: number): number {
  if (list.length < changes + 1) return 0;
  for (let i = list.length - changes; i < list.length; i++) {
    const prev = list[i - 1].values[metric];
    const cur = list[i].values[metric];
    if (prev === null || prev === undefined || cur === null || cur === undefined) return 0;
    if (direction === 'increasing' ? !(cur > prev) : !(cur < prev)) return 0;
  }
  return 1;
}

const filedOf = (p: FundamentalPeriod) => p.filed ?? p.period_end;
const dayOfIso = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

/** Per bar of `days`, f over the periods filed by that day (in period order): what a trader could
 *  have read at that close. f runs once per filing that changes what is visible. */
export function asOfFilings(days: Int32Array, list: readonly FundamentalPeriod[], f: (visible: FundamentalPeriod[]) => number): Float64Array {
  const out = new Float64Array(days.length);
  const order = list.map((p, i) => ({ i, day: dayOfIso(filedOf(p)) })).sort((a, b) => a.day - b.day);
  const seen = new Uint8Array(list.length);
  let next = 0;
  let value = f([]);
  for (let k = 0; k < days.length; k++) {
    let changed = false;
    while (next < order.length && order[next].day <= days[k]) {
      seen[order[next++].i] = 1;
      changed = true;
    }
    if (changed) value = f(list.filter((_, i) => seen[i]));
    out[k] = value;
  }
  return out;
}

/** The latest reported (non-null) value of a metric for a period type; NaN when never reported. */
export const latestFundamental = (metric: FaMetric, periodType: FaPeriodType): ValueSpec => ({
  key: `fa:${periodType}:${metric}`,
  compute: (e) => latestOf(periodsOf(e, periodType), metric),
  series: (e) => asOfFilings(e.bars.day, periodsOf(e, periodType), (l) => latestOf(l, metric)),
});

/** 1 when the metric rose (or fell) over each of the last `changes` periods, else 0 (see trendOf). */
export const financialTrend = (metric: FaMetric, periodType: FaPeriodType, direction: FaDirection, changes: number): ValueSpec => ({
  key: `trend:${periodType}:${metric}:${direction}:${changes}`,
  compute: (e) => trendOf(periodsOf(e, periodType), metric, direction, changes),
  series: (e) => asOfFilings(e.bars.day, periodsOf(e, periodType), (l) => trendOf(l, metric, direction, changes)),
});

/** Shares outstanding of the latest filing (quarterly or annual) that reports them, as of each bar:
 *  a past day's market cap is that day's close times this. */
export function sharesAsOf(e: SeriesEntry): Float64Array {
  const all = [...e.quarterly, ...e.annual].sort((a, b) => (a.period_end < b.period_end ? -1 : a.period_end > b.period_end ? 1 : 0));
  return asOfFilings(e.bars.day, all, (l) => {
    for (let i = l.length - 1; i >= 0; i--) if (l[i].shares_outstanding != null) return l[i].shares_outstanding!;
    return NaN;
  });
}
