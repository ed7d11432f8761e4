import { indicators, indicatorSeries, toCondition, type IndicatorName } from '@app/quant';
import type { FaDirection, FaMetric, FaPeriodType } from '@app/contract';
import type { SeriesEntry } from '../market/seriesCache.ts';

// The per-symbol numbers the scanner compares: the last value of an indicator from packages/quant
// (NaN during warm-up or without bars) and the latest fundamentals. Each comes with the memo key that
// names it uniquely, so two filters asking for the same number share one computation.

export interface ValueSpec {
  key: string;
  compute(e: SeriesEntry): number;
}

const last = (a: Float64Array) => (a.length ? a[a.length - 1] : NaN);

export const smaValue = (period: number): ValueSpec => ({
  key: `sma:${period}`,
  compute: (e) => last(indicators.sma(e.bars.close, period)),
});

export const emaValue = (period: number): ValueSpec => ({
  key: `ema:${period}`,
  compute: (e) => last(indicators.ema(e.bars.close, period)),
});

export const rsiValue = (period: number): ValueSpec => ({
  key: `rsi:${period}`,
  compute: (e) => last(indicators.rsi(e.bars.close, period)),
});

export const volAvgValue = (period: number): ValueSpec => ({
  key: `vol_avg:${period}`,
  compute: (e) => last(indicators.averageVolume(e.bars.volume, period)),
});

export const supertrendValue = (period: number, multiplier: number): ValueSpec => ({
  key: `st:${period}:${multiplier}`,
  compute: (e) => last(indicators.supertrend(e.bars.high, e.bars.low, e.bars.close, period, multiplier).line),
});

/** MACD line minus signal line on the last bar: > 0 means the MACD is above its signal. */
export const macdSpreadValue = (fast: number, slow: number, signal: number): ValueSpec => ({
  key: `macd:${fast},${slow},${signal}`,
  compute: (e) => {
    const m = indicators.macd(e.bars.close, fast, slow, signal);
    return last(m.macd) - last(m.signal);
  },
});

/** The last value of one output of a strategy-language indicator at the registry's default parameters,
 *  computed by the backtest's own series code (a template row with the defaults reads the same number). */
export const indicatorOutputValue = (name: IndicatorName, output: string): ValueSpec => {
  // checked and filled with the defaults once, not once per symbol
  const row = toCondition({ name, output, indicator_type: 'BUY', compare: '>', cvalue: 0 });
  return {
    key: `ind:${name}:${output}`,
    compute: (e) => last(indicatorSeries(e.bars, row)),
  };
};

const periodsOf = (e: SeriesEntry, t: FaPeriodType) => (t === 'ANNUAL' ? e.annual : e.quarterly);

/** The latest reported (non-null) value of a metric for a period type; NaN when never reported. */
export const latestFundamental = (metric: FaMetric, periodType: FaPeriodType): ValueSpec => ({
  key: `fa:${periodType}:${metric}`,
  compute: (e) => {
    const list = periodsOf(e, periodType);
    for (let i = list.length - 1; i >= 0; i--) {
      const v = list[i].values[metric];
      if (v !== null && v !== undefined) return v;
    }
    return NaN;
  },
});

/** 1 when the last `changes` period-over-period changes of the metric (over the latest changes+1
 *  periods, none missing) are all increases (or all decreases), else 0. */
export const financialTrend = (metric: FaMetric, periodType: FaPeriodType, direction: FaDirection, changes: number): ValueSpec => ({
  key: `trend:${periodType}:${metric}:${direction}:${changes}`,
  compute: (e) => {
    const list = periodsOf(e, periodType);
    if (list.length < changes + 1) return 0;
    for (let i = list.length - changes; i < list.length; i++) {
      const prev = list[i - 1].values[metric];
      const cur = list[i].values[metric];
      if (prev === null || prev === undefined || cur === null || cur === undefined) return 0;
      if (direction === 'increasing' ? !(cur > prev) : !(cur < prev)) return 0;
    }
    return 1;
  },
});
