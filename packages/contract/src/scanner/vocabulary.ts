// The scanner's vocabulary (spec §9): categories, markets, sectors, metrics, operators and their two
// spellings, limits, defaults, the screen's messages, and the input rules of spec §5.
import { parseNumberInput } from '../numberInput.ts';

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
export const isOperatorSymbol = (s: unknown): s is OperatorSymbol => typeof s === 'string' && s in SYMBOL_TO_WORD;

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

/** Sortable fields (`ordering`, optionally prefixed '-'); the results table's headers use the first eight,
 *  and a column per filtered indicator (indicatorColumns.ts). */
export const ORDERING_FIELDS = [
  'symbol', 'name', 'price', 'diff', 'chg', 'sector', 'market_cap', 'volume',
  'vol_avg', 'sma', 'ema', 'rsi', 'quickratio', 'roe', 'market',
  'st', 'macd', 'bb_pctb', 'stoch', 'adx', 'cci', 'roc', 'willr',
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

/** The % change parameter's rule (the API and saved filters): a plain decimal, -100..1000, at most
 *  2 decimals; null when valid. */
export function percentageError(input: string): string | null {
  const s = input.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return SCANNER_MESSAGES.invalidNumber;
  const range = percentRangeError(Number(s));
  if (range) return range;
  const { decimals } = SCANNER_LIMITS.chg;
  const frac = s.split('.')[1] ?? '';
  if (frac.length > decimals) return SCANNER_MESSAGES.tooManyDecimals(decimals);
  return null;
}

const percentRangeError = (v: number): string | null => {
  const { min, max } = SCANNER_LIMITS.chg;
  if (v < min) return SCANNER_MESSAGES.percentTooLow(min);
  if (v > max) return SCANNER_MESSAGES.percentTooHigh(max);
  return null;
};

/** The % change box: what a trader types ("5" or "5%") read by the shared number parser, then the
 *  same range and decimals as the parameter. The value, or the spec's message for the box. */
export function readPercentInput(input: string): { value: number; error: null } | { value: null; error: string } {
  const v = parseNumberInput(input, { percent: true });
  if (v === null) return { value: null, error: SCANNER_MESSAGES.invalidNumber };
  const { decimals } = SCANNER_LIMITS.chg;
  const error = percentRangeError(v) ?? (Number(v.toFixed(decimals)) !== v ? SCANNER_MESSAGES.tooManyDecimals(decimals) : null);
  return error ? { value: null, error } : { value: v, error: null };
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

/** A decoded value, or DRF-style errors naming each bad field or parameter. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string[]> };

