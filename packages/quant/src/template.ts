// The backtest template: the spec's Template (position_size) and Indicator rows, plus the optional
// `commission` and `cash` and the exits, costs and sizing of ARCHITECTURE.md ("Exits, costs and
// sizing"). `normalizeTemplate` checks a template from any source (API row, JSON file) and fills the
// spec's defaults, so the engine only ever sees clean numbers.

// The template vocabulary and its limits are declared here once (the indicators' parameters and outputs
// in indicatorSpecs.ts); packages/contract (the API and the forms) imports them, so a row the form
// accepts is a row the engine runs.
import {
  INDICATOR_NAMES, MAX_INDICATOR_WINDOW, MAX_TEMPLATE_ROWS, SPEC_INDICATOR_NAMES,
  defaultOutput, indicatorSpec, isPriceLike, paramInRange, paramRangeText,
  type IndicatorName, type ParamSpec,
} from './indicatorSpecs.ts';

export { INDICATOR_NAMES, MAX_INDICATOR_WINDOW, MAX_TEMPLATE_ROWS, type IndicatorName };
/** BUY/SELL rows make a long template, SHORT (entry) and COVER (exit) rows a short one; never both. */
export const INDICATOR_TYPES = ['BUY', 'SELL', 'SHORT', 'COVER'] as const;
export type IndicatorType = (typeof INDICATOR_TYPES)[number];
export const LONG_SIDES = ['BUY', 'SELL'] as const;
export const SHORT_SIDES = ['SHORT', 'COVER'] as const;
/** The operators as the spec writes them (spec §3), and as the API stores them, then the crosses. */
export const COMPARE_OPS = ['>', '<', '=', '≤', '≥', 'crosses_above', 'crosses_below'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
/** ASCII spellings accepted on input and read as the spec's symbols. */
export const COMPARE_ALIASES: Readonly<Record<string, CompareOp>> = { '>=': '≥', '<=': '≤' };
/** The price a price-like row (SMA, EMA, SUPERTREND, a Bollinger band) compares with, on the same bar. */
export const CPRICES = ['CLOSE', 'OPEN', 'HIGH', 'LOW'] as const;
export type CPrice = (typeof CPRICES)[number];
/** `group` numbers: a side fires when every row of some group holds. */
export const MAX_GROUP = 99;
/** A long template mixed with short rows, in the form's words. */
export const MIXED_SIDES = 'A template is either long (BUY and SELL rows) or short (SHORT and COVER rows), not both';
export const TOO_MANY_ROWS = `A template has at most ${MAX_TEMPLATE_ROWS} indicator rows`;
export const NESTED_AGAINST = 'The indicator compared with cannot itself be compared with another (no against inside against)';

/** The same comparison with its sides swapped: "Close crosses below BB lower" holds on exactly the
 *  bars where "BB lower crosses above Close" does (the engine compares left − right with 0, and
 *  a − b is exactly −(b − a)), so a row written with a price on the left is stored this way. */
export const MIRRORED_OPS: Readonly<Record<CompareOp, CompareOp>> = {
  '>': '<', '<': '>', '=': '=', '≥': '≤', '≤': '≥', crosses_above: 'crosses_below', crosses_below: 'crosses_above',
};

/** The spec's operator for `s` (a symbol or an ASCII alias); null when it is none. */
export function toCompareOp(s: string): CompareOp | null {
  return (COMPARE_OPS as readonly string[]).includes(s) ? (s as CompareOp) : (COMPARE_ALIASES[s] ?? null);
}

/** The indicator and parameters one side of a row reads (the row itself, or its `against`). */
export interface OperandInput {
  name: IndicatorName | string;
  period?: number | string | null;
  drift?: number | string | null;
  offset?: number | string | null;
  /** Supertrend only */
  length?: number | string | null;
  /** Supertrend's ATR multiplier; the spec fixes it at 3 (the template screens never send it), an
   *  optimisation grid may vary it */
  multiplier?: number | string | null;
  /** MACD */
  fast?: number | string | null;
  slow?: number | string | null;
  signal?: number | string | null;
  /** Bollinger Bands: the bands' distance in standard deviations */
  stddev?: number | string | null;
  /** Stochastic: the %K smoothing and the %D period */
  k_smooth?: number | string | null;
  d_period?: number | string | null;
  /** which line of a many-line indicator (MACD macd|signal|hist, BBANDS middle|upper|lower|percent_b,
   *  STOCH k|d, ADX adx|plus_di|minus_di); `value` or nothing for the others */
  output?: string | null;
}

/** One indicator row as the spec's Indicator entity carries it (extra fields such as id are ignored). */
export interface IndicatorInput extends OperandInput {
  indicator_type: IndicatorType | string;
  compare: CompareOp | string;
  /** compare value, used by the rows that compare with a number (RSI, OBV, the oscillators) */
  cvalue?: number | string | null;
  /** the price a price-like row compares with: CLOSE (default), OPEN, HIGH or LOW */
  cprice?: CPrice | string | null;
  /** another indicator to compare with (takes precedence over cprice and cvalue) */
  against?: OperandInput | null;
  /** OR groups: a side fires when every row of some group holds (default 0) */
  group?: number | string | null;
  /** the row was written with its price on the left ("Close crosses below BB lower") and is stored
   *  mirrored (indicator, MIRRORED_OPS of the written comparison, cprice); only its wording reads it */
  price_left?: boolean | null;
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

/** A checked indicator reading: which series of which indicator, every parameter filled in. */
export interface Operand {
  name: IndicatorName;
  output: string;
  period: number;
  drift: number;
  offset: number;
  length: number;
  /** Supertrend's ATR multiplier (fixed at 3 by the spec) */
  multiplier: number;
  fast: number;
  slow: number;
  signal: number;
  stddev: number;
  kSmooth: number;
  dPeriod: number;
}

export type ConditionOp = '>' | '<' | '=' | '>=' | '<=' | 'crosses_above' | 'crosses_below';

/** A checked indicator row with every default filled in. Its right-hand side is, first that
 *  applies: `against` (another indicator's series), the price `cprice` (when `value` is NaN), or
 *  the number `value`. */
export interface Condition extends Operand {
  side: IndicatorType;
  op: ConditionOp;
  /** the compare value; NaN where the right-hand side is a price or another indicator */
  value: number;
  cprice: CPrice;
  against: Operand | null;
  group: number;
  /** the row reads with its price on the left (see IndicatorInput.price_left); the engine ignores it */
  priceLeft?: boolean;
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
  if (input.indicators.length > MAX_TEMPLATE_ROWS) throw new TemplateError(`indicators: ${TOO_MANY_ROWS}`);
  const conditions = input.indicators.map((row, i) => normalizeRow(row, `indicators[${i}]`));
  const sides = sidesError(conditions.map((c) => c.side));
  if (sides) throw new TemplateError(`indicators: ${sides}`);
  return { positionSize, commission, cash, exits, conditions };
}

/** MIXED_SIDES when the rows mix long (BUY/SELL) and short (SHORT/COVER) sides, else null. */
export function sidesError(sides: readonly string[]): string | null {
  const long = sides.some((s) => s === 'BUY' || s === 'SELL');
  const short = sides.some((s) => s === 'SHORT' || s === 'COVER');
  return long && short ? MIXED_SIDES : null;
}

/** True for a template of SHORT/COVER rows. */
export function isShortTemplate(t: Template): boolean {
  return t.conditions.some((c) => c.side === 'SHORT' || c.side === 'COVER');
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

/** One indicator row checked; `at` names it in errors (`indicators[3]`). */
export function normalizeRow(row: IndicatorInput, at: string): Condition {
  if (!isObject(row)) throw new TemplateError(`${at} must be an object`);
  const operand = normalizeOperand(row, at);
  const { name } = operand;
  const side = String(row.indicator_type ?? '').toUpperCase();
  if (!(INDICATOR_TYPES as readonly string[]).includes(side)) throw new TemplateError(`${at}.indicator_type must be BUY, SELL, SHORT or COVER`);
  const op = normalizeOp(row.compare);
  if (!op) throw new TemplateError(`${at}.compare must be one of ${[...COMPARE_OPS, ...Object.keys(COMPARE_ALIASES)].join(' ')}`);
  let against: Operand | null = null;
  if (row.against != null) {
    if (!isObject(row.against)) throw new TemplateError(`${at}.against must be an indicator (an object with a name)`);
    if ((row.against as { against?: unknown }).against != null) throw new TemplateError(`${at}.against.against: ${NESTED_AGAINST}`);
    against = normalizeOperand(row.against, `${at}.against`);
  }
  const cprice = String(row.cprice ?? '').trim() === '' ? 'CLOSE' : String(row.cprice).toUpperCase();
  if (!(CPRICES as readonly string[]).includes(cprice)) throw new TemplateError(`${at}.cprice must be one of ${CPRICES.join(', ')}`);
  let value = NaN;
  if (!against && !isPriceLike(name, operand.output)) {
    if (row.cvalue == null || String(row.cvalue).trim() === '') throw new TemplateError(`${at}.cvalue is required for ${name}`);
    value = num(row.cvalue, `${at}.cvalue`);
    if (name === 'RSI' && !(value >= 0 && value <= 100)) throw new TemplateError(`${at}.cvalue: RSI value must be between 0 and 100`);
  }
  const group = whole(row.group, 0, 0, `${at}.group`, MAX_GROUP);
  const condition: Condition = { ...operand, side: side as IndicatorType, op, value, cprice: cprice as CPrice, against, group };
  // only a row that compares with a price can have been written with that price on the left
  if (row.price_left === true && !against && Number.isNaN(value)) condition.priceLeft = true;
  return condition;
}

/** The indicator, its output and its parameters (each checked against the registry's bounds; a
 *  parameter the indicator does not take is ignored, as the API stores every field on every row). */
function normalizeOperand(row: OperandInput, at: string): Operand {
  const name = String(row.name ?? '').trim().toUpperCase();
  const spec = indicatorSpec(name);
  if (!spec) throw new TemplateError(`${at}.name: unknown indicator "${row.name}" (expected one of ${INDICATOR_NAMES.join(', ')})`);
  const n = name as IndicatorName;
  const output = String(row.output ?? '').trim() === '' ? defaultOutput(n) : String(row.output).trim().toLowerCase();
  if (!spec.outputs.some((o) => o.name === output)) {
    throw new TemplateError(`${at}.output: ${name} has no output "${row.output}" (expected one of ${spec.outputs.map((o) => o.name).join(', ')})`);
  }
  const param = (field: ParamSpec['field']): number => {
    const p = spec.params.find((q) => q.field === field);
    const raw = row[field];
    if (!p) return FALLBACK[field];
    if (raw == null || raw === '') return p.default;
    const v = num(raw, `${at}.${field}`);
    if (!paramInRange(p, v)) throw new TemplateError(`${at}.${field}: ${paramRangeText(p)}, got ${v}`);
    return v;
  };
  const spec5 = (SPEC_INDICATOR_NAMES as readonly string[]).includes(name);
  // The spec's five keep their own rules (period, drift and length on every row, 1 to 10,000).
  const period = spec5 ? whole(row.period, INDICATOR_DEFAULTS.period, 1, `${at}.period`) : param('period');
  const drift = spec5 ? whole(row.drift, INDICATOR_DEFAULTS.drift, 1, `${at}.drift`) : FALLBACK.drift;
  const length = spec5 ? whole(row.length, INDICATOR_DEFAULTS.length, 1, `${at}.length`) : FALLBACK.length;
  let multiplier = SUPERTREND_MULTIPLIER;
  if (row.multiplier != null && row.multiplier !== '' && (name === 'SUPERTREND' || spec5)) {
    multiplier = num(row.multiplier, `${at}.multiplier`);
    if (!(multiplier > 0 && multiplier <= 100)) throw new TemplateError(`${at}.multiplier must be greater than 0 and at most 100, got ${multiplier}`);
  }
  const offset = whole(row.offset, INDICATOR_DEFAULTS.offset, 0, `${at}.offset`);
  return {
    name: n, output, period, drift, offset, length, multiplier,
    fast: param('fast'), slow: param('slow'), signal: param('signal'),
    stddev: param('stddev'), kSmooth: param('k_smooth'), dPeriod: param('d_period'),
  };
}

/** What a row holds in a parameter its indicator does not take (never read by the indicator). */
const FALLBACK: Record<ParamSpec['field'], number> = {
  period: INDICATOR_DEFAULTS.period, drift: INDICATOR_DEFAULTS.drift, length: INDICATOR_DEFAULTS.length, multiplier: 3,
  fast: 12, slow: 26, signal: 9, stddev: 2, k_smooth: 3, d_period: 3,
};

const ENGINE_OPS: Record<CompareOp, ConditionOp> = {
  '>': '>', '<': '<', '=': '=', '≥': '>=', '≤': '<=', crosses_above: 'crosses_above', crosses_below: 'crosses_below',
};

function normalizeOp(op: unknown): ConditionOp | null {
  const s = String(op ?? '').trim();
  // A template file may also write '==' (the API keeps to the spec's symbols and their aliases).
  const symbol = s === '==' ? '=' : toCompareOp(s.toLowerCase());
  return symbol && ENGINE_OPS[symbol];
}

function num(v: unknown, field: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new TemplateError(`${field} must be a number, got ${JSON.stringify(v)}`);
  return n;
}

function whole(v: unknown, fallback: number, min: number, field: string, max = MAX_INDICATOR_WINDOW): number {
  if (v == null || v === '') return fallback;
  const n = num(v, field);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new TemplateError(`${field} must be a whole number from ${min} to ${max}, got ${n}`);
  }
  return n;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isNormalized(t: unknown): t is Template {
  return isObject(t) && Array.isArray(t.conditions) && typeof t.positionSize === 'number' && isObject(t.exits);
}
