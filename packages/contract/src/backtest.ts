// Backtesting workflow payloads (spec §3, §5, §7): templates with BUY/SELL indicators, stock periods,
// the backtest run (POST /api/submit_selection/) and the backtest chart (GET /api/backtest_chart/).
// The server validates with these schemas and the web forms use the same rules and messages.
import { z } from 'zod';
import { DEFAULT_CASH as ENGINE_DEFAULT_CASH, INDICATOR_DEFAULTS as ENGINE_DEFAULTS, INDICATOR_NAMES, type IndicatorName, type Stats, type Trade } from '@app/quant';

// ---------------------------------------------------------------------------------------------
// Constants of spec §3, §5, §9
// ---------------------------------------------------------------------------------------------

// The indicator names and defaults are the engine's (packages/quant), so the form, the API and the
// backtest cannot disagree.
export { INDICATOR_NAMES, type IndicatorName };

export const INDICATOR_TYPES = ['BUY', 'SELL'] as const;
export type IndicatorType = (typeof INDICATOR_TYPES)[number];

/** The operators as stored and shown (spec §3). */
export const COMPARE_OPS = ['>', '<', '=', '≤', '≥'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
/** ASCII spellings accepted on input and stored as the spec's symbols. */
export const COMPARE_ALIASES: Record<string, CompareOp> = { '>=': '≥', '<=': '≤' };

export const CPRICES = ['CLOSE'] as const;
export type CPrice = (typeof CPRICES)[number];

/** Form defaults of spec §5/§9. `name` and `compare` have none: the user must pick them. */
export const INDICATOR_DEFAULTS = {
  indicator_type: 'BUY' as IndicatorType,
  period: ENGINE_DEFAULTS.period,
  drift: ENGINE_DEFAULTS.drift,
  offset: ENGINE_DEFAULTS.offset,
  length: ENGINE_DEFAULTS.length,
  cvalue: String(ENGINE_DEFAULTS.cvalue),
  cprice: 'CLOSE' as CPrice,
};

/** Template position size when none is given: fraction of equity (whole shares); ≥ 1 means shares. */
export const DEFAULT_POSITION_SIZE = 0.99;
/** Template commission when none is given: a fraction of trade value, charged on entry and exit. */
export const DEFAULT_COMMISSION = 0;
/** Commissions are below this fraction of trade value (10 %): anything more is a typo for a percent. */
export const MAX_COMMISSION = 0.1;
/** Template starting cash when none is given (the engine's and backtesting.py's default). */
export const DEFAULT_CASH = ENGINE_DEFAULT_CASH;
/** Upper bound of the starting cash. */
export const MAX_CASH = 1e12;
/** Upper bound of period, drift, length and offset: longer than any daily history we hold. */
export const MAX_INDICATOR_WINDOW = 10_000;

/** Which inputs the indicator form shows (and the server requires) per indicator (spec §5). */
export const INDICATOR_FIELDS: Record<IndicatorName, { period: boolean; drift: boolean; length: boolean; offset: boolean; cvalue: boolean; cprice: boolean }> = {
  RSI: { period: true, drift: true, length: false, offset: false, cvalue: true, cprice: false },
  SMA: { period: true, drift: true, length: false, offset: false, cvalue: false, cprice: true },
  EMA: { period: true, drift: true, length: false, offset: false, cvalue: false, cprice: true },
  SUPERTREND: { period: false, drift: false, length: true, offset: true, cvalue: false, cprice: true },
  OBV: { period: false, drift: false, length: false, offset: true, cvalue: true, cprice: false },
};

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
  tooLarge: (label: string) => `${label} must be at most ${MAX_INDICATOR_WINDOW}`,
  indicatorType: 'Indicator type must be BUY or SELL',
  cprice: 'Price must be CLOSE',
} as const;

/** DRF's generic field messages, used where the spec gives none. */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  invalidInteger: 'A valid integer is required.',
  invalidNumber: 'A valid number is required.',
  invalidDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  tooLong: (n: number) => `Ensure this field has no more than ${n} characters.`,
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
  /** Same words for the API's fraction (< 0.1) and the form's percent (< 10). */
  commissionRange: 'Commission must be 0 or more and less than 10%',
  cashPositive: 'Cash must be greater than 0',
  cashTooLarge: `Cash must be at most ${MAX_CASH.toLocaleString('en-US')}`,
} as const;

/** 400 detail of a run whose period holds fewer than 2 bars. */
export const noPriceDataMessage = (symbol: string, start: string, end: string) =>
  `No price data for ${symbol} between ${start} and ${end}.`;

// ---------------------------------------------------------------------------------------------
// Small field helpers (numbers may come as JSON numbers or as numeric strings from form inputs)
// ---------------------------------------------------------------------------------------------

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A finite number from a number or numeric string; null when it is not one. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim())) return Number(v.trim());
  return null;
}

