// Saved filters (spec §3, what /api/scanner/templates/ stores) and the codec between them and the
// screen's rows: operators as symbols, TA MA types as sma_gte…, MACD periods as '12,26,9'.
import { z } from 'zod';
import {
  FA_DIRECTIONS,
  FA_METRICS,
  FA_OPERATORS,
  FA_PERIOD_TYPES,
  INSTR_TYPES,
  isOperatorSymbol,
  OHLC_COMPARISONS,
  OHLC_FIELDS,
  OHLC_OFFSETS,
  operatorToSymbol,
  operatorToWord,
  percentageError,
  PERFORMANCE_OPERATORS,
  RANGE_OPERATORS,
  SCANNER_CATEGORIES,
  SCANNER_LIMITS,
  SCANNER_MARKETS,
  SCANNER_MESSAGES,
  SCANNER_SECTORS,
  TA_DEFAULTS,
  type Decoded,
  type OperatorWord,
  type PerformanceOperator,
  type ScannerCategory,
} from './vocabulary.ts';
import { categoryOf, type FilterRow, type FilterType } from './rows.ts';
import { BB_BANDS, INDICATOR_RANGE_FILTERS, indicatorParamList, indicatorRangeParams, type IndicatorRangeType } from './indicatorFilters.ts';
import { cleanText } from '../text.ts';

// ───────────────────────────── saved filters (spec §3) ─────────────────────────────

const nullish = <T extends z.ZodType>(t: T) => t.nullish().transform((v) => (v ?? null) as z.output<T> | null);
/** Stored text: bounded, without NUL or other control characters (the shared text rule). */
const text = (max: number, min = 0) => cleanText(z.string().min(min).max(max));
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
    case 'bb_pctb':
    case 'stoch':
    case 'adx':
    case 'cci':
    case 'roc':
    case 'willr':
      f.operator = operatorToSymbol(row.operator);
      f.value_numeric_1 = row.value1;
      f.value_numeric_2 = row.operator === 'between' ? row.value2 : null;
      if (row.type === 'rsi' || row.type === 'vol_avg') f.indicator_period = String(row.period);
      // the settable parameters as MACD stores its periods: '20,2'
      else if ('params' in row && row.params) f.indicator_period = indicatorParamList(row.type, row.params).join(',');
      break;
    case 'bb_band':
      f.operator = '==';
      f.value_text = row.band;
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
    const w = isOperatorSymbol(f.operator) ? operatorToWord(f.operator) : undefined;
    return w && (choices as readonly string[]).includes(w) ? (w as T) : bad('operator', `Select a valid choice. ${String(f.operator)} is not one of the available choices.`);
  };

  /** An oscillator's stored parameters ('20,2'): null when none are stored (the defaults), undefined when bad. */
  const storedParams = (t: IndicatorRangeType): number[] | null | undefined => {
    const specs = indicatorRangeParams(t);
    if (f.indicator_period === null || !specs.length) return null;
    const parts = f.indicator_period.split(',').map((x) => x.trim());
    const values = parts.map((x) => (/^\d+(\.\d+)?$/.test(x) ? Number(x) : NaN));
    const fits = values.length === specs.length && specs.every((p, i) => values[i] >= p.min && values[i] <= p.max && (!p.integer || Number.isInteger(values[i])));
    if (!fits) return bad('indicator_period', `Enter ${specs.map((p) => p.label.toLowerCase()).join(',')} (${specs.map((p) => `${p.min}–${p.max}`).join(', ')}).`);
    return indicatorParamList(t, values);
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
    case 'bb_pctb':
    case 'stoch':
    case 'adx':
    case 'cci':
    case 'roc':
    case 'willr': {
      const operator = opWord(RANGE_OPERATORS);
      const range = INDICATOR_RANGE_FILTERS[type].limits;
      const value1 = num('value_numeric_1', range);
      const value2 = operator === 'between' ? num('value_numeric_2', range) : null;
      const params = storedParams(type);
      if (operator && value1 !== undefined && value2 !== undefined && params !== undefined) row = { category: 'TA', type, operator, value1, value2, ...(params && { params }) };
      break;
    }
    case 'bb_band': {
      const band = oneOf('value_text', BB_BANDS);
      if (band) row = { category: 'TA', type, band };
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
    name: cleanText(z.string({ error: SCANNER_MESSAGES.nameEmpty }).trim().min(1, SCANNER_MESSAGES.nameEmpty).max(SCANNER_LIMITS.templateName.max)),
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
