import { INDICATOR_RANGE_FILTERS, INDICATOR_RANGE_TYPES, indicatorParamValues, storedMarket, type FilterType, type NumRange, type OhlcComparison, type ScanQuery } from '@app/contract';
import type { SeriesEntry } from '../market/seriesCache.ts';
import {
  emaValue, financialTrend, indicatorOutputValue, latestFundamental, macdSpreadValue, rsiValue, smaValue, supertrendValue, volAvgValue,
  type ValueSpec,
} from './values.ts';

// What each filter of a scan means, written once: a test of listing i as a view sees it "now".
// The scanner's view is today (the snapshot's quote columns and the memo of last values); a
// universe's point-in-time view is one symbol at the close of one past bar (membership.ts). So a
// saved scan is a series of members per day, and its matches today are that series' last day.

/** Listing i as of the view's day. */
export interface ScanView {
  entry(i: number): SeriesEntry;
  /** index of the day's bar in entry(i).bars (-1: no bar) */
  bar(i: number): number;
  price(i: number): number;
  volume(i: number): number;
  chg(i: number): number;
  marketCap(i: number): number;
  value(spec: ValueSpec, i: number): number;
}

export type Predicate = (i: number) => boolean;
/** One filter of the query as a test of listing i, named by the screen's filter type. */
export interface Stage {
  filter: FilterType;
  keep: Predicate;
}

/** Every filter of the query, cheapest first (later predicates only see the listings earlier ones kept). */
export function scanStages(v: ScanView, q: ScanQuery): Stage[] {
  return [...basicPredicates(v, q), ...taPredicates(v, q), ...faPredicates(v, q)];
}

const inRange = (v: number, r: NumRange) =>
  !Number.isNaN(v) && (r.gte === undefined || v >= r.gte) && (r.lte === undefined || v <= r.lte);

// Prices of one symbol repeat exactly (adjusted series may differ in the last bits), so == tolerates that.
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
function compareOhlc(a: number, b: number, op: OhlcComparison): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return false;
  switch (op) {
    case '>': return a > b && !same(a, b);
    case '>=': return a >= b || same(a, b);
    case '<': return a < b && !same(a, b);
    case '<=': return a <= b || same(a, b);
    case '==': return same(a, b);
    case '!=': return !same(a, b);
  }
}

function basicPredicates(v: ScanView, q: ScanQuery): Stage[] {
  const out: Stage[] = [];
  if (q.market) {
    const m = storedMarket(q.market);
    out.push({ filter: 'market', keep: (i) => v.entry(i).info.market === m });
  }
  if (q.instr_type) out.push({ filter: 'instr_type', keep: (i) => v.entry(i).info.instr_type === q.instr_type });
  if (q.sector) out.push({ filter: 'sector', keep: (i) => v.entry(i).info.sector === q.sector });
  if (q.price) out.push({ filter: 'price', keep: (i) => inRange(v.price(i), q.price!) });
  if (q.volume) out.push({ filter: 'volume', keep: (i) => inRange(v.volume(i), q.volume!) });
  if (q.market_cap) out.push({ filter: 'market_cap', keep: (i) => inRange(v.marketCap(i), q.market_cap!) });
  if (q.chg) out.push({ filter: 'chg', keep: (i) => inRange(v.chg(i), q.chg!) });
  return out;
}

function taPredicates(v: ScanView, q: ScanQuery): Stage[] {
  const value = (spec: ValueSpec, i: number) => v.value(spec, i);
  const out: Stage[] = [];
  // {f}_gte=true with {f}_compare=price: indicator ≥ price; _lte: indicator ≤ price (NaN never matches)
  const vsPrice = (filter: FilterType, spec: ValueSpec, f: { gte: boolean; lte: boolean }) => {
    if (f.gte) out.push({ filter, keep: (i) => value(spec, i) >= v.price(i) });
    if (f.lte) out.push({ filter, keep: (i) => value(spec, i) <= v.price(i) });
  };
  // cheapest first: later predicates only see the symbols earlier ones kept
  if (q.price_compare) {
    const { currentField, compareField, comparison, offset } = q.price_compare;
    const back = -offset;
    out.push({ filter: 'price_compare', keep: (i) => {
      const b = v.entry(i).bars;
      const k = v.bar(i);
      if (k < 0 || k - back < 0) return false;
      return compareOhlc(b[currentField][k], b[compareField][k - back], comparison);
    } });
  }
  if (q.vol_avg) {
    const spec = volAvgValue(q.vol_avg.period);
    out.push({ filter: 'vol_avg', keep: (i) => inRange(value(spec, i), q.vol_avg!) });
  }
  if (q.sma) vsPrice('sma', smaValue(q.sma.period), q.sma);
  if (q.ema) vsPrice('ema', emaValue(q.ema.period), q.ema);
  if (q.rsi) {
    const spec = rsiValue(q.rsi.period);
    out.push({ filter: 'rsi', keep: (i) => inRange(value(spec, i), q.rsi!) });
  }
  if (q.macd) {
    const spec = macdSpreadValue(q.macd.fast, q.macd.slow, q.macd.signal);
    const above = q.macd.aboveSignal;
    out.push({ filter: 'macd', keep: (i) => {
      const d = value(spec, i);
      return above ? d > 0 : d <= 0;
    } });
  }
  for (const t of INDICATOR_RANGE_TYPES) {
    const r = q.indicator_ranges[t];
    if (!r) continue;
    const spec = indicatorOutputValue(INDICATOR_RANGE_FILTERS[t].indicator, INDICATOR_RANGE_FILTERS[t].output, indicatorParamValues(t, q.indicator_params?.[t]));
    out.push({ filter: t, keep: (i) => inRange(value(spec, i), r) });
  }
  if (q.bb_band) {
    // the last close strictly outside the band (NaN bands in warm-up never match)
    const above = q.bb_band === 'above_upper';
    const spec = indicatorOutputValue('BBANDS', above ? 'upper' : 'lower');
    out.push({ filter: 'bb_band', keep: (i) => (above ? v.price(i) > value(spec, i) : v.price(i) < value(spec, i)) });
  }
  if (q.st) vsPrice('st', supertrendValue(q.st.period, q.st.multiplier), q.st);
  return out;
}

function faPredicates(v: ScanView, q: ScanQuery): Stage[] {
  const value = (spec: ValueSpec, i: number) => v.value(spec, i);
  const out: Stage[] = [];
  if (q.financial_trend) {
    const t = q.financial_trend;
    const spec = financialTrend(t.metric, t.periodType, t.direction, t.periods);
    out.push({ filter: 'financial_trend', keep: (i) => value(spec, i) === 1 });
  }
  for (const c of q.fa_compare) {
    const spec = latestFundamental(c.metric, q.fa_compare_period);
    const test = { gte: (v: number) => v >= c.value, lte: (v: number) => v <= c.value, gt: (v: number) => v > c.value, lt: (v: number) => v < c.value }[c.operator];
    out.push({ filter: 'fa_compare', keep: (i) => test(value(spec, i)) }); // NaN (never reported) fails every comparison
  }
  return out;
}
