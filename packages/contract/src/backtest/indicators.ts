// Indicator rows (spec §3, §5): the form's rules, the POST /api/indicators/ body, and the row as stored.
import { z } from 'zod';
import {
  COMPARE_OPS,
  CPRICES,
  INDICATOR_DEFAULTS,
  INDICATOR_NAMES,
  INDICATOR_TYPES,
  MAX_INDICATOR_WINDOW,
  toCompareOp,
  type CompareOp,
  type CPrice,
  type IndicatorName,
  type IndicatorType,
} from '@app/quant';
import { FIELD_MESSAGES, Id, INDICATOR_MESSAGES, isBlank, NUMBER_OR_TEXT, RowId, toNumber } from './fields.ts';
import { textCharacterError } from '../text.ts';
import { USER_LIMITS } from '../limits.ts';

/** Which inputs the indicator form shows (and the server requires) per indicator (spec §5). */
export const INDICATOR_FIELDS: Record<IndicatorName, { period: boolean; drift: boolean; length: boolean; offset: boolean; cvalue: boolean; cprice: boolean }> = {
  RSI: { period: true, drift: true, length: false, offset: false, cvalue: true, cprice: false },
  SMA: { period: true, drift: true, length: false, offset: false, cvalue: false, cprice: true },
  EMA: { period: true, drift: true, length: false, offset: false, cvalue: false, cprice: true },
  SUPERTREND: { period: false, drift: false, length: true, offset: true, cvalue: false, cprice: true },
  OBV: { period: false, drift: false, length: false, offset: true, cvalue: true, cprice: false },
};

/** An indicator row as the API answers it (spec §3). */
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
});
export type Indicator = z.infer<typeof Indicator>;

/** The indicator fields once valid, with defaults filled in (what is stored). */
export type IndicatorFields = Omit<Indicator, 'id' | 'template'>;


// The form's values arrive as typed (numbers or numeric strings); indicatorFormErrors checks them all
// at once, so each field is read leniently here and documented with the type a client should send.
const field = (doc: Record<string, unknown>) => z.unknown().optional().meta(doc);
const indicatorFields = {
  name: field({ type: 'string', enum: [...INDICATOR_NAMES] }),
  indicator_type: field({ type: 'string', enum: [...INDICATOR_TYPES], default: INDICATOR_DEFAULTS.indicator_type }),
  period: field({ ...NUMBER_OR_TEXT, default: INDICATOR_DEFAULTS.period, description: 'RSI, SMA, EMA' }),
  drift: field({ ...NUMBER_OR_TEXT, default: INDICATOR_DEFAULTS.drift, description: 'RSI' }),
  offset: field({ ...NUMBER_OR_TEXT, default: INDICATOR_DEFAULTS.offset }),
  length: field({ ...NUMBER_OR_TEXT, default: INDICATOR_DEFAULTS.length, description: 'SUPERTREND' }),
  compare: field({ type: 'string', enum: [...COMPARE_OPS, '>=', '<='] }),
  cvalue: field({ ...NUMBER_OR_TEXT, default: String(INDICATOR_DEFAULTS.cvalue), maxLength: USER_LIMITS.cvalueLength, description: 'RSI (0–100) and OBV' }),
  cprice: field({ type: 'string', enum: [...CPRICES], default: INDICATOR_DEFAULTS.cprice }),
};

/** What the indicator form holds (and the body carries besides the template): every value may still
 *  be a string typed by the user. */
const IndicatorFormFields = z.object(indicatorFields);
export type IndicatorFormValues = z.input<typeof IndicatorFormFields>;
export type IndicatorField = keyof IndicatorFormValues;

/** Spec §5's rules for the indicator form: one message per bad field ({} when valid). The web form
 *  disables submit while this is non-empty; the server answers these as a 400. A field left out
 *  (undefined) takes its default; one the form shows for the chosen indicator may not be blank;
 *  any given value must be valid. */
