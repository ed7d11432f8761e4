// The scan's query string (spec §7): rows → query (the screen), query → validated ScanQuery (the
// server) → rows (a shared link). Every parameter has a parser in one table.
import { z } from 'zod';
import {
  DEFAULT_ORDERING,
  FA_DIRECTIONS,
  FA_METRICS,
  FA_OPERATORS,
  FA_PERIOD_TYPES,
  INSTR_TYPES,
  OHLC_COMPARISONS,
  OHLC_FIELDS,
  ORDERING_FIELDS,
  percentageError,
  PERFORMANCE_OPERATORS,
  SCANNER_LIMITS,
  SCANNER_MARKETS,
  SCANNER_MESSAGES,
  SCANNER_SECTORS,
  TA_DEFAULTS,
  type Decoded,
  type FaDirection,
  type FaMetric,
  type FaOperator,
  type FaPeriodType,
  type InstrType,
  type OhlcComparison,
  type OhlcField,
  type OrderingField,
  type RangeOperator,
  type ScannerMarket,
  type ScannerSector,
} from './vocabulary.ts';
import type { FilterRow, Num } from './rows.ts';
import { BB_BANDS, INDICATOR_RANGE_FILTERS, INDICATOR_RANGE_TYPES, indicatorParamList, indicatorRangeParams, type BbBand, type IndicatorRangeType } from './indicatorFilters.ts';

// ───────────────────────────── the scan query string (spec §7) ─────────────────────────────

/** FA compare parameters are `{metric}__{gte|lte|gt|lt}`. */
const FA_COMPARE_KEY = new RegExp(`^(${FA_METRICS.join('|')})__(gte|lte|gt|lt)$`);

/** The query string of a scan. Later rows of the same type override earlier ones. Numbers are written
 *  as JavaScript prints them; `ordering`, `page` and `page_size` are added when given. */
export function buildScanQuery(rows: FilterRow[], opts: { ordering?: string; page?: number; page_size?: number } = {}): string {
  const p = new Map<string, string>();
  const set = (k: string, v: string | number | boolean) => p.set(k, String(v));
  const range = (key: string, r: { operator: RangeOperator; value1: Num; value2: Num }) => {
    p.delete(`${key}__gte`);
    p.delete(`${key}__lte`);
    if (r.value1 === null) return;
    if (r.operator === 'between') {
      set(`${key}__gte`, Math.min(r.value1, r.value2 ?? r.value1));
      set(`${key}__lte`, Math.max(r.value1, r.value2 ?? r.value1));
    } else set(`${key}__${r.operator}`, r.value1);
  };
  const taRange = (key: string, r: { operator: RangeOperator; value1: Num; value2: Num }) => {
    p.delete(`${key}_gte`);
    p.delete(`${key}_lte`);
    if (r.value1 === null) return;
    if (r.operator === 'between') {
      set(`${key}_gte`, Math.min(r.value1, r.value2 ?? r.value1));
      set(`${key}_lte`, Math.max(r.value1, r.value2 ?? r.value1));
    } else set(`${key}_${r.operator}`, r.value1);
  };
  for (const row of rows) {
    switch (row.type) {
      case 'price':
      case 'volume':
      case 'market_cap':
        range(row.type, row);
        break;
      case 'chg':
        range('chg', { operator: row.operator, value1: row.value1, value2: null });
        break;
      case 'market':
      case 'sector':
      case 'instr_type':
        set(row.type, row.value);
        break;
      case 'sma':
      case 'ema':
      case 'st':
        p.delete(`${row.type}_gte`);
        p.delete(`${row.type}_lte`);
        set(`${row.type}_${row.operator}`, true);
        set(`${row.type}_compare`, 'price');
        set(`${row.type}_period`, row.period);
        if (row.type === 'st') set('st_multiplier', row.multiplier);
        break;
      case 'rsi':
      case 'vol_avg':
        taRange(row.type, row);
        set(`${row.type}_period`, row.period);
        break;
      case 'bb_pctb':
      case 'stoch':
      case 'adx':
      case 'cci':
      case 'roc':
      case 'willr': {
        taRange(row.type, row);
        const params = indicatorRangeParams(row.type);
        if (row.params) params.forEach((p, i) => set(`${row.type}_${p.field}`, row.params![i] ?? p.default));
        break;
      }
      case 'bb_band':
        set('bb_band', row.band);
        break;
      case 'macd':
        set('macd_above_signal', row.aboveSignal);
        set('macd_fast', row.fast);
        set('macd_slow', row.slow);
        set('macd_signal', row.signal);
        break;
      case 'price_compare':
        set('price_compare', true);
        set('price_compare_current_field', row.currentField);
        set('price_compare_compare_field', row.compareField);
        set('price_compare_comparison', row.comparison);
        set('price_compare_offset', row.offset);
        break;
      case 'financial_trend':
        set('fa_metric', row.metric);
        set('fa_period_type', row.periodType);
        set('fa_direction', row.direction);
        set('fa_consecutive_periods', row.periods);
        break;
      case 'fa_compare':
        for (const op of FA_OPERATORS) p.delete(`${row.metric}__${op}`);
        if (row.value !== null) set(`${row.metric}__${row.operator}`, row.value);
        set('fa_compare_period', row.periodType);
        break;
    }
  }
  if (opts.ordering) set('ordering', opts.ordering);
  if (opts.page !== undefined) set('page', opts.page);
  if (opts.page_size !== undefined) set('page_size', opts.page_size);
  return new URLSearchParams([...p]).toString();
}

