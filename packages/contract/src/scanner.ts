// The stock scanner's contract (spec §2 Stock Scanner, §3, §5, §7, §9; ARCHITECTURE.md "Scanner semantics"):
// the constants and messages, the filter rows the screen edits, the saved filters the server stores, the
// query string the screen sends and the server validates, and the result page. The codec between the three
// shapes lives here so the server and the web app cannot disagree:
//
//   FilterRow (screen)  ⇄  SavedFilter (spec §3, stored)      rowToSavedFilter / savedFilterToRow
//   FilterRow[]          →  query string (spec §7)             buildScanQuery
//   query string         →  ScanQuery (validated) → FilterRow[] parseScanQuery / scanQueryToRows
import { z } from 'zod';

// ───────────────────────────── constants (spec §9) ─────────────────────────────

export const SCANNER_CATEGORIES = ['Basic', 'TA', 'FA'] as const;
export type ScannerCategory = (typeof SCANNER_CATEGORIES)[number];

/** The spec's market names, as the screen lists and the query sends them (NASDAQ is the default). */
export const SCANNER_MARKETS = ['NASDAQ', 'NYSE', 'AMEX', 'BATS', 'NYSEACRA', 'OTCBB', 'PINK'] as const;
export type ScannerMarket = (typeof SCANNER_MARKETS)[number];
/** The spec spells NYSE Arca 'NYSEACRA'; listings store the exchange's own name 'NYSEARCA'. */
export const storedMarket = (m: ScannerMarket): string => (m === 'NYSEACRA' ? 'NYSEARCA' : m);

export const SCANNER_SECTORS = [
  'Basic Materials', 'Consumer Discretionary', 'Consumer Staples', 'Energy', 'Finance', 'Health Care',
  'Industrials', 'Miscellaneous', 'Real Estate', 'Technology', 'Telecommunications', 'Utilities',
] as const;
export type ScannerSector = (typeof SCANNER_SECTORS)[number];

export const INSTR_TYPES = ['EQUITY', 'ETF'] as const;
export type InstrType = (typeof INSTR_TYPES)[number];

/** The fundamental metrics (the spec says 27 but lists these 28). */
export const FA_METRICS = [
  'revenue', 'netincome', 'epsbasic', 'epsdiluted', 'operatingcashflow', 'fcf', 'grossprofit',
  'operatingincome', 'ebitda', 'ebit', 'totalassets', 'currentliabilities', 'totalliabilities',
  'totalequity', 'totalcash', 'netcash', 'workingcapital', 'investingcashflow', 'financingcashflow',
  'netcashflow', 'operatingmargin', 'netprofitmargin', 'roe', 'roa', 'roic', 'debttoequity',
  'currentratio', 'quickratio',
] as const;
export type FaMetric = (typeof FA_METRICS)[number];

export const FA_PERIOD_TYPES = ['QUARTERLY', 'ANNUAL'] as const;
export type FaPeriodType = (typeof FA_PERIOD_TYPES)[number];
export const FA_DIRECTIONS = ['increasing', 'decreasing'] as const;
export type FaDirection = (typeof FA_DIRECTIONS)[number];

export const OHLC_FIELDS = ['close', 'open', 'high', 'low'] as const;
export type OhlcField = (typeof OHLC_FIELDS)[number];
export const OHLC_COMPARISONS = ['>', '>=', '<', '<=', '==', '!='] as const;
export type OhlcComparison = (typeof OHLC_COMPARISONS)[number];
/** Day offsets of the price comparison: 0 (today) back to -7 trading days. */
export const OHLC_OFFSETS = [0, -1, -2, -3, -4, -5, -6, -7] as const;

