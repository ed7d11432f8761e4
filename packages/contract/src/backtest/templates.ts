// Backtest templates (spec §3, §7): a name, the trading settings, and the indicator rows.
import { z } from 'zod';
import { DEFAULT_CASH, EXIT_FIELD_NAMES, EXIT_FIELDS, exitFieldInRange, type ExitField } from '@app/quant';
import {
  DEFAULT_COMMISSION,
  DEFAULT_POSITION_SIZE,
  FIELD_MESSAGES,
  isBlank,
  MAX_CASH,
  MAX_COMMISSION,
  NUMBER_OR_TEXT,
  requiredString,
  RowId,
  TEMPLATE_MESSAGES,
  Timestamp,
  toNumber,
} from './fields.ts';
import { Indicator } from './indicators.ts';
import { parseNumberInput } from '../numberInput.ts';

/** The message for a position size (a number: fraction of equity below 1, else whole shares); null when valid. */
export function positionSizeError(n: number): string | null {
  if (n <= 0) return TEMPLATE_MESSAGES.positionSizePositive;
  if (n >= 1 && !Number.isInteger(n)) return TEMPLATE_MESSAGES.positionSizeShares;
  if (n > 1e9) return TEMPLATE_MESSAGES.positionSizeTooLarge;
  return null;
}

/** The message for a commission given as a fraction of trade value; null when valid. */
export function commissionError(fraction: number): string | null {
  return fraction >= 0 && fraction < MAX_COMMISSION ? null : TEMPLATE_MESSAGES.commissionRange;
}

/** The message for a starting cash in dollars; null when valid. */
export function cashError(n: number): string | null {
  if (n <= 0) return TEMPLATE_MESSAGES.cashPositive;
  if (n > MAX_CASH) return TEMPLATE_MESSAGES.cashTooLarge;
  return null;
}

/** A template's numeric trading settings beside its name, one entry each: the value a new template
 *  gets, the rule a given value must pass, and what the API documents. The write body, the answer and
 *  the create defaults all come from this table, so a new setting (a stop, a spread, …) is one entry
 *  here (plus its column in the templates table). */
export const TEMPLATE_SETTINGS = {
  position_size: { default: DEFAULT_POSITION_SIZE, error: positionSizeError, doc: '0 < size < 1: fraction of equity; size ≥ 1: whole shares' },
  commission: { default: DEFAULT_COMMISSION, error: commissionError, doc: 'fraction of trade value charged on entry and exit (0.001 = 0.1 %)' },
  cash: { default: DEFAULT_CASH, error: cashError, doc: 'starting cash in dollars' },
} as const satisfies Record<string, { default: number; error: (n: number) => string | null; doc: string }>;
export type TemplateSettingKey = keyof typeof TEMPLATE_SETTINGS;
export type TemplateSettingValues = Record<TemplateSettingKey, number>;
export const TEMPLATE_SETTING_KEYS = Object.keys(TEMPLATE_SETTINGS) as TemplateSettingKey[];

/** One schema per setting, built from its table entry. */
function perSetting<T extends z.ZodType>(make: (s: (typeof TEMPLATE_SETTINGS)[TemplateSettingKey]) => T): Record<TemplateSettingKey, T> {
  return Object.fromEntries(TEMPLATE_SETTING_KEYS.map((k) => [k, make(TEMPLATE_SETTINGS[k])])) as Record<TemplateSettingKey, T>;
}

/** The settings a new template gets: those given, the table's defaults for the rest. */
export const withSettingDefaults = (given: Partial<Record<TemplateSettingKey, number | undefined>>): TemplateSettingValues =>
  Object.fromEntries(TEMPLATE_SETTING_KEYS.map((k) => [k, given[k] ?? TEMPLATE_SETTINGS[k].default])) as TemplateSettingValues;

/** The optional exits, costs and sizing of a template (ARCHITECTURE.md "Exits, costs and sizing"):
 *  fractions like `commission` (0.05 = 5 %), dollars for the fee per order; null when not used. The
 *  bounds are the engine's (quant's EXIT_FIELDS); the words are for traders, in the form's units. */
