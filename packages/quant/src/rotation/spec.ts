// A rotation's spec as the API and `npm run rotate` take it (JSON, snake_case), checked once and turned
// into clean numbers the engine reads. Every default lives here; docs/portfolio.md lists them.
import { normalizeTemplate, TemplateError, type Template, type TemplateInput } from '../template.ts';
import { parseDay } from '../dates.ts';

export const REBALANCE_PERIODS = ['weekly', 'monthly', 'quarterly'] as const;
export type RebalancePeriod = (typeof REBALANCE_PERIODS)[number];
export const SCORE_KINDS = ['momentum', 'rsi', 'volatility', 'market_cap', 'pe', 'fa'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];
export const ROTATION_ORDERS = ['highest', 'lowest'] as const;
export type RotationOrder = (typeof ROTATION_ORDERS)[number];
export const ROTATION_SIDES = ['long', 'long_short'] as const;
export type RotationSide = (typeof ROTATION_SIDES)[number];
export const ROTATION_WEIGHTINGS = ['equal', 'inverse_volatility'] as const;
export type RotationWeighting = (typeof ROTATION_WEIGHTINGS)[number];
export const FILING_PERIODS = ['QUARTERLY', 'ANNUAL'] as const;
export type FilingPeriod = (typeof FILING_PERIODS)[number];

/** Which way each score ranks when the spec names no `order`: rising names first for momentum and size
 *  and a fundamental field, the calm, oversold and cheap names first for volatility, RSI and P/E. */
export const DEFAULT_ORDER: Record<ScoreKind, RotationOrder> = {
  momentum: 'highest', rsi: 'lowest', volatility: 'lowest', market_cap: 'highest', pe: 'lowest', fa: 'highest',
};
export const DEFAULT_FLOORS = Object.freeze({ min_price: 5, min_dollar_volume: 1_000_000, window: 20 });
export const ROTATION_DEFAULTS = Object.freeze({ cash: 10_000, position_size: 0.9999, commission: 0, rsi_period: 14, volatility_period: 20 });
/** Inverse-volatility weights read the sample deviation of this many simple daily returns. */
export const WEIGHT_VOL_RETURNS = 20;
export const MAX_ROTATION_TOP = 500;
export const MAX_SCORE_PERIOD = 5000;

export type ScoreInput =
  | { kind: 'momentum'; period: number; skip?: number | null }
  | { kind: 'rsi'; period?: number | null }
  | { kind: 'volatility'; period?: number | null }
  | { kind: 'market_cap' }
  | { kind: 'pe' }
  | { kind: 'fa'; field: string; period_type?: FilingPeriod | null };

export interface FloorsInput {
  min_price?: number | null;
  min_dollar_volume?: number | null;
  window?: number | null;
}

/** The spec as written (JSON). Optional fields take the defaults above. */
export interface RotationSpecInput {
  start_date: string;
  end_date: string;
  rebalance: RebalancePeriod;
  top: number;
  score: ScoreInput;
  order?: RotationOrder | null;
  cash?: number | null;
  position_size?: number | null;
  commission?: number | null;
  /** dollars per order, on top of `commission` (a template's name for it) */
  commission_fixed?: number | null;
  /** buys (and short sales) fill this fraction worse than the open; sells and covers fill at the price */
  spread?: number | null;
  /** `null` removes the floors and their window */
  floors?: FloorsInput | null;
  side?: RotationSide | null;
  weighting?: RotationWeighting | null;
  /** a held name stays while its rank ≤ top + buffer */
  buffer?: number | null;
  /** BUY rows gate the targets; its stop, target and trailing stop guard each long position */
  template?: Omit<TemplateInput, 'position_size'> & { position_size?: TemplateInput['position_size'] } | null;
}

export type Score =
  | { kind: 'momentum'; period: number; skip: number }
  | { kind: 'rsi'; period: number }
  | { kind: 'volatility'; period: number }
  | { kind: 'market_cap' }
  | { kind: 'pe' }
  | { kind: 'fa'; field: string; periodType: FilingPeriod | null };

/** A checked spec: days as days since 1970-01-01, every default filled in. */
export interface RotationSpec {
  startDay: number;
  endDay: number;
  rebalance: RebalancePeriod;
  top: number;
  score: Score;
  order: RotationOrder;
  cash: number;
  positionSize: number;
  commission: number;
  commissionFixed: number;
  spread: number;
  floors: { minPrice: number; minDollarVolume: number; window: number } | null;
  side: RotationSide;
  weighting: RotationWeighting;
  buffer: number;
  template: Template | null;
}

/** A spec that cannot run: `field` names the spec field (for a DRF-style `{field: [message]}`). */
export class RotationSpecError extends Error {
  override name = 'RotationSpecError';
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
  }
}

