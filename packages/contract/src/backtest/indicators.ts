// Indicator rows (spec §3, §5): the form's rules, the POST /api/indicators/ body, and the row as stored.
import { z } from 'zod';
import {
  COMPARE_OPS,
  CPRICES,
  INDICATOR_DEFAULTS,
  INDICATOR_NAMES,
  INDICATOR_SPECS,
  INDICATOR_TYPES,
  MAX_GROUP,
  MAX_INDICATOR_WINDOW,
  MAX_PERIOD,
  MIN_PERIOD,
  PARAM_FIELDS,
  SPEC_INDICATOR_NAMES,
  defaultOutput,
  indicatorSpec,
  isPriceLike,
  sidesError,
  toCompareOp,
  type IndicatorSpec,
  type OutputSpec,
  type ParamField,
  type ParamSpec,
  type CompareOp,
  type CPrice,
  type IndicatorName,
  type IndicatorType,
} from '@app/quant';
import { FIELD_MESSAGES, Id, INDICATOR_MESSAGES, isBlank, NUMBER_OR_TEXT, RowId, toNumber } from './fields.ts';
import { textCharacterError } from '../text.ts';
import { USER_LIMITS } from '../limits.ts';

/** Which inputs the indicator form shows (and the server requires) per indicator: spec §5 for its five
 *  indicators; the strategy language's take their parameters from the registry (INDICATOR_SPECS),
 *  an offset, an output when they have several, and a compare value and/or price by their outputs. */
export interface ShownFields {
  period: boolean; drift: boolean; length: boolean; offset: boolean; cvalue: boolean; cprice: boolean;
  fast: boolean; slow: boolean; signal: boolean; stddev: boolean; k_smooth: boolean; d_period: boolean; output: boolean;
}
const NEW_PARAMS_OFF = { fast: false, slow: false, signal: false, stddev: false, k_smooth: false, d_period: false, output: false };
export const INDICATOR_FIELDS: Record<IndicatorName, ShownFields> = Object.fromEntries(
  INDICATOR_NAMES.map((name): [IndicatorName, ShownFields] => {
    const spec: IndicatorSpec = INDICATOR_SPECS[name];
    const takes = (f: ParamField) => spec.params.some((p) => p.field === f);
    const outputs = spec.outputs as readonly OutputSpec[];
    return [name, {
      period: takes('period'), drift: takes('drift'), length: takes('length'), offset: true,
      cvalue: outputs.some((o) => !o.priceLike), cprice: outputs.some((o) => o.priceLike),
      fast: takes('fast'), slow: takes('slow'), signal: takes('signal'), stddev: takes('stddev'),
      k_smooth: takes('k_smooth'), d_period: takes('d_period'), output: outputs.length > 1,
    }];
  }),
) as Record<IndicatorName, ShownFields>;
// The spec's five keep spec §5's form exactly (its drift input shows for SMA and EMA too).
Object.assign(INDICATOR_FIELDS, {
  RSI: { period: true, drift: true, length: false, offset: false, cvalue: true, cprice: false, ...NEW_PARAMS_OFF },
  SMA: { period: true, drift: true, length: false, offset: false, cvalue: false, cprice: true, ...NEW_PARAMS_OFF },
  EMA: { period: true, drift: true, length: false, offset: false, cvalue: false, cprice: true, ...NEW_PARAMS_OFF },
  SUPERTREND: { period: false, drift: false, length: true, offset: true, cvalue: false, cprice: true, ...NEW_PARAMS_OFF },
  OBV: { period: false, drift: false, length: false, offset: true, cvalue: true, cprice: false, ...NEW_PARAMS_OFF },
} satisfies Partial<Record<IndicatorName, ShownFields>>);

/** The indicator a row compares with (`against`): a name, its parameters, its output and offset. */
export const IndicatorOperand = z.object({
  name: z.enum(INDICATOR_NAMES),
  output: z.string(),
  period: z.number().int(),
  drift: z.number().int(),
  offset: z.number().int(),
  length: z.number().int(),
  fast: z.number().int(),
  slow: z.number().int(),
  signal: z.number().int(),
  stddev: z.number(),
  k_smooth: z.number().int(),
  d_period: z.number().int(),
});
export type IndicatorOperand = z.infer<typeof IndicatorOperand>;

