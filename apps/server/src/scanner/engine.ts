import { compareScanResults, INDICATOR_RANGE_FILTERS, INDICATOR_RANGE_TYPES, storedMarket, type FilterType, type NumRange, type OhlcComparison, type OrderingField, type ScanEmptyReason, type ScanQuery, type ScanResult } from '@app/contract';
import type { SeriesCache } from '../market/seriesCache.ts';
import { buildSnapshot, memoValue, type Snapshot } from './snapshot.ts';
import {
  emaValue, financialTrend, indicatorOutputValue, latestFundamental, macdSpreadValue, rsiValue, smaValue, supertrendValue, volAvgValue,
  type ValueSpec,
} from './values.ts';

// The scan: a validated query (packages/contract parseScanQuery) becomes a list of predicates over
// the symbols of the series cache, cheapest first — Basic filters read precomputed quote columns,
// TA filters the memoized last values of indicators, FA filters the memoized fundamentals — then the
// survivors are sorted (compareScanResults, the order the screen uses too) and one page is built.

export interface ScanOutcome {
  count: number;
  results: ScanResult[];
  /** when nothing matched: the filter that alone removes the most listings */
  emptyReason: ScanEmptyReason | null;
}

type Predicate = (i: number) => boolean;
/** One filter of the query as a test of listing i, named by the screen's filter type. */
interface Stage {
  filter: FilterType;
  keep: Predicate;
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

const nullIfNaN = (v: number) => (Number.isNaN(v) ? null : v);
/** A result number to `digits` decimals (the results table shows 2; no float noise such as
 *  -0.27999999999999936 reaches a client);
 *  null when missing. Sorting reads the values as shown, so equal-looking rows fall back to symbol order
 *  as the screen would sort them; filtering reads the unrounded values. */
const shown = (v: number, digits: number) => {
  if (!Number.isFinite(v)) return null;
  const f = 10 ** digits;
  return Math.round(v * f) / f || 0;
};
/** Prices to the cent, below $1 to four decimals (a penny stock keeps its digits). */
const shownPrice = (v: number) => shown(v, Math.abs(v) >= 1 ? 2 : 4);
/** How each sortable extra is shown (ratios are not in the table: four decimals keep their order readable). */
const SHOWN_EXTRA: Record<string, (v: number) => number | null> = {
  vol_avg: (v) => shown(v, 0),
  sma: shownPrice,
  ema: shownPrice,
  rsi: (v) => shown(v, 2),
  quickratio: (v) => shown(v, 4),
  roe: (v) => shown(v, 4),
};

export class ScannerEngine {
  private snap: Snapshot | null = null;

  /** memo: false recomputes every indicator on every scan (the benchmark's naive baseline). */
  constructor(private cache: SeriesCache, private opts: { memo?: boolean } = {}) {}

  /** The snapshot of the cache's current version, rebuilt after the cache reloads. */
  snapshot(): Snapshot {
    if (!this.snap || this.snap.version !== this.cache.version) this.snap = buildSnapshot(this.cache);
    return this.snap;
  }

  scan(q: ScanQuery): ScanOutcome {
    const s = this.snapshot();
    const value = this.valueOf(s);
    const stages = this.stages(s, q, value);
    const matched = applyStages(s, stages);

    const sortValue = sortValueOf(s, q, value);
    const { field, desc } = q.ordering;
    const keyed = matched.map((i) => ({ i, symbol: s.entries[i].info.symbol, [field]: sortValue(i) }));
    keyed.sort(compareScanResults(field, desc) as (a: object, b: object) => number);

    const start = (q.page - 1) * q.page_size;
    const results = keyed.slice(start, start + q.page_size).map(({ i }) => resultRow(s, q, i, value));
    return { count: matched.length, results, emptyReason: matched.length ? null : emptyReason(s, stages) };
  }

  /** Every symbol the query's filters match today, in symbol order (no page, no sort). */
  matchingSymbols(q: ScanQuery): string[] {
    const s = this.snapshot();
    return applyStages(s, this.stages(s, q, this.valueOf(s))).map((i) => s.entries[i].info.symbol);
  }

  private valueOf(s: Snapshot) {
    return (spec: ValueSpec, i: number) => memoValue(s, spec.key, i, spec.compute, this.opts.memo !== false);
  }

