// The backtest template: the spec's Template (position_size) and Indicator rows, plus the optional
// `commission` and `cash` and the exits, costs and sizing of ARCHITECTURE.md ("Exits, costs and
// sizing"). `normalizeTemplate` checks a template from any source (API row, JSON file) and fills the
// spec's defaults, so the engine only ever sees clean numbers.

// The template vocabulary and its limits are declared here once; packages/contract (the API and
// the forms) imports them, so a row the form accepts is a row the engine runs.
export const INDICATOR_NAMES = ['RSI', 'SMA', 'EMA', 'SUPERTREND', 'OBV'] as const;
export type IndicatorName = (typeof INDICATOR_NAMES)[number];
export const INDICATOR_TYPES = ['BUY', 'SELL'] as const;
export type IndicatorType = (typeof INDICATOR_TYPES)[number];
/** The operators as the spec writes them (spec §3), and as the API stores them. */
export const COMPARE_OPS = ['>', '<', '=', '≤', '≥'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
/** ASCII spellings accepted on input and read as the spec's symbols. */
export const COMPARE_ALIASES: Readonly<Record<string, CompareOp>> = { '>=': '≥', '<=': '≤' };
/** The price SMA, EMA and SUPERTREND compare with; CLOSE is the only one (spec §3). */
export const CPRICES = ['CLOSE'] as const;
export type CPrice = (typeof CPRICES)[number];

/** The spec's operator for `s` (a symbol or an ASCII alias); null when it is none. */
export function toCompareOp(s: string): CompareOp | null {
  return (COMPARE_OPS as readonly string[]).includes(s) ? (s as CompareOp) : (COMPARE_ALIASES[s] ?? null);
}

/** One indicator row as the spec's Indicator entity carries it (extra fields such as id are ignored). */
export interface IndicatorInput {
  name: IndicatorName | string;
  indicator_type: IndicatorType | string;
  period?: number | string | null;
  drift?: number | string | null;
  offset?: number | string | null;
  /** Supertrend only */
  length?: number | string | null;
  /** Supertrend's ATR multiplier; the spec fixes it at 3 (the template screens never send it), an
   *  optimisation grid may vary it */
  multiplier?: number | string | null;
  compare: CompareOp | string;
  /** compare value, used by RSI and OBV */
  cvalue?: number | string | null;
  /** price compared with SMA, EMA and SUPERTREND; CLOSE is the only one */
  cprice?: 'CLOSE' | string | null;
}

export interface TemplateInput {
  /** 0 < size < 1: fraction of equity; size ≥ 1: that many shares */
  position_size: number | string;
  /** fraction of trade value charged on entry and on exit; default 0 */
  commission?: number | string | null;
  /** starting cash; default 10,000 */
  cash?: number | string | null;
  /** stop-loss below the entry price, as a fraction (0.05 = 5 % below) */
  stop_loss_pct?: number | string | null;
  /** take-profit above the entry price, as a fraction (0.15 = 15 % above) */
  take_profit_pct?: number | string | null;
  /** trailing stop below the highest close since entry, as a fraction */
  trailing_stop_pct?: number | string | null;
  /** the entry fills this fraction above the open (the bid-ask spread, paid on entry; exits fill at the price) */
  spread?: number | string | null;
  /** dollars per order, on top of `commission` */
  commission_fixed?: number | string | null;
  /** risk this fraction of equity per trade: shares = equity·risk / (close·stop_loss_pct), capped by position_size */
  risk_pct?: number | string | null;
  indicators: IndicatorInput[];
}

/** A checked indicator row with every default filled in. */
export interface Condition {
  name: IndicatorName;
  side: IndicatorType;
  period: number;
  drift: number;
  offset: number;
  length: number;
  /** Supertrend's ATR multiplier (fixed at 3 by the spec) */
  multiplier: number;
  op: '>' | '<' | '=' | '>=' | '<=';
  /** the compare value for RSI and OBV; NaN where the close price is the right-hand side */
  value: number;
}

export interface Template {
  positionSize: number;
  commission: number;
  cash: number;
  /** exits and costs; 0 when not used (every bound below excludes 0 where 0 would mean "none") */
  exits: Exits;
  conditions: Condition[];
}

/** The optional exits, costs and sizing of a template, as fractions (dollars for commissionFixed). */
export interface Exits {
  stopLoss: number;
  takeProfit: number;
  trailingStop: number;
  spread: number;
  commissionFixed: number;
  riskPct: number;
}

export const NO_EXITS: Exits = Object.freeze({ stopLoss: 0, takeProfit: 0, trailingStop: 0, spread: 0, commissionFixed: 0, riskPct: 0 });

/** Bounds of the exit, cost and sizing fields: one declaration for the engine, the API and the form.
 *  `min` is exclusive unless `minInclusive`; `max` is exclusive unless `maxInclusive`. */
export const EXIT_FIELDS = {
  stop_loss_pct: { key: 'stopLoss', min: 0, max: 1, minInclusive: false, maxInclusive: false },
  take_profit_pct: { key: 'takeProfit', min: 0, max: 10, minInclusive: false, maxInclusive: true },
  trailing_stop_pct: { key: 'trailingStop', min: 0, max: 1, minInclusive: false, maxInclusive: false },
  spread: { key: 'spread', min: 0, max: 0.1, minInclusive: true, maxInclusive: false },
  commission_fixed: { key: 'commissionFixed', min: 0, max: 1000, minInclusive: true, maxInclusive: true },
  risk_pct: { key: 'riskPct', min: 0, max: 1, minInclusive: false, maxInclusive: true },
} as const satisfies Record<string, { key: keyof Exits; min: number; max: number; minInclusive: boolean; maxInclusive: boolean }>;
export type ExitField = keyof typeof EXIT_FIELDS;
export const EXIT_FIELD_NAMES = Object.keys(EXIT_FIELDS) as ExitField[];

/** True when `n` lies within the field's bounds. */
export function exitFieldInRange(field: ExitField, n: number): boolean {
  const b = EXIT_FIELDS[field];
  return (b.minInclusive ? n >= b.min : n > b.min) && (b.maxInclusive ? n <= b.max : n < b.max);
}

/** "must be greater than 0 and less than 1" — the bounds of a field in words. */
export function exitFieldRangeText(field: ExitField): string {
  const b = EXIT_FIELDS[field];
  return `must be ${b.minInclusive ? `at least ${b.min}` : `greater than ${b.min}`} and ${b.maxInclusive ? `at most ${b.max}` : `less than ${b.max}`}`;
}

/** `risk_pct` sizes from the distance to the stop, so it needs `stop_loss_pct`. */
export const RISK_NEEDS_STOP = 'risk_pct needs stop_loss_pct (the risk is measured to the stop)';

/** Spec §5 defaults of the indicator form (`name` and `compare` have none: the user must pick them). */
export const INDICATOR_DEFAULTS = { indicator_type: 'BUY', period: 14, drift: 1, offset: 0, length: 7, cvalue: 50, cprice: 'CLOSE' } as const;
export const DEFAULT_CASH = 10_000;
export const SUPERTREND_MULTIPLIER = 3;
/** Upper bound of period, drift, length and offset: longer than any daily history we hold. */
export const MAX_INDICATOR_WINDOW = 10_000;

/** A template that cannot run; the message names the field and the problem. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

/** Checks a template and fills the defaults; throws TemplateError naming the first bad field. */
export function normalizeTemplate(input: TemplateInput | Template): Template {
  if (isNormalized(input)) return input;
  if (!isObject(input)) throw new TemplateError('template must be an object');
  const positionSize = num(input.position_size, 'position_size');
  if (!(positionSize > 0)) throw new TemplateError('position_size must be greater than 0');
  if (positionSize >= 1 && !Number.isInteger(positionSize)) {
    throw new TemplateError('position_size must be a fraction between 0 and 1 or a whole number of shares');
  }
  const commission = input.commission == null ? 0 : num(input.commission, 'commission');
  if (!(commission >= 0 && commission < 1)) throw new TemplateError('commission must be a fraction from 0 up to 1');
  const cash = input.cash == null ? DEFAULT_CASH : num(input.cash, 'cash');
  if (!(cash > 0)) throw new TemplateError('cash must be greater than 0');
  const exits = normalizeExits(input);
  if (!Array.isArray(input.indicators)) throw new TemplateError('indicators must be a list');
  const conditions = input.indicators.map((row, i) => normalizeRow(row, `indicators[${i}]`));
  return { positionSize, commission, cash, exits, conditions };
}

function normalizeExits(input: TemplateInput): Exits {
  const exits: Exits = { ...NO_EXITS };
  for (const field of EXIT_FIELD_NAMES) {
    const v = input[field];
    if (v == null || v === '') continue;
    const n = num(v, field);
    if (!exitFieldInRange(field, n)) throw new TemplateError(`${field} ${exitFieldRangeText(field)}, got ${n}`);
    exits[EXIT_FIELDS[field].key] = n;
  }
  if (exits.riskPct && !exits.stopLoss) throw new TemplateError(RISK_NEEDS_STOP);
  return exits;
}

function normalizeRow(row: IndicatorInput, at: string): Condition {
  if (!isObject(row)) throw new TemplateError(`${at} must be an object`);
  const name = String(row.name ?? '').toUpperCase();
  if (!(INDICATOR_NAMES as readonly string[]).includes(name)) {
    throw new TemplateError(`${at}.name: unknown indicator "${row.name}" (expected one of ${INDICATOR_NAMES.join(', ')})`);
  }
  const side = String(row.indicator_type ?? '').toUpperCase();
  if (side !== 'BUY' && side !== 'SELL') throw new TemplateError(`${at}.indicator_type must be BUY or SELL`);
  const op = normalizeOp(row.compare);
  if (!op) throw new TemplateError(`${at}.compare must be one of ${[...COMPARE_OPS, ...Object.keys(COMPARE_ALIASES)].join(' ')}`);
  const period = whole(row.period, INDICATOR_DEFAULTS.period, 1, `${at}.period`);
  const drift = whole(row.drift, INDICATOR_DEFAULTS.drift, 1, `${at}.drift`);
  const offset = whole(row.offset, INDICATOR_DEFAULTS.offset, 0, `${at}.offset`);
  const length = whole(row.length, INDICATOR_DEFAULTS.length, 1, `${at}.length`);
  let value = NaN;
  if (name === 'RSI' || name === 'OBV') {
    if (row.cvalue == null || String(row.cvalue).trim() === '') throw new TemplateError(`${at}.cvalue is required for ${name}`);
    value = num(row.cvalue, `${at}.cvalue`);
    if (name === 'RSI' && !(value >= 0 && value <= 100)) throw new TemplateError(`${at}.cvalue: RSI value must be between 0 and 100`);
  } else if (row.cprice != null && String(row.cprice).toUpperCase() !== 'CLOSE') {
    throw new TemplateError(`${at}.cprice must be CLOSE`);
  }
  let multiplier = SUPERTREND_MULTIPLIER;
  if (row.multiplier != null && row.multiplier !== '') {
    multiplier = num(row.multiplier, `${at}.multiplier`);
    if (!(multiplier > 0 && multiplier <= 100)) throw new TemplateError(`${at}.multiplier must be greater than 0 and at most 100, got ${multiplier}`);
  }
  return { name: name as IndicatorName, side, period, drift, offset, length, multiplier, op, value };
}

const ENGINE_OPS: Record<CompareOp, Condition['op']> = { '>': '>', '<': '<', '=': '=', '≥': '>=', '≤': '<=' };

function normalizeOp(op: unknown): Condition['op'] | null {
  const s = String(op ?? '').trim();
  // A template file may also write '==' (the API keeps to the spec's symbols and their aliases).
  const symbol = s === '==' ? '=' : toCompareOp(s);
  return symbol && ENGINE_OPS[symbol];
}

function num(v: unknown, field: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new TemplateError(`${field} must be a number, got ${JSON.stringify(v)}`);
  return n;
}

function whole(v: unknown, fallback: number, min: number, field: string): number {
  if (v == null || v === '') return fallback;
  const n = num(v, field);
  if (!Number.isInteger(n) || n < min || n > MAX_INDICATOR_WINDOW) {
    throw new TemplateError(`${field} must be a whole number from ${min} to ${MAX_INDICATOR_WINDOW}, got ${n}`);
  }
  return n;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isNormalized(t: unknown): t is Template {
  return isObject(t) && Array.isArray(t.conditions) && typeof t.positionSize === 'number' && isObject(t.exits);
}