/** An indicator row as the API answers it (spec §3, and the strategy language's fields). */
export const Indicator = z.object({
  id: RowId,
  template: RowId,
  name: z.enum(INDICATOR_NAMES),
  indicator_type: z.enum(INDICATOR_TYPES),
  period: z.number().int(),
  drift: z.number().int(),
  offset: z.number().int(),
  length: z.number().int(),
  compare: z.enum(COMPARE_OPS),
  cvalue: z.string(),
  cprice: z.enum(CPRICES),
  output: z.string().meta({ description: 'the line of a many-line indicator (MACD macd|signal|hist, BBANDS middle|upper|lower|percent_b, STOCH k|d, ADX adx|plus_di|minus_di); value for the others' }),
  fast: z.number().int(),
  slow: z.number().int(),
  signal: z.number().int(),
  stddev: z.number(),
  k_smooth: z.number().int(),
  d_period: z.number().int(),
  group: z.number().int().meta({ description: 'a side fires when every row of some group holds (OR of ANDs)' }),
  against: IndicatorOperand.nullable().meta({ description: 'another indicator the row compares with (before cprice and cvalue)' }),
  // optional in the type only (the API always sends it): rows built before it existed read as false
  price_left: z.boolean().optional().meta({ description: 'written with its price on the left ("Close crosses below BB lower"); stored mirrored (the indicator on the left, the comparison reversed, cprice on the right), which holds on the same bars' }),
});
export type Indicator = z.infer<typeof Indicator>;

/** The indicator fields once valid, with defaults filled in (what is stored). */
export type IndicatorFields = Omit<Indicator, 'id' | 'template'>;

// The form's values arrive as typed (numbers or numeric strings); indicatorFormErrors checks them all
// at once, so each field is read leniently here and documented with the type a client should send.
const field = (doc: Record<string, unknown>) => z.unknown().optional().meta(doc);
const paramDoc = (f: ParamField) => {
  const users = INDICATOR_NAMES.filter((n) => (INDICATOR_SPECS[n].params as readonly ParamSpec[]).some((p) => p.field === f));
  return field({ ...NUMBER_OR_TEXT, description: users.map((n) => `${n} (default ${paramOf(n, f)!.default})`).join(', ') });
};
const operandFields = {
  name: field({ type: 'string', enum: [...INDICATOR_NAMES] }),
  output: field({ type: 'string', description: 'MACD macd|signal|hist; BBANDS middle|upper|lower|percent_b; STOCH k|d; ADX adx|plus_di|minus_di; value (default) for the others' }),
  period: field({ ...NUMBER_OR_TEXT, default: INDICATOR_DEFAULTS.period, description: `RSI, SMA, EMA (1–${MAX_INDICATOR_WINDOW}); BBANDS 20, STOCH 14, ADX 14, CCI 20, ROC 10, WILLR 14 (${MIN_PERIOD}–${MAX_PERIOD})` }),
  drift: field({ ...NUMBER_OR_TEXT, default: INDICATOR_DEFAULTS.drift, description: 'RSI' }),
  offset: field({ ...NUMBER_OR_TEXT, default: INDICATOR_DEFAULTS.offset }),
  length: field({ ...NUMBER_OR_TEXT, default: INDICATOR_DEFAULTS.length, description: 'SUPERTREND' }),
  fast: paramDoc('fast'),
  slow: paramDoc('slow'),
  signal: paramDoc('signal'),
  stddev: paramDoc('stddev'),
  k_smooth: paramDoc('k_smooth'),
  d_period: paramDoc('d_period'),
};
const indicatorFields = {
  ...operandFields,
  indicator_type: field({ type: 'string', enum: [...INDICATOR_TYPES], default: INDICATOR_DEFAULTS.indicator_type, description: 'BUY/SELL rows make a long template, SHORT/COVER rows a short one; never both' }),
  compare: field({ type: 'string', enum: [...COMPARE_OPS, '>=', '<='] }),
  cvalue: field({ ...NUMBER_OR_TEXT, default: String(INDICATOR_DEFAULTS.cvalue), maxLength: USER_LIMITS.cvalueLength, description: 'the number an oscillator (RSI 0–100, OBV, MACD, %B, STOCH, ADX, CCI, ROC, WILLR) is compared with' }),
  cprice: field({ type: 'string', enum: [...CPRICES], default: INDICATOR_DEFAULTS.cprice, description: 'the price a price-like row (SMA, EMA, SUPERTREND, a Bollinger band) is compared with' }),
  group: field({ ...NUMBER_OR_TEXT, default: 0, description: `0–${MAX_GROUP}: a side fires when every row of some group holds` }),
  price_left: field({ type: 'boolean', default: false, description: 'the row was written with cprice on the left: send it mirrored (the indicator\'s fields, the comparison reversed: crosses below ↔ crosses above, < ↔ >, ≤ ↔ ≥), and it reads back as written' }),
  against: z.unknown().optional().meta({
    description: 'another indicator to compare with (its name, parameters, output and offset; no against inside it)',
    anyOf: [{ type: 'null' }, { type: 'object', properties: Object.fromEntries(Object.keys(operandFields).map((k) => [k, {}])) }],
  }),
};