/** Operators as the saved filter stores them (symbols) and as the query spells them (words). */
export const OPERATOR_SYMBOLS = ['>=', '<=', '==', '!=', '>', '<', 'between'] as const;
export type OperatorSymbol = (typeof OPERATOR_SYMBOLS)[number];
export const OPERATOR_WORDS = ['gte', 'lte', 'eq', 'neq', 'gt', 'lt', 'between'] as const;
export type OperatorWord = (typeof OPERATOR_WORDS)[number];
const SYMBOL_TO_WORD: Record<OperatorSymbol, OperatorWord> = {
  '>=': 'gte', '<=': 'lte', '==': 'eq', '!=': 'neq', '>': 'gt', '<': 'lt', between: 'between',
};
const WORD_TO_SYMBOL = Object.fromEntries(Object.entries(SYMBOL_TO_WORD).map(([s, w]) => [w, s])) as Record<OperatorWord, OperatorSymbol>;
export const operatorToWord = (s: OperatorSymbol): OperatorWord => SYMBOL_TO_WORD[s];
export const operatorToSymbol = (w: OperatorWord): OperatorSymbol => WORD_TO_SYMBOL[w];
const isSymbol = (s: unknown): s is OperatorSymbol => typeof s === 'string' && s in SYMBOL_TO_WORD;
const isWord = (s: unknown): s is OperatorWord => typeof s === 'string' && s in WORD_TO_SYMBOL;

/** Operator choices per filter type (words). */
export const RANGE_OPERATORS = ['gte', 'lte', 'between'] as const; // price, volume, market cap, RSI, avg volume
export type RangeOperator = (typeof RANGE_OPERATORS)[number];
export const PERFORMANCE_OPERATORS = ['gte', 'lte'] as const; // % change; MA and Trendfinder vs price
export type PerformanceOperator = (typeof PERFORMANCE_OPERATORS)[number];
export const FA_OPERATORS = ['gte', 'lte', 'gt', 'lt'] as const;
export type FaOperator = (typeof FA_OPERATORS)[number];

export const SCANNER_LIMITS = {
  price: { min: 0, max: 100_000 },
  volume: { min: 0, max: 1e15 },
  market_cap: { min: 0, max: 1e14 },
  chg: { min: -100, max: 1000, decimals: 2 },
  rsi: { min: 0, max: 100 },
  vol_avg: { min: 0, max: 1e9 },
  taPeriod: { min: 5, max: 200 },
  stMultiplier: { min: 0.1, max: 100 },
  macdPeriod: { min: 1, max: 500 },
  faPeriods: { min: 2, max: 5 },
  faValue: { min: -1e15, max: 1e15 },
  page: { min: 1, max: 1_000_000 },
  pageSize: { min: 1, max: 500, default: 50 },
  templateName: { max: 100 },
  templateFilters: { max: 50 },
} as const;

export const TA_DEFAULTS = {
  sma: 200,
  ema: 20,
  st: 10,
  stMultiplier: 3,
  rsi: 14,
  vol_avg: 20,
  macd: { fast: 12, slow: 26, signal: 9 },
} as const;

/** Sortable fields (`ordering`, optionally prefixed '-'); the results table's headers use the first eight. */
export const ORDERING_FIELDS = [
  'symbol', 'name', 'price', 'diff', 'chg', 'sector', 'market_cap', 'volume',
  'vol_avg', 'sma', 'ema', 'rsi', 'quickratio', 'roe', 'market',
] as const;
export type OrderingField = (typeof ORDERING_FIELDS)[number];
export const DEFAULT_ORDERING = '-volume';

export const SCANNER_MESSAGES = {
  scanning: 'Scanning in progress, please wait patiently...',
  stocksFound: (n: number) => `Stocks found: ${n}`,
  noResults: 'No results found. Try adjusting your filters or click "Scan".',
  sessionExpired: 'Session expired. Please log in again.',
  scanFailed: 'Failed to perform scan. Please try again.',
  loadMoreFailed: 'Failed to load more results.',
  unexpectedFormat: 'Received an unexpected data format from the server.',
  /** a duplicate save answers 400 {"detail": nameUsed} */
  nameUsed: 'Name used. Please create unique name',
  saveFailed: 'Failed to save template. Please try again.',
  validationError: (field: string, message: string) => `Validation Error: ${field}: ${message}`,
  deleted: 'Template deleted successfully',
  deleteFailed: 'Failed to delete template. Please try again.',
  incompleteFilters: (n: number) => `Please complete all filters before saving. You have ${n} incomplete filter(s).`,
  nameEmpty: 'Template name cannot be empty',
  invalidNumber: 'Please enter a valid number',
  percentTooLow: (min: number) => `Percentage cannot be less than ${min}%`,
  percentTooHigh: (max: number) => `Percentage cannot be greater than ${max}%`,
  tooManyDecimals: (n: number) => `Maximum ${n} decimal places allowed`,
  unknownParameter: 'Unknown parameter.',
} as const;