export interface NumRange {
  gte?: number;
  lte?: number;
}

/** A validated scan query: what the server evaluates. */
export interface ScanQuery {
  price?: NumRange;
  volume?: NumRange;
  market_cap?: NumRange;
  chg?: NumRange;
  market?: ScannerMarket;
  sector?: ScannerSector;
  instr_type?: InstrType;
  /** indicator ≥ price (gte) or ≤ price (lte); both may be given */
  sma?: { gte: boolean; lte: boolean; period: number };
  ema?: { gte: boolean; lte: boolean; period: number };
  st?: { gte: boolean; lte: boolean; period: number; multiplier: number };
  rsi?: NumRange & { period: number };
  vol_avg?: NumRange & { period: number };
  macd?: { aboveSignal: boolean; fast: number; slow: number; signal: number };
  /** the oscillators and Bollinger %B at their default parameters, each within its range */
  indicator_ranges: Partial<Record<IndicatorRangeType, NumRange>>;
  /** the parameters a query names for a filter of indicator_ranges (indicatorRangeParams order, the
   *  unnamed ones at their defaults); absent: the defaults */
  indicator_params?: Partial<Record<IndicatorRangeType, number[]>>;
  bb_band?: BbBand;
  price_compare?: { currentField: OhlcField; compareField: OhlcField; comparison: OhlcComparison; offset: number };
  financial_trend?: { metric: FaMetric; periodType: FaPeriodType; direction: FaDirection; periods: number };
  fa_compare: Array<{ metric: FaMetric; operator: FaOperator; value: number }>;
  fa_compare_period: FaPeriodType;
  /** periods of the sortable indicator columns: the filter's own, else the spec defaults */
  periods: { sma: number; ema: number; rsi: number; vol_avg: number };
  ordering: { field: OrderingField; desc: boolean };
  page: number;
  page_size: number;
}

// Each parameter's parser: string in, typed value out, or a DRF-style message.
type ParamParser = (s: string) => { v: unknown } | { e: string };

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
function numberParser(range: { min: number; max: number }, opts: { integer?: boolean } = {}): ParamParser {
  return (s) => {
    if (opts.integer ? !/^[+-]?\d+$/.test(s) : !NUMBER_RE.test(s)) return { e: opts.integer ? 'Enter a whole number.' : 'Enter a number.' };
    const v = Number(s);
    if (!Number.isFinite(v)) return { e: 'Enter a number.' };
    if (v < range.min) return { e: `Ensure this value is greater than or equal to ${range.min}.` };
    if (v > range.max) return { e: `Ensure this value is less than or equal to ${range.max}.` };
    return { v };
  };
}
function choiceParser(choices: readonly string[], aliases: Record<string, string> = {}): ParamParser {
  return (s) => {
    const v = aliases[s] ?? s;
    return choices.includes(v) ? { v } : { e: `Select a valid choice. ${s} is not one of the available choices.` };
  };
}
const boolParser: ParamParser = (s) => {
  const l = s.toLowerCase();
  if (l === 'true' || l === '1') return { v: true };
  if (l === 'false' || l === '0') return { v: false };
  return { e: 'Must be true or false.' };
};
const percentParser: ParamParser = (s) => {
  const e = percentageError(s);
  return e ? { e } : { v: Number(s) };
};