export function indicatorFormErrors(v: IndicatorFormValues): Partial<Record<IndicatorField, string>> {
  const M = INDICATOR_MESSAGES;
  const errors: Partial<Record<IndicatorField, string>> = {};
  const name = typeof v.name === 'string' ? v.name.trim().toUpperCase() : '';
  const known = (INDICATOR_NAMES as readonly string[]).includes(name);
  if (!known) errors.name = M.name;
  if (parseCompare(v.compare) === null) errors.compare = M.compare;
  if (!isBlank(v.indicator_type) && !(INDICATOR_TYPES as readonly string[]).includes(String(v.indicator_type).toUpperCase())) {
    errors.indicator_type = M.indicatorType;
  }
  if (!isBlank(v.cprice) && !(CPRICES as readonly string[]).includes(String(v.cprice).toUpperCase())) errors.cprice = M.cprice;

  const none = { period: false, drift: false, length: false, offset: false, cvalue: false, cprice: false };
  const shown = known ? INDICATOR_FIELDS[name as IndicatorName] : none;
  const windowErr = (field: 'period' | 'drift' | 'length', label: string, required: string, positive: string) => {
    const raw = v[field];
    if (raw === undefined) return; // not sent: the default applies
    if (isBlank(raw)) {
      if (shown[field]) errors[field] = required;
      return;
    }
    const n = toNumber(raw);
    if (n === null) errors[field] = required;
    else if (n <= 0) errors[field] = positive;
    else if (!Number.isInteger(n)) errors[field] = M.wholeNumber(label);
    else if (n > MAX_INDICATOR_WINDOW) errors[field] = M.tooLarge(label);
  };
  windowErr('period', 'Period', M.periodRequired, M.periodPositive);
  windowErr('drift', 'Drift', M.driftRequired, M.driftPositive);
  windowErr('length', 'Length', M.lengthRequired, M.lengthPositive);

  if (!isBlank(v.offset)) {
    const n = toNumber(v.offset);
    if (n === null || n < 0) errors.offset = M.offsetNonNegative;
    else if (!Number.isInteger(n)) errors.offset = M.wholeNumber('Offset');
    else if (n > MAX_INDICATOR_WINDOW) errors.offset = M.tooLarge('Offset');
  }

  const cvalueText = typeof v.cvalue === 'string' ? v.cvalue : typeof v.cvalue === 'number' ? String(v.cvalue) : null;
  if (v.cvalue === undefined) {
    // not sent: the default compare value applies
  } else if (v.cvalue !== null && cvalueText === null) {
    errors.cvalue = FIELD_MESSAGES.notText;
  } else if (cvalueText !== null && cvalueText.length > USER_LIMITS.cvalueLength) {
    errors.cvalue = FIELD_MESSAGES.tooLong(USER_LIMITS.cvalueLength);
  } else if (cvalueText !== null && textCharacterError(cvalueText)) {
    errors.cvalue = textCharacterError(cvalueText)!;
  } else if (name === 'RSI') {
    const n = toNumber(v.cvalue);
    if (n === null || n < 0 || n > 100) errors.cvalue = M.rsiValue;
  } else if (name === 'OBV') {
    if (isBlank(v.cvalue)) errors.cvalue = M.compareValueRequired;
    else if (toNumber(v.cvalue) === null) errors.cvalue = M.compareValueNumber;
  }
  return errors;
}

/** '>=' → '≥', '<=' → '≤'; null when not an operator. */
export function parseCompare(v: unknown): CompareOp | null {
  return typeof v === 'string' ? toCompareOp(v.trim()) : null;
}

function normalizeIndicator(v: IndicatorFormValues): IndicatorFields {
  const D = INDICATOR_DEFAULTS;
  const int = (raw: unknown, dflt: number) => (isBlank(raw) ? dflt : (toNumber(raw) as number));
  return {
    name: String(v.name).trim().toUpperCase() as IndicatorName,
    indicator_type: (isBlank(v.indicator_type) ? D.indicator_type : String(v.indicator_type).toUpperCase()) as IndicatorType,
    period: int(v.period, D.period),
    drift: int(v.drift, D.drift),
    offset: int(v.offset, D.offset),
    length: int(v.length, D.length),
    compare: parseCompare(v.compare)!,
    cvalue: isBlank(v.cvalue) ? String(D.cvalue) : String(v.cvalue).trim(),
    cprice: (isBlank(v.cprice) ? D.cprice : String(v.cprice).toUpperCase()) as CPrice,
  };
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
/** What a client sends: numbers may be numeric strings, optional fields take the defaults. */
export type IndicatorCreateBody = z.input<typeof IndicatorCreate>;