// ───────────────────────────── input rules (spec §5) ─────────────────────────────

/** The % change input's rule: -100..1000, at most 2 decimals; null when valid. */
export function percentageError(input: string): string | null {
  const s = input.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return SCANNER_MESSAGES.invalidNumber;
  const v = Number(s);
  const { min, max, decimals } = SCANNER_LIMITS.chg;
  if (v < min) return SCANNER_MESSAGES.percentTooLow(min);
  if (v > max) return SCANNER_MESSAGES.percentTooHigh(max);
  const frac = s.split('.')[1] ?? '';
  if (frac.length > decimals) return SCANNER_MESSAGES.tooManyDecimals(decimals);
  return null;
}

const clampInt = (v: number, min: number, max: number, fallback: number) =>
  Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;
/** TA periods are whole numbers clamped to 5–200 on blur. */
export const clampTaPeriod = (v: number, fallback: number = TA_DEFAULTS.sma) =>
  clampInt(v, SCANNER_LIMITS.taPeriod.min, SCANNER_LIMITS.taPeriod.max, fallback);
/** Financial trend periods are clamped to 2–5. */
export const clampFaPeriods = (v: number) => clampInt(v, SCANNER_LIMITS.faPeriods.min, SCANNER_LIMITS.faPeriods.max, 3);
/** MACD periods: whole numbers, at least 1. */
export const clampMacdPeriod = (v: number, fallback: number) =>
  clampInt(v, SCANNER_LIMITS.macdPeriod.min, SCANNER_LIMITS.macdPeriod.max, fallback);
/** Range inputs stay inside their filter's bounds. */
export const clampToRange = (v: number, range: { min: number; max: number }) => Math.min(range.max, Math.max(range.min, v));

// ───────────────────────────── filter rows (what the screen edits) ─────────────────────────────

type Num = number | null; // null while the user has not typed a value yet

export type FilterRow =
  | { category: 'Basic'; type: 'price' | 'volume' | 'market_cap'; operator: RangeOperator; value1: Num; value2: Num }
  | { category: 'Basic'; type: 'chg'; operator: PerformanceOperator; value1: Num }
  | { category: 'Basic'; type: 'market'; value: ScannerMarket }
  | { category: 'Basic'; type: 'sector'; value: ScannerSector }
  | { category: 'Basic'; type: 'instr_type'; value: InstrType }
  | { category: 'TA'; type: 'sma' | 'ema'; operator: PerformanceOperator; period: number }
  | { category: 'TA'; type: 'st'; operator: PerformanceOperator; period: number; multiplier: number }
  | { category: 'TA'; type: 'rsi' | 'vol_avg'; operator: RangeOperator; value1: Num; value2: Num; period: number }
  | { category: 'TA'; type: 'macd'; aboveSignal: boolean; fast: number; slow: number; signal: number }
  | { category: 'TA'; type: 'price_compare'; currentField: OhlcField; compareField: OhlcField; comparison: OhlcComparison; offset: number }
  | { category: 'FA'; type: 'financial_trend'; metric: FaMetric; periodType: FaPeriodType; direction: FaDirection; periods: number }
  | { category: 'FA'; type: 'fa_compare'; metric: FaMetric; operator: FaOperator; value: Num; periodType: FaPeriodType };

export type FilterType = FilterRow['type'];
/** The row shape of one filter type (rows that share a shape, like price/volume, narrow to `type: T`). */
export type FilterRowOf<T extends FilterType> = FilterRow extends infer R
  ? R extends { type: infer U }
    ? T extends U
      ? Omit<R, 'type'> & { type: T }
      : never
    : never
  : never;