  private stages(s: Snapshot, q: ScanQuery, value: (spec: ValueSpec, i: number) => number): Stage[] {
    return [...basicPredicates(s, q), ...taPredicates(s, q, value), ...faPredicates(q, value)];
  }
}

const everyListing = (s: Snapshot) => Array.from({ length: s.entries.length }, (_, i) => i);

function applyStages(s: Snapshot, stages: Stage[]): number[] {
  let matched = everyListing(s);
  for (const { keep } of stages) matched = matched.filter(keep);
  return matched;
}

/** The filter that, on its own, removes the most listings of the market (the first such in the query's
 *  order on a tie); null without filters. Rows of one filter type (FA compares) count together. */
function emptyReason(s: Snapshot, stages: Stage[]): ScanEmptyReason | null {
  const all = everyListing(s);
  const byFilter = new Map<FilterType, Predicate[]>();
  for (const { filter, keep } of stages) byFilter.set(filter, [...(byFilter.get(filter) ?? []), keep]);
  let best: ScanEmptyReason | null = null;
  for (const [filter, tests] of byFilter) {
    const removed = all.filter((i) => !tests.every((keep) => keep(i))).length;
    if (!best || removed > best.removed) best = { filter, removed, total: all.length };
  }
  return best;
}

function basicPredicates(s: Snapshot, q: ScanQuery): Stage[] {
  const out: Stage[] = [];
  if (q.market) {
    const m = storedMarket(q.market);
    out.push({ filter: 'market', keep: (i) => s.entries[i].info.market === m });
  }
  if (q.instr_type) out.push({ filter: 'instr_type', keep: (i) => s.entries[i].info.instr_type === q.instr_type });
  if (q.sector) out.push({ filter: 'sector', keep: (i) => s.entries[i].info.sector === q.sector });
  if (q.price) out.push({ filter: 'price', keep: (i) => inRange(s.price[i], q.price!) });
  if (q.volume) out.push({ filter: 'volume', keep: (i) => inRange(s.volume[i], q.volume!) });
  if (q.market_cap) out.push({ filter: 'market_cap', keep: (i) => inRange(s.marketCap[i], q.market_cap!) });
  if (q.chg) out.push({ filter: 'chg', keep: (i) => inRange(s.chg[i], q.chg!) });
  return out;
}

type ValueOf = (spec: ValueSpec, i: number) => number;

function taPredicates(s: Snapshot, q: ScanQuery, value: ValueOf): Stage[] {
  const out: Stage[] = [];
  // {f}_gte=true with {f}_compare=price: indicator ≥ price; _lte: indicator ≤ price (NaN never matches)
  const vsPrice = (filter: FilterType, spec: ValueSpec, f: { gte: boolean; lte: boolean }) => {
    if (f.gte) out.push({ filter, keep: (i) => value(spec, i) >= s.price[i] });
    if (f.lte) out.push({ filter, keep: (i) => value(spec, i) <= s.price[i] });
  };
  // cheapest first: later predicates only see the symbols earlier ones kept
  if (q.price_compare) {
    const { currentField, compareField, comparison, offset } = q.price_compare;
    const back = -offset;
    out.push({ filter: 'price_compare', keep: (i) => {
      const b = s.entries[i].bars;
      const n = b.close.length;
      if (n - 1 - back < 0) return false;
      return compareOhlc(b[currentField][n - 1], b[compareField][n - 1 - back], comparison);
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
    const spec = indicatorOutputValue(INDICATOR_RANGE_FILTERS[t].indicator, INDICATOR_RANGE_FILTERS[t].output);
    out.push({ filter: t, keep: (i) => inRange(value(spec, i), r) });
  }
  if (q.bb_band) {
    // the last close strictly outside the band (NaN bands in warm-up never match)
    const above = q.bb_band === 'above_upper';
    const spec = indicatorOutputValue('BBANDS', above ? 'upper' : 'lower');
    out.push({ filter: 'bb_band', keep: (i) => (above ? s.price[i] > value(spec, i) : s.price[i] < value(spec, i)) });
  }
  if (q.st) vsPrice('st', supertrendValue(q.st.period, q.st.multiplier), q.st);
  return out;
}

function faPredicates(q: ScanQuery, value: ValueOf): Stage[] {
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

/** The numbers behind the sortable extras: the query's own periods, fundamentals of fa_compare_period. */
function extraSpecs(q: ScanQuery) {
  return {
    vol_avg: volAvgValue(q.periods.vol_avg),
    sma: smaValue(q.periods.sma),
    ema: emaValue(q.periods.ema),
    rsi: rsiValue(q.periods.rsi),
    quickratio: latestFundamental('quickratio', q.fa_compare_period),
    roe: latestFundamental('roe', q.fa_compare_period),
  };
}

function sortValueOf(s: Snapshot, q: ScanQuery, value: ValueOf): (i: number) => string | number | null {
  const field: OrderingField = q.ordering.field;
  const info = (i: number) => s.entries[i].info;
  switch (field) {
    case 'symbol': return (i) => info(i).symbol;
    case 'name': return (i) => info(i).name;
    case 'sector': return (i) => info(i).sector;
    case 'market': return (i) => info(i).market;
    case 'price': return (i) => shownPrice(s.price[i]);
    case 'diff': return (i) => shown(s.diff[i], 2);
    case 'chg': return (i) => shown(s.chg[i], 2);
    case 'volume': return (i) => shown(s.volume[i], 0);
    case 'market_cap': return (i) => shown(s.marketCap[i], 0);
    default: {
      const spec = extraSpecs(q)[field];
      const show = SHOWN_EXTRA[field] ?? nullIfNaN;
      return (i) => show(value(spec, i));
    }
  }
}

function resultRow(s: Snapshot, q: ScanQuery, i: number, value: ValueOf): ScanResult {
  const { info } = s.entries[i];
  const x = extraSpecs(q);
  return {
    symbol: info.symbol,
    name: info.name,
    price: shownPrice(s.price[i]),
    diff: shown(s.diff[i], 2),
    chg: shown(s.chg[i], 2),
    sector: info.sector,
    market: info.market,
    market_cap: shown(s.marketCap[i], 0),
    volume: shown(s.volume[i], 0),
    vol_avg: SHOWN_EXTRA.vol_avg(value(x.vol_avg, i)),
    sma: SHOWN_EXTRA.sma(value(x.sma, i)),
    ema: SHOWN_EXTRA.ema(value(x.ema, i)),
    rsi: SHOWN_EXTRA.rsi(value(x.rsi, i)),
    quickratio: SHOWN_EXTRA.quickratio(value(x.quickratio, i)),
    roe: SHOWN_EXTRA.roe(value(x.roe, i)),
  };
}
