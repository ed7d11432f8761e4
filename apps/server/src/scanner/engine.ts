import { compareScanResults, INDICATOR_RANGE_FILTERS, INDICATOR_RANGE_TYPES, indicatorColumns, indicatorParamValues, TA_DEFAULTS, type FilterType, type OrderingField, type ScanEmptyReason, type ScanQuery, type ScanResult } from '@app/contract';
import type { SeriesCache } from '../market/seriesCache.ts';
import { buildSnapshot, memoValue, type Snapshot } from './snapshot.ts';
import { emaValue, indicatorOutputValue, latestFundamental, macdSpreadValue, rsiValue, smaValue, supertrendValue, volAvgValue, type ValueSpec } from './values.ts';
import { scanStages, type Predicate, type ScanView, type Stage } from './filters.ts';

// The scan: a validated query (packages/contract parseScanQuery) becomes a list of predicates over
// the listings of the series cache that trade today (filters.ts says what each filter means), cheapest first — Basic filters read precomputed quote columns,
// TA filters the memoized last values of indicators, FA filters the memoized fundamentals — then the
// survivors are sorted (compareScanResults, the order the screen uses too) and one page is built.

export interface ScanOutcome {
  count: number;
  results: ScanResult[];
  /** when nothing matched: the filter that alone removes the most listings */
  emptyReason: ScanEmptyReason | null;
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
  st: shownPrice,
  macd: (v) => shown(v, 4),
  bb_pctb: (v) => shown(v, 4),
  stoch: (v) => shown(v, 2),
  adx: (v) => shown(v, 2),
  cci: (v) => shown(v, 2),
  roc: (v) => shown(v, 2),
  willr: (v) => shown(v, 2),
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
    const specs = extraSpecs(q);
    const columns = new Set<string>(indicatorColumns(q).map((c) => c.field));
    const results = keyed.slice(start, start + q.page_size).map(({ i }) => resultRow(s, i, value, specs, columns));
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
    return scanStages(todayView(s, value), q);
  }
}

/** Today as the filters see it: the snapshot's quote columns (a listing without bars shows the
 *  screener's last sale) and the memo of last values. */
function todayView(s: Snapshot, value: (spec: ValueSpec, i: number) => number): ScanView {
  return {
    entry: (i) => s.entries[i],
    bar: (i) => s.entries[i].bars.close.length - 1,
    price: (i) => s.price[i],
    volume: (i) => s.volume[i],
    chg: (i) => s.chg[i],
    marketCap: (i) => s.marketCap[i],
    value,
  };
}

type ValueOf = (spec: ValueSpec, i: number) => number;

/** The listings that trade today: a delisted one (its bars stopped) is no current match. */
const everyListing = (s: Snapshot) => {
  const out: number[] = [];
  for (let i = 0; i < s.entries.length; i++) if (!s.entries[i].info.delisted_on) out.push(i);
  return out;
};

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

/** The numbers behind the sortable extras: the query's own periods, fundamentals of fa_compare_period. */
function extraSpecs(q: ScanQuery) {
  return {
    vol_avg: volAvgValue(q.periods.vol_avg),
    sma: smaValue(q.periods.sma),
    ema: emaValue(q.periods.ema),
    rsi: rsiValue(q.periods.rsi),
    quickratio: latestFundamental('quickratio', q.fa_compare_period),
    roe: latestFundamental('roe', q.fa_compare_period),
    // the filtered indicators' columns: the filter's own parameters, else the defaults
    st: supertrendValue(q.st?.period ?? TA_DEFAULTS.st, q.st?.multiplier ?? TA_DEFAULTS.stMultiplier),
    macd: macdSpreadValue(q.macd?.fast ?? TA_DEFAULTS.macd.fast, q.macd?.slow ?? TA_DEFAULTS.macd.slow, q.macd?.signal ?? TA_DEFAULTS.macd.signal),
    ...(Object.fromEntries(INDICATOR_RANGE_TYPES.map((t) => {
      const f = INDICATOR_RANGE_FILTERS[t];
      return [t, indicatorOutputValue(f.indicator, f.output, indicatorParamValues(t, q.indicator_params?.[t]))];
    })) as Record<(typeof INDICATOR_RANGE_TYPES)[number], ValueSpec>),
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
      if (isColumnOnly(field) && !filteredOn(q, field)) return () => null;
      const spec = extraSpecs(q)[field as keyof ReturnType<typeof extraSpecs>];
      const show = SHOWN_EXTRA[field] ?? nullIfNaN;
      return (i) => show(value(spec, i));
    }
  }
}

function resultRow(s: Snapshot, i: number, value: ValueOf, x: ReturnType<typeof extraSpecs>, columns: ReadonlySet<string>): ScanResult {
  const { info } = s.entries[i];
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
    ...Object.fromEntries(COLUMN_ONLY.map((f) => [f, columns.has(f) ? SHOWN_EXTRA[f](value(x[f], i)) : null])),
  };
}

/** Indicator values a result carries only when the query filters on the indicator (its column on the
 *  screen), so a scan never computes an indicator nobody asked for; null otherwise. */
const COLUMN_ONLY = ['st', 'macd', ...INDICATOR_RANGE_TYPES] as const;
type ColumnOnly = (typeof COLUMN_ONLY)[number];
const isColumnOnly = (f: string): f is ColumnOnly => (COLUMN_ONLY as readonly string[]).includes(f);
const filteredOn = (q: ScanQuery, f: ColumnOnly) => indicatorColumns(q).some((c) => c.field === f);