/** Filter types per category tab, in menu order, with the labels the screen shows. */
export const FILTER_TYPES: Record<ScannerCategory, ReadonlyArray<{ type: FilterType; label: string }>> = {
  Basic: [
    { type: 'price', label: 'Price' },
    { type: 'volume', label: 'Volume' },
    { type: 'market_cap', label: 'Market Cap' },
    { type: 'chg', label: '% Change' },
    { type: 'market', label: 'Market' },
    { type: 'sector', label: 'Sector' },
    { type: 'instr_type', label: 'Instrument Type' },
  ],
  TA: [
    { type: 'sma', label: 'SMA' },
    { type: 'ema', label: 'EMA' },
    { type: 'st', label: 'Trendfinder' },
    { type: 'rsi', label: 'RSI' },
    { type: 'vol_avg', label: 'Average Volume' },
    { type: 'macd', label: 'MACD' },
    { type: 'price_compare', label: 'OHLC Compare' },
  ],
  FA: [
    { type: 'financial_trend', label: 'Financial Trend' },
    { type: 'fa_compare', label: 'FA Compare' },
  ],
};

export const categoryOf = (type: FilterType): ScannerCategory =>
  (Object.keys(FILTER_TYPES) as ScannerCategory[]).find((c) => FILTER_TYPES[c].some((t) => t.type === type))!;

/** A new row with the spec §9 defaults. */
export function defaultFilterRow<T extends FilterType>(type: T): FilterRowOf<T> {
  const row: FilterRow = (() => {
    switch (type as FilterType) {
      case 'price':
      case 'volume':
      case 'market_cap':
        return { category: 'Basic', type: type as 'price', operator: 'gte', value1: null, value2: null };
      case 'chg':
        return { category: 'Basic', type: 'chg', operator: 'gte', value1: null };
      case 'market':
        return { category: 'Basic', type: 'market', value: 'NASDAQ' };
      case 'sector':
        return { category: 'Basic', type: 'sector', value: 'Technology' };
      case 'instr_type':
        return { category: 'Basic', type: 'instr_type', value: 'EQUITY' };
      case 'sma':
      case 'ema':
        return { category: 'TA', type: type as 'sma', operator: 'gte', period: TA_DEFAULTS[type as 'sma'] };
      case 'st':
        return { category: 'TA', type: 'st', operator: 'gte', period: TA_DEFAULTS.st, multiplier: TA_DEFAULTS.stMultiplier };
      case 'rsi':
      case 'vol_avg':
        return { category: 'TA', type: type as 'rsi', operator: 'gte', value1: null, value2: null, period: TA_DEFAULTS[type as 'rsi'] };
      case 'macd':
        return { category: 'TA', type: 'macd', aboveSignal: true, ...TA_DEFAULTS.macd };
      case 'price_compare':
        return { category: 'TA', type: 'price_compare', currentField: 'close', compareField: 'open', comparison: '>', offset: 0 };
      case 'financial_trend':
        return { category: 'FA', type: 'financial_trend', metric: 'revenue', periodType: 'QUARTERLY', direction: 'increasing', periods: 3 };
      case 'fa_compare':
        return { category: 'FA', type: 'fa_compare', metric: 'revenue', operator: 'gte', value: 1_000_000, periodType: 'QUARTERLY' };
    }
  })();
  return row as FilterRowOf<T>;
}

/** A row is complete when every value it needs is a finite number inside its bounds. */
export function isFilterComplete(row: FilterRow): boolean {
  const ok = (v: Num) => v !== null && Number.isFinite(v);
  switch (row.type) {
    case 'price':
    case 'volume':
    case 'market_cap':
    case 'rsi':
    case 'vol_avg':
      return ok(row.value1) && (row.operator !== 'between' || ok(row.value2));
    case 'chg':
      return ok(row.value1) && percentageError(String(row.value1)) === null;
    case 'fa_compare':
      return ok(row.value);
    default:
      return true;
  }
}

export const incompleteFilterCount = (rows: FilterRow[]) => rows.filter((r) => !isFilterComplete(r)).length;