/** What the indicator form holds (and the body carries besides the template): every value may still
 *  be a string typed by the user. */
const IndicatorFormFields = z.object(indicatorFields);
export type IndicatorFormValues = z.input<typeof IndicatorFormFields>;
export type IndicatorField = keyof IndicatorFormValues;
type OperandField = keyof typeof operandFields;
/** A field of the form, or of its compared-with indicator (`against.period`). */
export type IndicatorErrorKey = IndicatorField | `against.${OperandField}`;

function paramOf(name: IndicatorName, f: string): ParamSpec | undefined {
  return (INDICATOR_SPECS[name].params as readonly ParamSpec[]).find((p) => p.field === f);
}

/** The bounds a parameter is checked against on a row whose indicator does not take it (the
 *  strategy language's where it has one: period 1–500). */
const GENERIC_PARAMS = Object.fromEntries(
  PARAM_FIELDS.map((f) => [f, INDICATOR_NAMES.map((n) => paramOf(n, f)).filter((p) => p !== undefined).at(-1)!]),
) as Record<ParamField, ParamSpec>;

/** Spec §5's rules for the indicator form, and the strategy language's: one message per bad field
 *  ({} when valid). The web form disables submit while this is non-empty; the server answers these
 *  as a 400. A field left out (undefined) takes its default; one the form shows for the chosen
 *  indicator may not be blank; any given value must be valid. */
export function indicatorFormErrors(v: IndicatorFormValues): Partial<Record<IndicatorErrorKey, string>> {
  const M = INDICATOR_MESSAGES;
  const errors: Partial<Record<IndicatorErrorKey, string>> = {};
  const { name, output } = operandErrors(v, '', errors);
  if (parseCompare(v.compare) === null) errors.compare = M.compare;
  if (!isBlank(v.indicator_type) && !(INDICATOR_TYPES as readonly string[]).includes(String(v.indicator_type).toUpperCase())) {
    errors.indicator_type = M.indicatorType;
  }
  if (!isBlank(v.cprice) && !(CPRICES as readonly string[]).includes(String(v.cprice).toUpperCase())) errors.cprice = M.cprice;
  if (!isBlank(v.group)) {
    const n = toNumber(v.group);
    if (n === null || !Number.isInteger(n) || n < 0 || n > MAX_GROUP) errors.group = M.group;
  }

  let hasAgainst = false;
  if (v.against !== undefined && v.against !== null) {
    if (typeof v.against !== 'object' || Array.isArray(v.against)) errors.against = M.against;
    else if ((v.against as { against?: unknown }).against != null) errors.against = M.nestedAgainst;
    else {
      hasAgainst = true;
      operandErrors(v.against as OperandValues, 'against.', errors);
    }
  }

  if (v.price_left !== undefined && v.price_left !== null && typeof v.price_left !== 'boolean') errors.price_left = M.priceLeft;
  else if (v.price_left === true) {
    // stored mirrored: the row's own indicator is the written right-hand side, the price its left
    if (hasAgainst || (v.against !== undefined && v.against !== null)) errors.against = M.priceLeftAgainst;
    else if (name !== null && !isPriceLike(name, output ?? defaultOutput(name))) {
      if (INDICATOR_FIELDS[name].output && !isBlank(v.output)) errors.output = M.priceLeftLine;
      else errors.name = M.priceLeftLine;
    }
  }

  const cvalueText = typeof v.cvalue === 'string' ? v.cvalue : typeof v.cvalue === 'number' ? String(v.cvalue) : null;
  // the number is the right-hand side only of an oscillator row without `against`
  const comparesNumber = name !== null && !hasAgainst && !isPriceLike(name, output ?? defaultOutput(name));
  if (v.cvalue === undefined) {
    // not sent: the default compare value applies
  } else if (v.cvalue !== null && cvalueText === null) {
    errors.cvalue = FIELD_MESSAGES.notText;
  } else if (cvalueText !== null && cvalueText.length > USER_LIMITS.cvalueLength) {
    errors.cvalue = FIELD_MESSAGES.tooLong(USER_LIMITS.cvalueLength);
  } else if (cvalueText !== null && textCharacterError(cvalueText)) {
    errors.cvalue = textCharacterError(cvalueText)!;
  } else if (name === 'RSI' && !hasAgainst) {
    const n = toNumber(v.cvalue);
    if (n === null || n < 0 || n > 100) errors.cvalue = M.rsiValue;
  } else if (comparesNumber) {
    if (isBlank(v.cvalue)) errors.cvalue = M.compareValueRequired;
    else if (toNumber(v.cvalue) === null) errors.cvalue = M.compareValueNumber;
  }
  return errors;
}