export const TEMPLATE_EXITS: Record<ExitField, { label: string; unit: '%' | '$'; doc: string; hint: string; words: (shown: string) => string }> = {
  stop_loss_pct: {
    label: 'Stop-loss', unit: '%', doc: 'exit when the low reaches this fraction below the entry price (filled at the stop, or at a lower open)',
    hint: 'Sell when the price falls this far below your entry price.', words: (v) => `stop ${v}`,
  },
  take_profit_pct: {
    label: 'Take-profit', unit: '%', doc: 'exit when the high reaches this fraction above the entry price (filled at the target, or at a higher open)',
    hint: 'Sell when the price rises this far above your entry price.', words: (v) => `target ${v}`,
  },
  trailing_stop_pct: {
    label: 'Trailing stop', unit: '%', doc: 'a stop this fraction below the highest close since the entry, raised at every close',
    hint: 'Sell when the price falls this far below its best close since you bought.', words: (v) => `trailing ${v}`,
  },
  spread: {
    label: 'Spread', unit: '%', doc: 'entries fill this fraction above the open (the bid-ask spread paid to get in)',
    hint: 'Every buy fills this much above the open: the bid-ask spread you pay.', words: (v) => `spread ${v}`,
  },
  commission_fixed: {
    label: 'Fee per order', unit: '$', doc: 'dollars charged on every entry and exit, on top of the commission',
    hint: 'Dollars your broker charges on every buy and every sell.', words: (v) => `fee ${v} per order`,
  },
  risk_pct: {
    label: 'Risk per trade', unit: '%', doc: 'size each entry so a stop-out loses this fraction of equity (needs stop_loss_pct), capped by position_size',
    hint: 'Buy as many shares as lets a stop-out lose this much of your equity (needs a stop-loss).', words: (v) => `risk ${v} of equity`,
  },
};
export { EXIT_FIELD_NAMES, type ExitField };
export type TemplateExitValues = Record<ExitField, number | null>;

/** The bounds of an exit field in its form's unit: "more than 0% and less than 100%". */
export function exitRangeText(field: ExitField): string {
  const b = EXIT_FIELDS[field];
  const { unit } = TEMPLATE_EXITS[field];
  const show = (v: number) => (unit === '%' ? `${fractionToPercent(v)}%` : `$${v.toLocaleString('en-US')}`);
  const low = b.minInclusive ? `${show(b.min)} or more` : `more than ${show(b.min)}`;
  const high = b.maxInclusive ? `at most ${show(b.max)}` : `less than ${show(b.max)}`;
  return `${low} and ${high}`;
}

/** The message for an exit field's value (a fraction, dollars for the fee); null when valid. */
export function exitFieldError(field: ExitField, n: number): string | null {
  return exitFieldInRange(field, n) ? null : `${TEMPLATE_EXITS[field].label} must be ${exitRangeText(field)}`;
}

export const RISK_NEEDS_STOP_MESSAGE = 'Risk sizing needs a stop-loss: the risk is measured to the stop.';

/** Settings that do not hold together (today: risk sizing without a stop), as DRF field errors. */
export function exitConflicts(v: Partial<TemplateExitValues>): Partial<Record<ExitField, string[]>> {
  return v.risk_pct != null && v.stop_loss_pct == null ? { risk_pct: [RISK_NEEDS_STOP_MESSAGE] } : {};
}

/** One schema per exit field. */
function perExit<T extends z.ZodType>(make: (field: ExitField) => T): Record<ExitField, T> {
  return Object.fromEntries(EXIT_FIELD_NAMES.map((f) => [f, make(f)])) as Record<ExitField, T>;
}

/** GET /api/templates/ item. */
export const TemplateListItem = z.object({ id: RowId, name: z.string() });
export type TemplateListItem = z.infer<typeof TemplateListItem>;

/** GET/POST/PUT /api/templates/… answer. Timestamps are ISO 8601. */
export const TemplateDetail = z.object({
  id: RowId,
  name: z.string(),
  ...perSetting((s) => z.number().meta({ description: s.doc })),
  ...perExit((f) => z.number().nullable().meta({ description: TEMPLATE_EXITS[f].doc })),
  created_at: Timestamp,
  updated_at: Timestamp,
  indicators: z.array(Indicator),
});
export type TemplateDetail = z.infer<typeof TemplateDetail>;

/** An optional number field checked by `rule`: undefined when absent (create uses the default,
 *  update keeps the stored value). */