/** A positive integer id (path parameter or body reference). */
export const Id = z.unknown().optional().transform((v, ctx) => {
  if (isBlank(v)) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.required });
    return z.NEVER;
  }
  const n = toNumber(v);
  if (n === null || !Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.invalidInteger });
    return z.NEVER;
  }
  return n;
});

const requiredString = (max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : 'Not a valid string.') })
    .trim()
    .min(1, FIELD_MESSAGES.blank)
    .max(max, FIELD_MESSAGES.tooLong(max));

/** A calendar date written YYYY-MM-DD, years 1000–9999 (PostgreSQL has no year 0). */
export const IsoDate = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidDate) })
  .trim()
  .refine((s) => /^[1-9]\d{3}-\d{2}-\d{2}$/.test(s) && new Date(s + 'T00:00:00Z').toISOString().slice(0, 10) === s, FIELD_MESSAGES.invalidDate);

// ---------------------------------------------------------------------------------------------
// Indicators
// ---------------------------------------------------------------------------------------------

/** An indicator row as the API answers it (spec §3). */
export interface Indicator {
  id: number;
  template: number;
  name: IndicatorName;
  indicator_type: IndicatorType;
  period: number;
  drift: number;
  offset: number;
  length: number;
  compare: CompareOp;
  cvalue: string;
  cprice: CPrice;
}

/** What the indicator form holds: every value may still be a string typed by the user. */
export interface IndicatorFormValues {
  name?: unknown;
  indicator_type?: unknown;
  period?: unknown;
  drift?: unknown;
  offset?: unknown;
  length?: unknown;
  compare?: unknown;
  cvalue?: unknown;
  cprice?: unknown;
}
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

  if (v.cvalue === undefined) {
    // not sent: the default compare value applies
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
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if ((COMPARE_OPS as readonly string[]).includes(s)) return s as CompareOp;
  return COMPARE_ALIASES[s] ?? null;
}

/** The indicator fields once valid, with defaults filled in (what is stored). */
export type IndicatorInput = Omit<Indicator, 'id' | 'template'>;

function normalizeIndicator(v: IndicatorFormValues): IndicatorInput {
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
    cvalue: isBlank(v.cvalue) ? D.cvalue : String(v.cvalue).trim(),
    cprice: (isBlank(v.cprice) ? D.cprice : String(v.cprice).toUpperCase()) as CPrice,
  };
}

const anything = z.unknown().optional();
const indicatorFields = {
  name: anything,
  indicator_type: anything,
  period: anything,
  drift: anything,
  offset: anything,
  length: anything,
  compare: anything,
  cvalue: anything,
  cprice: anything,
};