/** Checks a spec from any source and fills its defaults; throws RotationSpecError naming the field. */
export function normalizeRotationSpec(input: RotationSpecInput | RotationSpec): RotationSpec {
  if (isNormalized(input)) return input;
  if (!isObject(input)) throw new RotationSpecError('spec', 'must be an object');
  const startDay = day(input.start_date, 'start_date');
  const endDay = day(input.end_date, 'end_date');
  if (endDay < startDay) throw new RotationSpecError('end_date', 'must not be before start_date');
  const rebalance = choice(input.rebalance, REBALANCE_PERIODS, 'rebalance', null);
  const top = whole(input.top, 'top', 1, MAX_ROTATION_TOP, null);
  const score = normalizeScore(input.score);
  const order = choice(input.order, ROTATION_ORDERS, 'order', DEFAULT_ORDER[score.kind]);
  const cash = number(input.cash, 'cash', ROTATION_DEFAULTS.cash);
  if (!(cash > 0)) throw new RotationSpecError('cash', 'must be greater than 0');
  const positionSize = number(input.position_size, 'position_size', ROTATION_DEFAULTS.position_size);
  if (!(positionSize > 0 && positionSize <= 1)) throw new RotationSpecError('position_size', 'must be a fraction of equity greater than 0 and at most 1');
  const commission = number(input.commission, 'commission', ROTATION_DEFAULTS.commission);
  if (!(commission >= 0 && commission < 1)) throw new RotationSpecError('commission', 'must be a fraction from 0 up to 1');
  const commissionFixed = number(input.commission_fixed, 'commission_fixed', 0);
  if (!(commissionFixed >= 0 && commissionFixed <= 1000)) throw new RotationSpecError('commission_fixed', 'must be at least 0 and at most 1000 dollars');
  const spread = number(input.spread, 'spread', 0);
  if (!(spread >= 0 && spread < 0.1)) throw new RotationSpecError('spread', 'must be at least 0 and less than 0.1');
  const side = choice(input.side, ROTATION_SIDES, 'side', 'long');
  const weighting = choice(input.weighting, ROTATION_WEIGHTINGS, 'weighting', 'equal');
  const buffer = whole(input.buffer, 'buffer', 0, MAX_ROTATION_TOP, 0);
  const template = normalizeGate(input.template);
  if (template && side === 'long_short') throw new RotationSpecError('template', 'a template gates long rotations only (side "long")');
  return {
    startDay, endDay, rebalance, top, score, order, cash, positionSize, commission, commissionFixed, spread,
    floors: normalizeFloors(input.floors), side, weighting, buffer, template,
  };
}

function normalizeScore(s: unknown): Score {
  if (!isObject(s)) throw new RotationSpecError('score', 'must be an object with a kind');
  const kind = choice(s.kind, SCORE_KINDS, 'score.kind', null);
  switch (kind) {
    case 'momentum': return { kind, period: whole(s.period, 'score.period', 1, MAX_SCORE_PERIOD, null), skip: whole(s.skip, 'score.skip', 0, MAX_SCORE_PERIOD, 0) };
    case 'rsi': return { kind, period: whole(s.period, 'score.period', 1, MAX_SCORE_PERIOD, ROTATION_DEFAULTS.rsi_period) };
    case 'volatility': return { kind, period: whole(s.period, 'score.period', 2, MAX_SCORE_PERIOD, ROTATION_DEFAULTS.volatility_period) };
    case 'market_cap': case 'pe': return { kind };
    case 'fa': {
      if (typeof s.field !== 'string' || !s.field.trim()) throw new RotationSpecError('score.field', 'names the fundamental field to rank by');
      return { kind, field: s.field.trim(), periodType: s.period_type == null ? null : choice(String(s.period_type).toUpperCase(), FILING_PERIODS, 'score.period_type', null) };
    }
  }
}

function normalizeFloors(f: unknown): RotationSpec['floors'] {
  if (f === null) return null;
  if (f !== undefined && !isObject(f)) throw new RotationSpecError('floors', 'must be an object or null');
  const o = (f ?? {}) as FloorsInput;
  const minPrice = number(o.min_price, 'floors.min_price', DEFAULT_FLOORS.min_price);
  const minDollarVolume = number(o.min_dollar_volume, 'floors.min_dollar_volume', DEFAULT_FLOORS.min_dollar_volume);
  if (!(minPrice >= 0)) throw new RotationSpecError('floors.min_price', 'must be at least 0');
  if (!(minDollarVolume >= 0)) throw new RotationSpecError('floors.min_dollar_volume', 'must be at least 0');
  return { minPrice, minDollarVolume, window: whole(o.window, 'floors.window', 1, MAX_SCORE_PERIOD, DEFAULT_FLOORS.window) };
}

function normalizeGate(t: RotationSpecInput['template']): Template | null {
  if (t == null) return null;
  if (!isObject(t)) throw new RotationSpecError('template', 'must be a template object or null');
  let template: Template;
  try {
    // the rotation sizes its own positions: the template's size is not read
    template = normalizeTemplate({ position_size: 1, ...t } as TemplateInput);
  } catch (e) {
    if (e instanceof TemplateError) throw new RotationSpecError('template', e.message);
    throw e;
  }
  if (!template.conditions.some((c) => c.side === 'BUY')) throw new RotationSpecError('template', 'needs BUY rows (they decide which members may be held)');
  return template;
}

function day(v: unknown, field: string): number {
  const d = typeof v === 'string' ? parseDay(v) : NaN;
  if (Number.isNaN(d)) throw new RotationSpecError(field, 'must be a YYYY-MM-DD date');
  return d;
}

function number(v: unknown, field: string, fallback: number): number {
  if (v == null || v === '') return fallback;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new RotationSpecError(field, `must be a number, got ${JSON.stringify(v)}`);
  return n;
}

function whole(v: unknown, field: string, min: number, max: number, fallback: number | null): number {
  if ((v == null || v === '') && fallback !== null) return fallback;
  const n = number(v, field, NaN);
  if (!Number.isInteger(n) || n < min || n > max) throw new RotationSpecError(field, `must be a whole number from ${min} to ${max}`);
  return n;
}

function choice<T extends string>(v: unknown, options: readonly T[], field: string, fallback: T | null): T {
  if ((v == null || v === '') && fallback !== null) return fallback;
  if (typeof v === 'string' && (options as readonly string[]).includes(v)) return v as T;
  throw new RotationSpecError(field, `must be one of ${options.join(', ')}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isNormalized(s: unknown): s is RotationSpec {
  return isObject(s) && typeof s.startDay === 'number' && typeof s.positionSize === 'number';
}