// ───────────────────────────── saved filters (spec §3) ─────────────────────────────

const nullish = <T extends z.ZodType>(t: T) => t.nullish().transform((v) => (v ?? null) as z.output<T> | null);
/** Stored text: PostgreSQL text cannot hold U+0000 (DRF refuses it with this message). */
const text = (max: number, min = 0) => z.string().min(min).max(max).refine((s) => !s.includes('\u0000'), 'Null characters are not allowed.');
/** Stored whole numbers are 32-bit columns; fields a filter type does not use are still stored as given. */
const int32 = () => z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1);

/** A stored filter: every field of spec §3, null where the filter type does not use it. */
export const savedFilterSchema = z.object({
  category: z.enum(SCANNER_CATEGORIES),
  order: z.number().int().min(0).max(10_000),
  filter_type: text(50, 1),
  operator: nullish(text(10)),
  value_numeric_1: nullish(z.number().finite()),
  value_numeric_2: nullish(z.number().finite()),
  value_text: nullish(text(100)),
  indicator_period: nullish(text(50)),
  multiplier: nullish(z.number().finite()),
  fa_metric_name: nullish(text(50)),
  fa_period_type: nullish(text(20)),
  fa_direction: nullish(text(20)),
  fa_consecutive_periods: nullish(int32()),
  current_price_field: nullish(text(10)),
  compare_price_field: nullish(text(10)),
  ohlc_comparison: nullish(text(10)),
  ohlc_offset: nullish(int32()),
});
export type SavedFilter = z.output<typeof savedFilterSchema>;
export type SavedFilterInput = z.input<typeof savedFilterSchema>;
export const SAVED_FILTER_FIELDS = Object.keys(savedFilterSchema.shape) as Array<keyof SavedFilter>;

const blankSaved = (category: ScannerCategory, order: number, filter_type: string): SavedFilter => ({
  category, order, filter_type,
  operator: null, value_numeric_1: null, value_numeric_2: null, value_text: null, indicator_period: null,
  multiplier: null, fa_metric_name: null, fa_period_type: null, fa_direction: null, fa_consecutive_periods: null,
  current_price_field: null, compare_price_field: null, ohlc_comparison: null, ohlc_offset: null,
});

/** The stored form of a row (operators as symbols; TA MA types as sma_gte…; MACD periods '12,26,9'). */
export function rowToSavedFilter(row: FilterRow, order: number): SavedFilter {
  const f = blankSaved(row.category, order, row.type);
  switch (row.type) {
    case 'price':
    case 'volume':
    case 'market_cap':
    case 'rsi':
    case 'vol_avg':
      f.operator = operatorToSymbol(row.operator);
      f.value_numeric_1 = row.value1;
      f.value_numeric_2 = row.operator === 'between' ? row.value2 : null;
      if (row.type === 'rsi' || row.type === 'vol_avg') f.indicator_period = String(row.period);
      break;
    case 'chg':
      f.operator = operatorToSymbol(row.operator);
      f.value_numeric_1 = row.value1;
      break;
    case 'market':
    case 'sector':
    case 'instr_type':
      f.operator = '==';
      f.value_text = row.value;
      break;
    case 'sma':
    case 'ema':
    case 'st':
      f.filter_type = `${row.type}_${row.operator}`;
      f.operator = operatorToSymbol(row.operator);
      f.value_text = 'price';
      f.indicator_period = String(row.period);
      if (row.type === 'st') f.multiplier = row.multiplier;
      break;
    case 'macd':
      f.operator = row.aboveSignal ? '==' : '!=';
      f.indicator_period = `${row.fast},${row.slow},${row.signal}`;
      break;
    case 'price_compare':
      f.current_price_field = row.currentField;
      f.compare_price_field = row.compareField;
      f.ohlc_comparison = row.comparison;
      f.ohlc_offset = row.offset;
      break;
    case 'financial_trend':
      f.fa_metric_name = row.metric;
      f.fa_period_type = row.periodType;
      f.fa_direction = row.direction;
      f.fa_consecutive_periods = row.periods;
      break;
    case 'fa_compare':
      f.operator = operatorToSymbol(row.operator);
      f.fa_metric_name = row.metric;
      f.value_numeric_1 = row.value;
      f.fa_period_type = row.periodType;
      break;
  }
  return f;
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string[]> };

