// The backtesting vocabulary (spec §3, §5, §9): the names, operators and limits are the engine's
// (packages/quant), so the form, the API and the backtest cannot disagree; the messages and the small
// field schemas the templates, indicators and periods share are declared here.
import { z } from 'zod';
import { MAX_GROUP, MAX_INDICATOR_WINDOW, MIXED_SIDES, NESTED_AGAINST } from '@app/quant';
import { cleanText } from '../text.ts';

export {
  COMPARE_ALIASES,
  COMPARE_OPS,
  CPRICES,
  DEFAULT_CASH,
  INDICATOR_DEFAULTS,
  INDICATOR_NAMES,
  INDICATOR_TYPES,
  MAX_INDICATOR_WINDOW,
  MAX_PERIOD,
  MIN_PERIOD,
  MAX_STDDEV,
  MIN_STDDEV,
  MAX_GROUP,
  MAX_TEMPLATE_ROWS,
  INDICATOR_SPECS,
  SPEC_INDICATOR_NAMES,
  PARAM_FIELDS,
  LONG_SIDES,
  SHORT_SIDES,
  indicatorSpec,
  defaultOutput,
  isPriceLike,
  describeRule,
  describeCondition,
  describeOperand,
  type IndicatorSpec,
  type ParamSpec,
  type OutputSpec,
  type ParamField,
  type CompareOp,
  type CPrice,
  type IndicatorName,
  type IndicatorType,
} from '@app/quant';

/** Template position size when none is given: fraction of equity (whole shares); ≥ 1 means shares. */
export const DEFAULT_POSITION_SIZE = 0.99;
/** Template commission when none is given: a fraction of trade value, charged on entry and exit. */
export const DEFAULT_COMMISSION = 0;
/** Commissions are below this fraction of trade value (10 %): anything more is a typo for a percent. */
export const MAX_COMMISSION = 0.1;
/** Upper bound of the starting cash. */
export const MAX_CASH = 1e12;

/** Messages of spec §5 (exact wording) plus the few the spec leaves open. */
export const INDICATOR_MESSAGES = {
  name: 'Please select an indicator',
  compare: 'Please select a comparison operator',
  periodRequired: 'Period is required',
  periodPositive: 'Period must be greater than 0',
  driftRequired: 'Drift is required',
  driftPositive: 'Drift must be greater than 0',
  lengthRequired: 'Length is required',
  lengthPositive: 'Length must be greater than 0',
  rsiValue: 'RSI value must be between 0 and 100',
  compareValueRequired: 'Compare value is required',
  compareValueNumber: 'Compare value must be a number',
  offsetNonNegative: 'Offset must be 0 or greater',
  wholeNumber: (label: string) => `${label} must be a whole number`,
  tooLarge: (label: string, max: number = MAX_INDICATOR_WINDOW) => `${label} must be at most ${max}`,
  tooSmall: (label: string, min: number) => `${label} must be at least ${min}`,
  required: (label: string) => `${label} is required`,
  notNumber: (label: string) => `${label} must be a number`,
  indicatorType: 'Indicator type must be BUY, SELL, SHORT or COVER',
  cprice: 'Price must be CLOSE, OPEN, HIGH or LOW',
  output: (name: string, outputs: readonly string[]) => `${name} has no such output; choose one of ${outputs.join(', ')}`,
  group: `Group must be a whole number from 0 to ${MAX_GROUP}`,
  against: 'Compare with must be an indicator (an object with a name)',
  nestedAgainst: NESTED_AGAINST,
  mixedSides: MIXED_SIDES,
  priceLeft: 'A price on the left must be true or false',
  priceLeftLine: 'With a price on the left, pick a line drawn on the price (SMA, EMA, Supertrend, a Bollinger band)',
  priceLeftAgainst: 'With a price on the left, the indicator goes on the right: leave "against" out',
  moveBody: 'Send either direction ("up" or "down") or group (the block to move the row to)',
  moveDirection: 'Direction must be "up" or "down"',
} as const;

/** DRF's generic field messages, used where the spec gives none. */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  invalidInteger: 'A valid integer is required.',
  invalidNumber: 'A valid number is required.',
  invalidDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  dateOutOfRange: 'Date must be between 1900-01-01 and 2100-12-31.',
  tooLong: (n: number) => `Ensure this field has no more than ${n} characters.`,
  notText: 'Not a valid string.',
} as const;

