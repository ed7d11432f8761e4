// The backtest template: the spec's Template (position_size) and Indicator rows, plus the optional
// `commission` and `cash` of ARCHITECTURE.md. `normalizeTemplate` checks a template from any source
// (API row, JSON file) and fills the spec's defaults, so the engine only ever sees clean numbers.

export const INDICATOR_NAMES = ['RSI', 'SMA', 'EMA', 'SUPERTREND', 'OBV'] as const;
export type IndicatorName = (typeof INDICATOR_NAMES)[number];
export const COMPARE_OPS = ['>', '<', '=', '≤', '≥', '<=', '>='] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
export type IndicatorType = 'BUY' | 'SELL';

/** One indicator row as the spec's Indicator entity carries it (extra fields such as id are ignored). */
export interface IndicatorInput {
  name: IndicatorName | string;
  indicator_type: IndicatorType | string;
  period?: number | string | null;
  drift?: number | string | null;
  offset?: number | string | null;
  /** Supertrend only */
  length?: number | string | null;
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
  conditions: Condition[];
}

/** Spec §5 defaults of the indicator form. */
export const INDICATOR_DEFAULTS = { period: 14, drift: 1, offset: 0, length: 7, cvalue: 50 } as const;
export const DEFAULT_CASH = 10_000;
export const SUPERTREND_MULTIPLIER = 3;
const MAX_BARS_PARAM = 10_000;

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
  if (!Array.isArray(input.indicators)) throw new TemplateError('indicators must be a list');
  const conditions = input.indicators.map((row, i) => normalizeRow(row, `indicators[${i}]`));
  return { positionSize, commission, cash, conditions };
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
  if (!op) throw new TemplateError(`${at}.compare must be one of ${COMPARE_OPS.join(' ')}`);
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
  return { name: name as IndicatorName, side, period, drift, offset, length, multiplier: SUPERTREND_MULTIPLIER, op, value };
}

function normalizeOp(op: unknown): Condition['op'] | null {
  switch (String(op ?? '').trim()) {
    case '>': return '>';
    case '<': return '<';
    case '=': case '==': return '=';
    case '≥': case '>=': return '>=';
    case '≤': case '<=': return '<=';
    default: return null;
  }
}

function num(v: unknown, field: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new TemplateError(`${field} must be a number, got ${JSON.stringify(v)}`);
  return n;
}

function whole(v: unknown, fallback: number, min: number, field: string): number {
  if (v == null || v === '') return fallback;
  const n = num(v, field);
  if (!Number.isInteger(n) || n < min || n > MAX_BARS_PARAM) {
    throw new TemplateError(`${field} must be a whole number from ${min} to ${MAX_BARS_PARAM}, got ${n}`);
  }
  return n;
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isNormalized(t: unknown): t is Template {
  return isObject(t) && Array.isArray(t.conditions) && typeof t.positionSize === 'number';
}