/** The row a stored filter stands for, or the fields that make it invalid (used to validate saves and
 *  to load saved queries; a Trendfinder saved without multiplier loads with 3). */
export function savedFilterToRow(f: SavedFilter): Decoded<FilterRow> {
  const errors: Record<string, string[]> = {};
  const bad = (field: keyof SavedFilter, msg: string) => ((errors[field] ??= []).push(msg), undefined);
  const oneOf = <T extends string>(field: keyof SavedFilter, choices: readonly T[]): T | undefined => {
    const v = f[field];
    return choices.includes(v as T) ? (v as T) : bad(field, `Select a valid choice. ${String(v)} is not one of the available choices.`);
  };
  const num = (field: keyof SavedFilter, range?: { min: number; max: number }): number | undefined => {
    const v = f[field];
    if (typeof v !== 'number') return bad(field, 'This field is required.');
    if (range && (v < range.min || v > range.max)) return bad(field, `Ensure this value is between ${range.min} and ${range.max}.`);
    return v;
  };
  const period = (range: { min: number; max: number }): number | undefined => {
    const s = f.indicator_period ?? '';
    const v = /^\d+$/.test(s) ? Number(s) : NaN;
    if (!(v >= range.min && v <= range.max)) return bad('indicator_period', `Enter a whole number from ${range.min} to ${range.max}.`);
    return v;
  };
  const opWord = <T extends OperatorWord>(choices: readonly T[]): T | undefined => {
    const w = isSymbol(f.operator) ? operatorToWord(f.operator) : undefined;
    return w && (choices as readonly string[]).includes(w) ? (w as T) : bad('operator', `Select a valid choice. ${String(f.operator)} is not one of the available choices.`);
  };

  const maMatch = /^(sma|ema|st)_(gte|lte)$/.exec(f.filter_type);
  const type = (maMatch ? maMatch[1] : f.filter_type) as FilterType;
  if (!categoryOf(type)) return { ok: false, errors: { filter_type: [`Unknown filter type ${f.filter_type}.`] } };
  if (categoryOf(type) !== f.category) return { ok: false, errors: { category: [`${f.filter_type} belongs to ${categoryOf(type)}.`] } };
  if (['sma', 'ema', 'st'].includes(type) && !maMatch) return { ok: false, errors: { filter_type: [`Use ${type}_gte or ${type}_lte.`] } };

  let row: FilterRow | undefined;
  switch (type) {
    case 'price':
    case 'volume':
    case 'market_cap': {
      const operator = opWord(RANGE_OPERATORS);
      const range = SCANNER_LIMITS[type];
      const value1 = num('value_numeric_1', range);
      const value2 = operator === 'between' ? num('value_numeric_2', range) : null;
      if (operator && value1 !== undefined && value2 !== undefined) row = { category: 'Basic', type, operator, value1, value2 };
      break;
    }
    case 'chg': {
      const operator = opWord(PERFORMANCE_OPERATORS);
      const value1 = num('value_numeric_1');
      const err = value1 === undefined ? null : percentageError(String(value1));
      if (err) bad('value_numeric_1', err);
      else if (operator && value1 !== undefined) row = { category: 'Basic', type, operator, value1 };
      break;
    }
    case 'market': {
      const value = oneOf('value_text', SCANNER_MARKETS);
      if (value) row = { category: 'Basic', type, value };
      break;
    }
    case 'sector': {
      const value = oneOf('value_text', SCANNER_SECTORS);
      if (value) row = { category: 'Basic', type, value };
      break;
    }
    case 'instr_type': {
      const value = oneOf('value_text', INSTR_TYPES);
      if (value) row = { category: 'Basic', type, value };
      break;
    }
    case 'sma':
    case 'ema':
    case 'st': {
      const operator = maMatch![2] as PerformanceOperator;
      const p = period(SCANNER_LIMITS.taPeriod);
      if (type === 'st') {
        const multiplier = f.multiplier === null ? TA_DEFAULTS.stMultiplier : num('multiplier', SCANNER_LIMITS.stMultiplier);
        if (p !== undefined && multiplier !== undefined) row = { category: 'TA', type, operator, period: p, multiplier };
      } else if (p !== undefined) row = { category: 'TA', type, operator, period: p };
      break;
    }
    case 'rsi':
    case 'vol_avg': {
      const operator = opWord(RANGE_OPERATORS);
      const range = SCANNER_LIMITS[type];
      const value1 = num('value_numeric_1', range);
      const value2 = operator === 'between' ? num('value_numeric_2', range) : null;
      const p = period(SCANNER_LIMITS.taPeriod);
      if (operator && value1 !== undefined && value2 !== undefined && p !== undefined)
        row = { category: 'TA', type, operator, value1, value2, period: p };
      break;
    }
    case 'macd': {
      const aboveSignal = f.operator === '==' ? true : f.operator === '!=' ? false : bad('operator', 'Use == (above signal) or != (below).');
      const parts = (f.indicator_period ?? '').split(',');
      const { min, max } = SCANNER_LIMITS.macdPeriod;
      const nums = parts.map((s) => (/^\d+$/.test(s.trim()) ? Number(s) : NaN));
      if (nums.length !== 3 || nums.some((v) => !(v >= min && v <= max)))
        bad('indicator_period', `Enter fast,slow,signal as whole numbers from ${min} to ${max}.`);
      else if (aboveSignal !== undefined)
        row = { category: 'TA', type, aboveSignal, fast: nums[0], slow: nums[1], signal: nums[2] };
      break;
    }
    case 'price_compare': {
      const currentField = oneOf('current_price_field', OHLC_FIELDS);
      const compareField = oneOf('compare_price_field', OHLC_FIELDS);
      const comparison = oneOf('ohlc_comparison', OHLC_COMPARISONS);
      const offset = (OHLC_OFFSETS as readonly number[]).includes(f.ohlc_offset as number)
        ? (f.ohlc_offset as number)
        : bad('ohlc_offset', 'Enter a whole number from -7 to 0.');
      if (currentField && compareField && comparison && offset !== undefined)
        row = { category: 'TA', type, currentField, compareField, comparison, offset };
      break;
    }
    case 'financial_trend': {
      const metric = oneOf('fa_metric_name', FA_METRICS);
      const periodType = oneOf('fa_period_type', FA_PERIOD_TYPES);
      const direction = oneOf('fa_direction', FA_DIRECTIONS);
      const periods = num('fa_consecutive_periods', SCANNER_LIMITS.faPeriods);
      if (metric && periodType && direction && periods !== undefined)
        row = { category: 'FA', type, metric, periodType, direction, periods };
      break;
    }
    case 'fa_compare': {
      const operator = opWord(FA_OPERATORS);
      const metric = oneOf('fa_metric_name', FA_METRICS);
      const value = num('value_numeric_1', SCANNER_LIMITS.faValue);
      const periodType = oneOf('fa_period_type', FA_PERIOD_TYPES);
      if (operator && metric && value !== undefined && periodType) row = { category: 'FA', type, operator, metric, value, periodType };
      break;
    }
  }
  return row && !Object.keys(errors).length ? { ok: true, value: row } : { ok: false, errors };
}