const L = SCANNER_LIMITS;
const taPeriod = numberParser(L.taPeriod, { integer: true });
const macdPeriod = numberParser(L.macdPeriod, { integer: true });
const OHLC_WORDS: Record<string, OhlcComparison> = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '==', neq: '!=' };

/** Every fixed parameter the scan accepts. */
const PARAMS: Record<string, ParamParser> = {
  price__gte: numberParser(L.price), price__lte: numberParser(L.price),
  volume__gte: numberParser(L.volume), volume__lte: numberParser(L.volume),
  market_cap__gte: numberParser(L.market_cap), market_cap__lte: numberParser(L.market_cap),
  chg__gte: percentParser, chg__lte: percentParser,
  market: choiceParser(SCANNER_MARKETS, { NYSEARCA: 'NYSEACRA' }),
  sector: choiceParser(SCANNER_SECTORS),
  instr_type: choiceParser(INSTR_TYPES),
  sma_gte: boolParser, sma_lte: boolParser, sma_compare: choiceParser(['price']), sma_period: taPeriod,
  ema_gte: boolParser, ema_lte: boolParser, ema_compare: choiceParser(['price']), ema_period: taPeriod,
  st_gte: boolParser, st_lte: boolParser, st_compare: choiceParser(['price']), st_period: taPeriod,
  st_multiplier: numberParser(L.stMultiplier),
  rsi_gte: numberParser(L.rsi), rsi_lte: numberParser(L.rsi), rsi_period: taPeriod,
  vol_avg_gte: numberParser(L.vol_avg), vol_avg_lte: numberParser(L.vol_avg), vol_avg_period: taPeriod,
  macd_above_signal: boolParser, macd_fast: macdPeriod, macd_slow: macdPeriod, macd_signal: macdPeriod,
  ...Object.fromEntries(INDICATOR_RANGE_TYPES.flatMap((t) => {
    const parse = numberParser(INDICATOR_RANGE_FILTERS[t].limits);
    return [[`${t}_gte`, parse], [`${t}_lte`, parse], ...indicatorRangeParams(t).map((p) => [`${t}_${p.field}`, numberParser(p, { integer: p.integer })])];
  })),
  bb_band: choiceParser(BB_BANDS),
  price_compare: boolParser,
  price_compare_current_field: choiceParser(OHLC_FIELDS),
  price_compare_compare_field: choiceParser(OHLC_FIELDS),
  price_compare_comparison: choiceParser(OHLC_COMPARISONS, OHLC_WORDS),
  price_compare_offset: numberParser({ min: -7, max: 0 }, { integer: true }),
  fa_metric: choiceParser(FA_METRICS),
  fa_period_type: choiceParser(FA_PERIOD_TYPES),
  fa_direction: choiceParser(FA_DIRECTIONS),
  fa_consecutive_periods: numberParser(L.faPeriods, { integer: true }),
  fa_compare_period: choiceParser(FA_PERIOD_TYPES),
  ordering: choiceParser([...ORDERING_FIELDS, ...ORDERING_FIELDS.map((f) => `-${f}`)]),
  page: numberParser(L.page, { integer: true }),
  page_size: numberParser(L.pageSize, { integer: true }),
};
const faValue = numberParser(L.faValue);

/** Validates a scan's parameters (values as the query string gives them: a string, or an array when a key
 *  repeats). Empty values count as absent, as in django-filter. Errors are DRF bodies naming each bad key. */