type OperandValues = Partial<Record<OperandField, unknown>>;

/** Checks the indicator, its output and its parameters (of the row, or of its `against` with the
 *  keys prefixed); returns the indicator and output when they are known. */
function operandErrors(v: OperandValues, prefix: '' | 'against.', errors: Partial<Record<IndicatorErrorKey, string>>): { name: IndicatorName | null; output: string | null } {
  const M = INDICATOR_MESSAGES;
  const put = (f: OperandField, message: string) => { errors[`${prefix}${f}` as IndicatorErrorKey] = message; };
  const raw = typeof v.name === 'string' ? v.name.trim().toUpperCase() : '';
  const name = indicatorSpec(raw) ? (raw as IndicatorName) : null;
  if (!name) put('name', M.name);
  let output: string | null = null;
  if (name && !isBlank(v.output)) {
    const outputs = INDICATOR_SPECS[name].outputs.map((o) => o.name);
    output = String(v.output).trim().toLowerCase();
    if (!(outputs as string[]).includes(output)) {
      put('output', M.output(name, outputs));
      output = null;
    }
  }
  const spec5 = name !== null && (SPEC_INDICATOR_NAMES as readonly string[]).includes(name);
  const shown: Partial<ShownFields> = name ? INDICATOR_FIELDS[name] : {};
  const spec5Windows: Record<string, [string, string]> = {
    period: [M.periodRequired, M.periodPositive], drift: [M.driftRequired, M.driftPositive], length: [M.lengthRequired, M.lengthPositive],
  };
  for (const f of ['period', 'drift', 'length', 'fast', 'slow', 'signal', 'stddev', 'k_smooth', 'd_period'] as const) {
    const value = v[f];
    if (value === undefined) continue; // not sent: the default applies
    // the indicator's own bounds; a field it does not take is checked against another's
    const p = (name && paramOf(name, f)) || GENERIC_PARAMS[f];
    const label = p.label;
    const max = spec5 && spec5Windows[f] ? MAX_INDICATOR_WINDOW : p.max;
    const [requiredMsg, positiveMsg] = spec5Windows[f] ?? [M.required(label), M.tooSmall(label, p.min)];
    if (isBlank(value)) {
      if (shown[f as keyof ShownFields]) put(f, requiredMsg);
      continue;
    }
    const n = toNumber(value);
    if (n === null) put(f, spec5Windows[f] ? requiredMsg : M.notNumber(label));
    else if (n < p.min) put(f, spec5Windows[f] && n <= 0 ? positiveMsg : M.tooSmall(label, p.min));
    else if (p.integer && !Number.isInteger(n)) put(f, M.wholeNumber(label));
    else if (n > max) put(f, M.tooLarge(label, max));
  }
  if (!isBlank(v.offset)) {
    const n = toNumber(v.offset);
    if (n === null || n < 0) put('offset', M.offsetNonNegative);
    else if (!Number.isInteger(n)) put('offset', M.wholeNumber('Offset'));
    else if (n > MAX_INDICATOR_WINDOW) put('offset', M.tooLarge('Offset'));
  }
  return { name, output };
}

/** '>=' → '≥', '<=' → '≤'; null when not an operator. */
export function parseCompare(v: unknown): CompareOp | null {
  return typeof v === 'string' ? toCompareOp(v.trim()) : null;
}

/** The operand fields once valid, with defaults filled in: the indicator's own default for a
 *  parameter it takes (BBANDS period 20), the spec's form default otherwise. */