// ───────────────────────────── saved queries (/api/scanner/templates/) ─────────────────────────────

/** POST /api/scanner/templates/ body. Each filter must stand for a complete, valid row. */
export const scannerTemplateCreateSchema = z
  .object({
    name: z
      .string({ error: SCANNER_MESSAGES.nameEmpty })
      .trim()
      .min(1, SCANNER_MESSAGES.nameEmpty)
      .max(SCANNER_LIMITS.templateName.max)
      .refine((s) => !s.includes('\u0000'), 'Null characters are not allowed.'),
    filters: z.array(savedFilterSchema).max(SCANNER_LIMITS.templateFilters.max),
  })
  .superRefine((t, ctx) => {
    t.filters.forEach((f, i) => {
      const r = savedFilterToRow(f);
      if (!r.ok) for (const [field, msgs] of Object.entries(r.errors)) for (const message of msgs) ctx.addIssue({ code: 'custom', path: ['filters', i, field], message });
    });
  });
export type ScannerTemplateCreate = z.input<typeof scannerTemplateCreateSchema>;

export const scannerTemplateSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export type ScannerTemplateSummary = z.infer<typeof scannerTemplateSummarySchema>;
/** GET /api/scanner/templates/{id}/ and the POST answer: filters in `order`. */
export const scannerTemplateSchema = scannerTemplateSummarySchema.extend({ filters: z.array(savedFilterSchema) });
export type ScannerTemplate = z.output<typeof scannerTemplateSchema>;
export const scannerTemplateListSchema = z.array(scannerTemplateSummarySchema);