export function parseScanQuery(params: Iterable<[string, string | string[]]> | Record<string, string | string[] | undefined>): Decoded<ScanQuery> {
  const entries: Array<[string, unknown]> = Symbol.iterator in params ? [...(params as Iterable<[string, string | string[]]>)] : Object.entries(params);
  const errors: Record<string, string[]> = Object.create(null);
  const got = new Map<string, unknown>();
  const faCompare: ScanQuery['fa_compare'] = [];
  for (const [key, raw] of entries) {
    if (raw === undefined) continue;
    const parser = Object.hasOwn(PARAMS, key) ? PARAMS[key] : FA_COMPARE_KEY.test(key) ? faValue : null;
    if (!parser) {
      errors[key] = [SCANNER_MESSAGES.unknownParameter];
      continue;
    }
    if (typeof raw !== 'string') {
      errors[key] = ['Give this parameter once.'];
      continue;
    }
    if (raw.trim() === '') continue;
    const r = parser(raw.trim());
    if ('e' in r) errors[key] = [r.e];
    else if (parser === faValue) {
      const [metric, op] = key.split('__') as [FaMetric, FaOperator];
      faCompare.push({ metric, operator: op, value: r.v as number });
    } else got.set(key, r.v);
  }
  if (Object.keys(errors).length) return { ok: false, errors: { ...errors } };

  const g = <T>(k: string): T | undefined => got.get(k) as T | undefined;
  const range = (lo: string, hi: string): NumRange | undefined =>
    got.has(lo) || got.has(hi) ? { gte: g<number>(lo), lte: g<number>(hi) } : undefined;
  const q: ScanQuery = {
    indicator_ranges: {},
    fa_compare: faCompare,
    fa_compare_period: g<FaPeriodType>('fa_compare_period') ?? 'QUARTERLY',
    periods: {
      sma: g<number>('sma_period') ?? TA_DEFAULTS.sma,
      ema: g<number>('ema_period') ?? TA_DEFAULTS.ema,
      rsi: g<number>('rsi_period') ?? TA_DEFAULTS.rsi,
      vol_avg: g<number>('vol_avg_period') ?? TA_DEFAULTS.vol_avg,
    },
    ordering: { field: 'volume', desc: true },
    page: g<number>('page') ?? 1,
    page_size: g<number>('page_size') ?? L.pageSize.default,
  };
  const ord = g<string>('ordering') ?? DEFAULT_ORDERING;
  q.ordering = { field: ord.replace(/^-/, '') as OrderingField, desc: ord.startsWith('-') };
  const set = <K extends keyof ScanQuery>(k: K, v: ScanQuery[K] | undefined) => {
    if (v !== undefined) q[k] = v;
  };
  set('price', range('price__gte', 'price__lte'));
  set('volume', range('volume__gte', 'volume__lte'));
  set('market_cap', range('market_cap__gte', 'market_cap__lte'));
  set('chg', range('chg__gte', 'chg__lte'));
  set('market', g('market'));
  set('sector', g('sector'));
  set('instr_type', g('instr_type'));
  for (const k of ['sma', 'ema', 'st'] as const) {
    const gte = g<boolean>(`${k}_gte`) === true;
    const lte = g<boolean>(`${k}_lte`) === true;
    if (!gte && !lte) continue;
    if (k === 'st') q.st = { gte, lte, period: g<number>('st_period') ?? TA_DEFAULTS.st, multiplier: g<number>('st_multiplier') ?? TA_DEFAULTS.stMultiplier };
    else q[k] = { gte, lte, period: q.periods[k] };
  }
  for (const k of ['rsi', 'vol_avg'] as const) {
    const r = range(`${k}_gte`, `${k}_lte`);
    if (r) q[k] = { ...r, period: q.periods[k] };
  }
  for (const t of INDICATOR_RANGE_TYPES) {
    const r = range(`${t}_gte`, `${t}_lte`);
    if (r) q.indicator_ranges[t] = r;
    const named = indicatorRangeParams(t).map((p) => g<number>(`${t}_${p.field}`));
    if (named.some((v) => v !== undefined)) q.indicator_params = { ...q.indicator_params, [t]: named.map((v, i) => v ?? indicatorParamList(t)[i]) };
  }
  set('bb_band', g('bb_band'));
  if (got.has('macd_above_signal'))
    q.macd = {
      aboveSignal: g<boolean>('macd_above_signal')!,
      fast: g<number>('macd_fast') ?? TA_DEFAULTS.macd.fast,
      slow: g<number>('macd_slow') ?? TA_DEFAULTS.macd.slow,
      signal: g<number>('macd_signal') ?? TA_DEFAULTS.macd.signal,
    };
  if (g<boolean>('price_compare') === true)
    q.price_compare = {
      currentField: g<OhlcField>('price_compare_current_field') ?? 'close',
      compareField: g<OhlcField>('price_compare_compare_field') ?? 'open',
      comparison: g<OhlcComparison>('price_compare_comparison') ?? '>',
      offset: g<number>('price_compare_offset') ?? 0,
    };
  if (got.has('fa_metric'))
    q.financial_trend = {
      metric: g<FaMetric>('fa_metric')!,
      periodType: g<FaPeriodType>('fa_period_type') ?? 'QUARTERLY',
      direction: g<FaDirection>('fa_direction') ?? 'increasing',
      periods: g<number>('fa_consecutive_periods') ?? 3,
    };
  return { ok: true, value: q };
}