function normalizeOperand(v: OperandValues): IndicatorOperand {
  const D = INDICATOR_DEFAULTS;
  const name = String(v.name).trim().toUpperCase() as IndicatorName;
  const spec5 = (SPEC_INDICATOR_NAMES as readonly string[]).includes(name);
  const num = (f: ParamField, fallback: number) => {
    const raw = v[f as OperandField];
    if (!isBlank(raw)) return toNumber(raw) as number;
    return spec5 ? fallback : (paramOf(name, f)?.default ?? fallback);
  };
  return {
    name,
    output: isBlank(v.output) ? defaultOutput(name) : String(v.output).trim().toLowerCase(),
    period: num('period', D.period),
    drift: num('drift', D.drift),
    offset: isBlank(v.offset) ? D.offset : (toNumber(v.offset) as number),
    length: num('length', D.length),
    fast: num('fast', GENERIC_PARAMS.fast.default),
    slow: num('slow', GENERIC_PARAMS.slow.default),
    signal: num('signal', GENERIC_PARAMS.signal.default),
    stddev: num('stddev', GENERIC_PARAMS.stddev.default),
    k_smooth: num('k_smooth', GENERIC_PARAMS.k_smooth.default),
    d_period: num('d_period', GENERIC_PARAMS.d_period.default),
  };
}

function normalizeIndicator(v: IndicatorFormValues): IndicatorFields {
  const D = INDICATOR_DEFAULTS;
  return {
    ...normalizeOperand(v),
    indicator_type: (isBlank(v.indicator_type) ? D.indicator_type : String(v.indicator_type).toUpperCase()) as IndicatorType,
    compare: parseCompare(v.compare)!,
    cvalue: isBlank(v.cvalue) ? String(D.cvalue) : String(v.cvalue).trim(),
    cprice: (isBlank(v.cprice) ? D.cprice : String(v.cprice).toUpperCase()) as CPrice,
    group: isBlank(v.group) ? 0 : (toNumber(v.group) as number),
    against: v.against == null ? null : normalizeOperand(v.against as OperandValues),
    price_left: v.price_left === true,
  };
}

/** Why a row of side `side` cannot join a template whose rows have `existing` sides (long and short
 *  rows never mix), or null. */
export function sideMixError(existing: readonly string[], side: string): string | null {
  return sidesError([...existing, side]);
}

/** POST /api/indicators/ body: the indicator fields and the template id it belongs to. */
export const IndicatorCreate = z
  .object({ template: field({ type: 'integer', minimum: 1 }), ...IndicatorFormFields.shape })
  .superRefine((v, ctx) => {
    // The template id is checked here, beside the fields, so one answer names every bad field.
    const t = Id.safeParse(v.template);
    if (!t.success) ctx.addIssue({ code: 'custom', path: ['template'], message: t.error.issues[0].message });
    for (const [key, message] of Object.entries(indicatorFormErrors(v))) ctx.addIssue({ code: 'custom', path: [key], message });
  })
  .transform((v) => ({ template: Id.parse(v.template), ...normalizeIndicator(v) }));
export type IndicatorCreateInput = z.output<typeof IndicatorCreate>;

/** PUT /api/indicators/{id}/ body: a row's fields, checked as on create (the row keeps its template). */
export const IndicatorUpdate = IndicatorFormFields
  .superRefine((v, ctx) => {
    for (const [key, message] of Object.entries(indicatorFormErrors(v))) ctx.addIssue({ code: 'custom', path: [key], message });
  })
  .transform((v) => normalizeIndicator(v));
export type IndicatorUpdateBody = z.input<typeof IndicatorUpdate>;

/** POST /api/indicators/{id}/move/ body: one step up or down within its block, or to another block
 *  (`group`, where it goes last). */
export const IndicatorMove = z
  .object({
    direction: field({ type: 'string', enum: ['up', 'down'] }),
    group: field({ type: 'integer', minimum: 0, maximum: MAX_GROUP }),
  })
  .superRefine((v, ctx) => {
    const M = INDICATOR_MESSAGES;
    const hasDirection = v.direction !== undefined && v.direction !== null;
    const hasGroup = v.group !== undefined && v.group !== null;
    if (hasDirection === hasGroup) ctx.addIssue({ code: 'custom', path: [], message: M.moveBody });
    else if (hasDirection && v.direction !== 'up' && v.direction !== 'down') ctx.addIssue({ code: 'custom', path: ['direction'], message: M.moveDirection });
    else if (hasGroup) {
      const n = toNumber(v.group);
      if (n === null || !Number.isInteger(n) || n < 0 || n > MAX_GROUP) ctx.addIssue({ code: 'custom', path: ['group'], message: M.group });
    }
  })
  .transform((v) => (v.direction != null ? { direction: v.direction as 'up' | 'down' } : { group: toNumber(v.group) as number }));
export type IndicatorMoveBody = z.input<typeof IndicatorMove>;
/** What a client sends: numbers may be numeric strings, optional fields take the defaults. */
export type IndicatorCreateBody = z.input<typeof IndicatorCreate>;