export const PERIOD_MESSAGES = {
  symbolNotFound: 'symbol not found',
  invalidTicker: 'Enter a valid symbol ticker.',
  endAfterStart: 'End date must be after start date.',
} as const;

export const TEMPLATE_MESSAGES = {
  positionSizePositive: 'Position size must be greater than 0',
  positionSizeShares: 'Position size of 1 or more is a number of shares and must be a whole number',
  positionSizeTooLarge: 'Ensure this value is less than or equal to 1000000000.',
  positionSizePercent: 'A percentage of equity above 0 and below 100.',
  positionSizeWholeShares: 'A whole number of shares, 1 or more.',
  /** Same words for the API's fraction (< 0.1) and the form's percent (< 10). */
  commissionRange: 'Commission must be 0 or more and less than 10%',
  cashPositive: 'Cash must be greater than 0',
  cashTooLarge: `Cash must be at most ${MAX_CASH.toLocaleString('en-US')}`,
  /** 400 on `name` when the user already has a template of that name (create or rename). */
  nameUsed: 'You already have a template with this name. Please choose another.',
} as const;

/** 400 detail of a run whose period holds fewer than 2 bars. */
export const noPriceDataMessage = (symbol: string, start: string, end: string) =>
  `No price data for ${symbol} between ${start} and ${end}.`;

// ---------------------------------------------------------------------------------------------
// Small field helpers (numbers may come as JSON numbers or as numeric strings from form inputs)
// ---------------------------------------------------------------------------------------------

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A finite number from a number or numeric string; null when it is not one. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim())) return Number(v.trim());
  return null;
}

/** What OpenAPI shows for a field the server reads leniently (a number or a numeric string). */
export const NUMBER_OR_TEXT = { anyOf: [{ type: 'number' }, { type: 'string' }] } as const;

/** Ids are plain positive integers: a JSON integer, or digits without sign, leading zero,
 *  exponent or fraction ('1e3', '1.0', '01', '+1' and '-1' are not ids), within PostgreSQL's integer. */
export const MAX_ID = 2_147_483_647;
export function parseId(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

/** A positive integer id (body reference or query parameter). */
export const Id = z
  .unknown()
  .optional()
  .meta({ anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^[1-9][0-9]*$' }] })
  .transform((v, ctx) => {
    if (isBlank(v)) {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.required });
      return z.NEVER;
    }
    const n = parseId(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.invalidInteger });
      return z.NEVER;
    }
    return n;
  });

/** The `{id}` of a path like /api/templates/{id}/: a row id (anything else answers 404). */
export const IdParams = z.object({ id: Id });

/** A required single-line text field: trimmed, not blank, at most `max` characters, no control characters. */
export const requiredString = (max: number) =>
  cleanText(
    z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : 'Not a valid string.') })
      .trim()
      .min(1, FIELD_MESSAGES.blank)
      .max(max, FIELD_MESSAGES.tooLong(max)),
  );

/** Years a date field may name: market data starts long after the first, and nothing runs past the last. */
export const DATE_YEARS = { min: 1900, max: 2100 } as const;

/** Why `s` is not a real calendar day written YYYY-MM-DD in DATE_YEARS, or null when it is. Plain
 *  arithmetic: no Date object that could throw on a month 13 or a year 9999. */
export function isoDateProblem(s: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return FIELD_MESSAGES.invalidDate;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  // DRF's answer for 2020-13-01 and year 0 (no such year) too
  if (year === 0 || days === undefined || day < 1 || day > days) return FIELD_MESSAGES.invalidDate;
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return FIELD_MESSAGES.dateOutOfRange;
  return null;
}

/** Every date field of a request: a real calendar day written YYYY-MM-DD, years 1900–2100. */
export const IsoDate = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidDate) })
  .trim()
  .check((ctx) => {
    const problem = isoDateProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** An answer's whole-number id. */
export const RowId = z.number().int();
/** An answer's timestamp, ISO 8601. */
export const Timestamp = z.string().meta({ format: 'date-time' });