const optionalNumber = (rule: (n: number) => string | null, description: string) =>
  z
    .unknown()
    .optional()
    .meta({ ...NUMBER_OR_TEXT, description })
    .transform((v, ctx) => {
      if (v === undefined || v === null) return undefined;
      const n = toNumber(v);
      const message = n === null ? FIELD_MESSAGES.invalidNumber : rule(n);
      if (message === null) return n as number;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** An optional exit field: undefined when absent (create: not used; update: keeps the stored one),
 *  null when cleared (null or an empty text), else a number within the field's bounds. */
const optionalExit = (field: ExitField) =>
  z
    .unknown()
    .optional()
    .meta({ ...NUMBER_OR_TEXT, description: `${TEMPLATE_EXITS[field].doc}; null clears it` })
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || isBlank(v)) return null;
      const n = toNumber(v);
      const message = n === null ? FIELD_MESSAGES.invalidNumber : exitFieldError(field, n);
      if (message === null) return n as number;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** POST/PUT /api/templates/ body. On PUT an omitted setting keeps the stored one. */
export const TemplateWrite = z.object({
  name: requiredString(100),
  ...perSetting((s) => optionalNumber(s.error, s.doc)),
  ...perExit(optionalExit),
});
export type TemplateWriteInput = z.output<typeof TemplateWrite>;
/** What a client sends: the settings may be numeric strings. */
export type TemplateWriteBody = z.input<typeof TemplateWrite>;

/** What the template edit form holds: position size as typed, commission in percent, cash in $. */
export interface TemplateSettingsForm {
  /** in `position_unit`; without one, as the API takes it (below 1 a fraction, 1 or more shares) */
  position_size: string;
  position_unit?: PositionUnit;
  commission_percent: string;
  cash: string;
}

/** How the form reads a position size: a percentage of equity (like the commission) or whole shares. */
export type PositionUnit = 'percent' | 'shares';

/** A stored position size as the form shows it: 0.99 → "99" %, 100 → "100" shares. */
export function positionSizeToForm(size: number): { position_size: string; position_unit: PositionUnit } {
  return size < 1 ? { position_size: String(fractionToPercent(size)), position_unit: 'percent' } : { position_size: String(size), position_unit: 'shares' };
}

/** The position size the API takes from the form's number and unit (null when it is not a number). */
export function positionSizeFromForm(typed: string, unit: PositionUnit): number | null {
  const n = formNumber(typed, unit === 'percent');
  return n === null ? null : unit === 'percent' ? percentToFraction(n) : n;
}

function positionFormError(n: number, unit: PositionUnit | undefined): string | null {
  if (unit === 'percent') return n > 0 && n < 100 ? null : TEMPLATE_MESSAGES.positionSizePercent;
  if (unit === 'shares') return Number.isInteger(n) && n >= 1 ? positionSizeError(n) : TEMPLATE_MESSAGES.positionSizeWholeShares;
  return positionSizeError(n);
}

/** 0.1 (%) → 0.001 and back, without binary noise (0.07 / 100 is 0.0007000000000000001). */
export const percentToFraction = (percent: number) => Number((percent / 100).toPrecision(12));
export const fractionToPercent = (fraction: number) => Number((fraction * 100).toPrecision(12));

/** A form box's number, read by the app's shared parser (10k, 1,000, $25,000; 5% in a percent box);
 *  null when it is not one. The API itself keeps to plain numbers. */
const formNumber = (typed: string, percent: boolean) => parseNumberInput(typed, { percent });

/** The settings as the API takes them from the form (commission typed in %, as a fraction). Only
 *  meaningful once templateSettingsErrors has none. */
export function settingsFromForm(v: TemplateSettingsForm): TemplateSettingValues {
  return {
    position_size: positionSizeFromForm(v.position_size, v.position_unit ?? 'percent')!,
    commission: percentToFraction(formNumber(v.commission_percent, true)!),
    cash: formNumber(v.cash, false)!,
  };
}

/** The edit form's rules: one message per bad field ({} when valid). Every field is required. */
export function templateSettingsErrors(v: TemplateSettingsForm): Partial<Record<keyof TemplateSettingsForm, string>> {
  const errors: Partial<Record<keyof TemplateSettingsForm, string>> = {};
  const check = (field: Exclude<keyof TemplateSettingsForm, 'position_unit'>, rule: (n: number) => string | null) => {
    const n = formNumber(v[field], field === 'commission_percent' || (field === 'position_size' && v.position_unit === 'percent'));
    const message = n === null ? (isBlank(v[field]) ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidNumber) : rule(n);
    if (message) errors[field] = message;
  };
  check('position_size', (n) => positionFormError(n, v.position_unit));
  check('commission_percent', (p) => commissionError(percentToFraction(p)));
  check('cash', cashError);
  return errors;
}

// ---------------------------------------------------------------------------------------------
// A template's settings in a trader's words (the Backtest screen's conditions line, the starter list)
// ---------------------------------------------------------------------------------------------

/** A fraction or dollar amount of an exit field as a trader writes it: "5 %", "$1.50". */
export function exitValueText(field: ExitField, v: number): string {
  if (TEMPLATE_EXITS[field].unit === '%') return `${fractionToPercent(v)} %`;
  const cents = Number.isInteger(v) ? 0 : 2;
  return `$${v.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: 2 })}`;
}

/** The order the words read in: the exits, the sizing, then the costs. */
const EXIT_WORDS_ORDER: readonly ExitField[] = ['stop_loss_pct', 'take_profit_pct', 'trailing_stop_pct', 'risk_pct', 'spread', 'commission_fixed'];

/** "stop 5 %, target 15 %, trailing 8 %, risk 1 % of equity" (then "spread 0.05 %, fee $1 per order");
 *  '' for a template without exits, costs or sizing. */
export function exitsInWords(v: Partial<TemplateExitValues>): string {
  return EXIT_WORDS_ORDER.filter((f) => v[f] != null)
    .map((f) => TEMPLATE_EXITS[f].words(exitValueText(f, v[f]!)))
    .join(', ');
}

/** "99% of equity per trade · 0.1% commission · $10,000 starting cash", then the exits in words. */
export function settingsInWords(t: Partial<TemplateSettingValues> & Partial<TemplateExitValues>): string {
  const size = t.position_size ?? DEFAULT_POSITION_SIZE;
  const sizeText = size < 1 ? `${+(size * 100).toFixed(2)}% of equity` : `${size.toLocaleString('en-US')} shares`;
  const cash = (t.cash ?? DEFAULT_CASH).toLocaleString('en-US', { maximumFractionDigits: 2 });
  const parts = [`${sizeText} per trade`, `${fractionToPercent(t.commission ?? DEFAULT_COMMISSION)}% commission`, `$${cash} starting cash`];
  const exits = exitsInWords(t);
  return [...parts, ...(exits ? [exits] : [])].join(' · ');
}

// ---------------------------------------------------------------------------------------------
// The form's "Exits & costs" section: each field as typed, in its unit (% or $); blank = not used
// ---------------------------------------------------------------------------------------------

export type TemplateExitsForm = Record<ExitField, string>;

/** The stored exits as the form shows them: percent fields in %, the fee in $, '' where not used. */
export function exitsToForm(v: Partial<TemplateExitValues>): TemplateExitsForm {
  return Object.fromEntries(
    EXIT_FIELD_NAMES.map((f) => {
      const n = v[f];
      return [f, n == null ? '' : String(TEMPLATE_EXITS[f].unit === '%' ? fractionToPercent(n) : n)];
    }),
  ) as TemplateExitsForm;
}

/** The form's exits as the API takes them (fractions, dollars; null = not used, which clears on PUT).
 *  Only meaningful once templateExitsErrors has none. */
export function exitsFromForm(f: TemplateExitsForm): TemplateExitValues {
  return Object.fromEntries(
    EXIT_FIELD_NAMES.map((k) => {
      const n = formNumber(f[k], TEMPLATE_EXITS[k].unit === '%');
      return [k, n === null ? null : TEMPLATE_EXITS[k].unit === '%' ? percentToFraction(n) : n];
    }),
  ) as TemplateExitValues;
}

/** The section's rules, with the API's words (a 400 for the same values says the same): one message
 *  per bad field, {} when valid. Blank fields are not used; risk sizing needs a stop-loss. */
export function templateExitsErrors(f: TemplateExitsForm): Partial<Record<ExitField, string>> {
  const errors: Partial<Record<ExitField, string>> = {};
  for (const k of EXIT_FIELD_NAMES) {
    if (isBlank(f[k])) continue;
    const n = formNumber(f[k], TEMPLATE_EXITS[k].unit === '%');
    const message = n === null ? FIELD_MESSAGES.invalidNumber : exitFieldError(k, TEMPLATE_EXITS[k].unit === '%' ? percentToFraction(n) : n);
    if (message) errors[k] = message;
  }
  const used = Object.fromEntries(EXIT_FIELD_NAMES.map((k) => [k, isBlank(f[k]) ? null : 0])) as Partial<TemplateExitValues>;
  for (const [k, messages] of Object.entries(exitConflicts(used)) as [ExitField, string[]][]) errors[k] ??= messages[0];
  return errors;
}