/** The scan's parameters as the query string gives them (a key given twice gives an array). */
export type RawQuery = Record<string, string | string[]>;

/** GET /api/scanner/stocks/'s query: the raw parameters in, the validated ScanQuery out; each bad
 *  parameter becomes an issue at its own key, so the 400 names it. */
export const ScanQueryParams = z
  .custom<RawQuery>((v) => typeof v === 'object' && v !== null)
  .transform((raw, ctx) => {
    const r = parseScanQuery(raw);
    if (r.ok) return r.value;
    for (const [key, messages] of Object.entries(r.errors)) for (const message of messages) ctx.addIssue({ code: 'custom', path: [key], message });
    return z.NEVER;
  });

/** The fixed parameters' names, and how the FA compare ones are spelled (for the docs). */
export const SCAN_PARAMETERS = Object.keys(PARAMS);
export const FA_COMPARE_PARAMETER = `{${FA_METRICS.join('|')}}__{${FA_OPERATORS.join('|')}}`;

/** The filter rows a validated query stands for (the reverse of buildScanQuery). */
export function scanQueryToRows(q: ScanQuery): FilterRow[] {
  const rows: FilterRow[] = [];
  const rangeRow = (r: NumRange): { operator: RangeOperator; value1: number; value2: number | null } =>
    r.gte !== undefined && r.lte !== undefined
      ? { operator: 'between', value1: r.gte, value2: r.lte }
      : r.gte !== undefined
        ? { operator: 'gte', value1: r.gte, value2: null }
        : { operator: 'lte', value1: r.lte!, value2: null };
  for (const k of ['price', 'volume', 'market_cap'] as const) if (q[k]) rows.push({ category: 'Basic', type: k, ...rangeRow(q[k]!) });
  if (q.chg) {
    if (q.chg.gte !== undefined) rows.push({ category: 'Basic', type: 'chg', operator: 'gte', value1: q.chg.gte });
    if (q.chg.lte !== undefined) rows.push({ category: 'Basic', type: 'chg', operator: 'lte', value1: q.chg.lte });
  }
  if (q.market) rows.push({ category: 'Basic', type: 'market', value: q.market });
  if (q.sector) rows.push({ category: 'Basic', type: 'sector', value: q.sector });
  if (q.instr_type) rows.push({ category: 'Basic', type: 'instr_type', value: q.instr_type });
  for (const k of ['sma', 'ema'] as const) {
    const m = q[k];
    if (m) for (const op of PERFORMANCE_OPERATORS) if (m[op]) rows.push({ category: 'TA', type: k, operator: op, period: m.period });
  }
  if (q.st) for (const op of PERFORMANCE_OPERATORS) if (q.st[op]) rows.push({ category: 'TA', type: 'st', operator: op, period: q.st.period, multiplier: q.st.multiplier });
  for (const k of ['rsi', 'vol_avg'] as const) if (q[k]) rows.push({ category: 'TA', type: k, ...rangeRow(q[k]!), period: q[k]!.period });
  if (q.macd) rows.push({ category: 'TA', type: 'macd', ...q.macd });
  for (const t of INDICATOR_RANGE_TYPES) {
    const r = q.indicator_ranges[t];
    const params = q.indicator_params?.[t];
    if (r) rows.push({ category: 'TA', type: t, ...rangeRow(r), ...(params && { params }) });
  }
  if (q.bb_band) rows.push({ category: 'TA', type: 'bb_band', band: q.bb_band });
  if (q.price_compare) rows.push({ category: 'TA', type: 'price_compare', ...q.price_compare });
  if (q.financial_trend) rows.push({ category: 'FA', type: 'financial_trend', ...q.financial_trend });
  for (const c of q.fa_compare) rows.push({ category: 'FA', type: 'fa_compare', metric: c.metric, operator: c.operator, value: c.value, periodType: q.fa_compare_period });
  return rows;
}