/** POST /api/indicators/ body: the indicator fields and the template id it belongs to. */
export const IndicatorCreate = z
  .object({ template: anything, ...indicatorFields })
  .superRefine((v, ctx) => {
    const t = Id.safeParse(v.template);
    if (!t.success) ctx.addIssue({ code: 'custom', path: ['template'], message: t.error.issues[0].message });
    for (const [field, message] of Object.entries(indicatorFormErrors(v))) ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .transform((v) => ({ template: Id.parse(v.template), ...normalizeIndicator(v) }));
export type IndicatorCreateInput = z.infer<typeof IndicatorCreate>;
/** What a client sends: numbers may be numeric strings, optional fields take the defaults. */
export interface IndicatorCreateBody extends IndicatorFormValues {
  template: number;
}

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/** GET /api/templates/ item. */
export interface TemplateListItem {
  id: number;
  name: string;
}

/** GET/POST/PUT /api/templates/… answer. Timestamps are ISO 8601. */
export interface TemplateDetail {
  id: number;
  name: string;
  position_size: number;
  /** fraction of trade value charged on entry and exit (0.001 = 0.1 %) */
  commission: number;
  /** starting cash in dollars */
  cash: number;
  created_at: string;
  updated_at: string;
  indicators: Indicator[];
}

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

/** An optional number field checked by `rule`: undefined when absent (create uses the default,
 *  update keeps the stored value). */
const optionalNumber = (rule: (n: number) => string | null) =>
  z.unknown().optional().transform((v, ctx) => {
    if (v === undefined || v === null) return undefined;
    const n = toNumber(v);
    const message = n === null ? FIELD_MESSAGES.invalidNumber : rule(n);
    if (message === null) return n as number;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** POST/PUT /api/templates/ body. On PUT an omitted position_size, commission or cash keeps the
 *  stored one. `commission` is a fraction of trade value (0 ≤ c < 0.1), `cash` the starting cash. */
export const TemplateWrite = z.object({
  name: requiredString(100),
  position_size: optionalNumber(positionSizeError),
  commission: optionalNumber(commissionError),
  cash: optionalNumber(cashError),
});
export type TemplateWriteInput = z.infer<typeof TemplateWrite>;
export interface TemplateWriteBody {
  name: string;
  position_size?: number | string;
  commission?: number | string;
  cash?: number | string;
}

/** What the template edit form holds: position size as typed, commission in percent, cash in $. */
export interface TemplateSettingsForm {
  position_size: string;
  commission_percent: string;
  cash: string;
}

/** 0.1 (%) → 0.001 and back, without binary noise (0.07 / 100 is 0.0007000000000000001). */
export const percentToFraction = (percent: number) => Number((percent / 100).toPrecision(12));
export const fractionToPercent = (fraction: number) => Number((fraction * 100).toPrecision(12));

/** The edit form's rules: one message per bad field ({} when valid). Every field is required. */
export function templateSettingsErrors(v: TemplateSettingsForm): Partial<Record<keyof TemplateSettingsForm, string>> {
  const errors: Partial<Record<keyof TemplateSettingsForm, string>> = {};
  const check = (field: keyof TemplateSettingsForm, rule: (n: number) => string | null) => {
    const n = toNumber(v[field]);
    const message = n === null ? (isBlank(v[field]) ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidNumber) : rule(n);
    if (message) errors[field] = message;
  };
  check('position_size', positionSizeError);
  check('commission_percent', (p) => commissionError(percentToFraction(p)));
  check('cash', cashError);
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Periods
// ---------------------------------------------------------------------------------------------

/** GET /api/periods/ item and POST/PUT answer. Dates YYYY-MM-DD. */
export interface Period {
  id: number;
  stock_ticker: string;
  start_date: string;
  end_date: string;
}

/** Upper-cased as typed (spec §5); letters, digits, '.', '-', '^' (BRK.B, BF-B, ^GSPC). */
export const StockTicker = requiredString(12)
  .transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z0-9.^-]+$/.test(s), PERIOD_MESSAGES.invalidTicker);

/** POST/PUT /api/periods/ body. Whether the ticker exists in the market is checked by the server. */
export const PeriodWrite = z
  .object({ stock_ticker: StockTicker, start_date: IsoDate, end_date: IsoDate })
  .refine((p) => p.start_date < p.end_date, { path: ['end_date'], message: PERIOD_MESSAGES.endAfterStart });
export type PeriodWriteInput = z.infer<typeof PeriodWrite>;

// ---------------------------------------------------------------------------------------------
// Running a backtest
// ---------------------------------------------------------------------------------------------

/** POST /api/submit_selection/ body; the chart page sends the same two ids as query parameters. */
export const SubmitSelection = z.object({ period_id: Id, template_id: Id });
export type SubmitSelectionInput = z.infer<typeof SubmitSelection>;

/** backtesting.py's stats (`Start` … `Kelly Criterion`) exactly as the engine returns them: numbers,
 *  'YYYY-MM-DD' dates, 'N days' durations; null where undefined (e.g. every trade statistic of a run
 *  without trades). */
export type BacktestStats = Stats;

/** One closed trade in backtesting.py's form (ReturnPct is a fraction, times YYYY-MM-DD), as the
 *  engine returns it. */
export type BacktestTrade = Trade;

/** Per bar of the period: account equity, its drawdown from the running peak (fraction, ≤ 0) and
 *  the equity of buying at the first close with the same cash. `time` is the bar's unix seconds. */
export interface EquityCurve {
  time: number[];
  equity: number[];
  drawdown: number[];
  buy_hold: number[];
}

/** POST /api/submit_selection/ answer. */
export interface BacktestRun {
  stats: BacktestStats;
  trades: BacktestTrade[];
  equity: EquityCurve;
}

// ---------------------------------------------------------------------------------------------
// The backtest chart (/public/chart.html draws this)
// ---------------------------------------------------------------------------------------------

/** GET /api/backtest_chart/?period_id=&template_id= */
export const BacktestChartQuery = SubmitSelection;

export interface ChartCandle {
  time: number; // unix seconds (UTC midnight of the session date)
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface TradeMarker {
  time: number;
  kind: 'entry' | 'exit';
  price: number;
  size: number;
}

/** One indicator line the template trades on, e.g. 'RSI(14)'; warm-up bars are left out.
 *  `pane`: 'price' overlays the candles (SMA, EMA, SUPERTREND), 'own' gets a pane (RSI, OBV).
 *  `levels`: the compare values of the template's conditions on this line (RSI 30 and 70). */
export interface ChartIndicator {
  label: string;
  pane: 'price' | 'own';
  points: { time: number; value: number }[];
  levels: number[];
}

export interface BacktestChart {
  symbol: string;
  name: string;
  start_date: string;
  end_date: string;
  candles: ChartCandle[];
  markers: TradeMarker[];
  indicators: ChartIndicator[];
  equity: EquityCurve;
}