/** The rows of a saved query, in order; invalid stored filters are skipped. */
export const templateToRows = (t: { filters: SavedFilter[] }): FilterRow[] =>
  [...t.filters].sort((a, b) => a.order - b.order).flatMap((f) => {
    const r = savedFilterToRow(f);
    return r.ok ? [r.value] : [];
  });
export const rowsToTemplate = (name: string, rows: FilterRow[]): ScannerTemplateCreate => ({
  name,
  filters: rows.map((r, i) => rowToSavedFilter(r, i)),
});

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
  const got = new Map<string, any>();
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

  const g = <T>(k: string): T | undefined => got.get(k);
  const range = (lo: string, hi: string): NumRange | undefined =>
    got.has(lo) || got.has(hi) ? { gte: g<number>(lo), lte: g<number>(hi) } : undefined;
  const q: ScanQuery = {
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
  if (q.price_compare) rows.push({ category: 'TA', type: 'price_compare', ...q.price_compare });
  if (q.financial_trend) rows.push({ category: 'FA', type: 'financial_trend', ...q.financial_trend });
  for (const c of q.fa_compare) rows.push({ category: 'FA', type: 'fa_compare', metric: c.metric, operator: c.operator, value: c.value, periodType: q.fa_compare_period });
  return rows;
}

// ───────────────────────────── results (GET /api/scanner/stocks/) ─────────────────────────────

export const scanResultSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number().nullable(), // last close
  diff: z.number().nullable(), // last close − previous close
  chg: z.number().nullable(), // diff / previous close × 100
  sector: z.string().nullable(),
  market: z.string(),
  market_cap: z.number().nullable(),
  volume: z.number().nullable(), // last session's volume
  vol_avg: z.number().nullable(), // average volume over the query's vol_avg_period (default 20)
  sma: z.number().nullable(), // SMA(sma_period, default 200) of the close
  ema: z.number().nullable(), // EMA(ema_period, default 20)
  rsi: z.number().nullable(), // RSI(rsi_period, default 14)
  quickratio: z.number().nullable(), // latest reported value of the fa_compare_period type
  roe: z.number().nullable(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** A page of results; next/previous are relative URLs (/api/scanner/stocks/?…&page=N) or null. */
export const scanPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(scanResultSchema),
});
export type ScanPage = z.infer<typeof scanPageSchema>;

/** The one sort order of results, used by the server and by the screen's client-side sort: by `field`,
 *  nulls last in both directions, ties by symbol ascending. Strings compare by code unit. */
export function compareScanResults(field: OrderingField, desc: boolean) {
  return (a: Pick<ScanResult, OrderingField>, b: Pick<ScanResult, OrderingField>): number => {
    const x = a[field];
    const y = b[field];
    const xNull = x === null || x === undefined || (typeof x === 'number' && Number.isNaN(x));
    const yNull = y === null || y === undefined || (typeof y === 'number' && Number.isNaN(y));
    if (xNull !== yNull) return xNull ? 1 : -1;
    if (!xNull && x !== y) {
      const c = x! < y! ? -1 : 1;
      return desc ? -c : c;
    }
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  };
}
