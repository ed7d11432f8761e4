// What each indicator a template row may use takes and gives: its parameters (defaults and ranges),
// its outputs, and whether an output is price-like (drawn over the candles, compared with a price by
// default) or an oscillator (drawn in a pane of its own, compared with a number). One registry for the
// engine's checks, the API's validation, the template form and the chart (ARCHITECTURE.md "Strategy
// language"; the spec's five indicators keep their rules).

/** A numeric parameter of an indicator row, by its template field name. */
export const PARAM_FIELDS = ['period', 'drift', 'length', 'multiplier', 'fast', 'slow', 'signal', 'stddev', 'k_smooth', 'd_period'] as const;
export type ParamField = (typeof PARAM_FIELDS)[number];

export interface ParamSpec {
  field: ParamField;
  /** the form's word for it */
  label: string;
  default: number;
  /** inclusive bounds */
  min: number;
  max: number;
  /** a whole number (periods); otherwise any number in range (multipliers, standard deviations) */
  integer: boolean;
}

export interface OutputSpec {
  /** the row's `output` value */
  name: string;
  label: string;
  /** on the price scale: an overlay on the candles, compared with a price (`cprice`) by default */
  priceLike: boolean;
}

export interface IndicatorSpec {
  /** the row's `name` */
  name: string;
  /** how a trader names it */
  label: string;
  /** the short name rules are written with: "SMA(50)", "%K" */
  short: string;
  params: readonly ParamSpec[];
  /** the first is the default */
  outputs: readonly OutputSpec[];
  /** reads only the close (the others need high, low or volume) */
  closeOnly: boolean;
}

/** Upper bound of the spec's indicators' period, drift and length (and of every row's offset): longer
 *  than any daily history we hold. */
export const MAX_INDICATOR_WINDOW = 10_000;
/** Bounds of the strategy language's window parameters. */
export const MIN_PERIOD = 1;
export const MAX_PERIOD = 500;
export const MIN_STDDEV = 0.1;
export const MAX_STDDEV = 10;
/** At most this many rows in one template. */
export const MAX_TEMPLATE_ROWS = 20;

const window = (field: ParamField, label: string, dflt: number, max = MAX_PERIOD): ParamSpec =>
  ({ field, label, default: dflt, min: MIN_PERIOD, max, integer: true });
/** The single output of a one-line indicator. */
const VALUE = (priceLike: boolean): OutputSpec => ({ name: 'value', label: 'Value', priceLike });

export const INDICATOR_SPECS = {
  RSI: {
    name: 'RSI', label: 'Relative Strength Index', short: 'RSI', closeOnly: true,
    params: [window('period', 'Period', 14, MAX_INDICATOR_WINDOW), window('drift', 'Drift', 1, MAX_INDICATOR_WINDOW)],
    outputs: [VALUE(false)],
  },
  SMA: {
    name: 'SMA', label: 'Simple Moving Average', short: 'SMA', closeOnly: true,
    params: [window('period', 'Period', 14, MAX_INDICATOR_WINDOW)],
    outputs: [VALUE(true)],
  },
  EMA: {
    name: 'EMA', label: 'Exponential Moving Average', short: 'EMA', closeOnly: true,
    params: [window('period', 'Period', 14, MAX_INDICATOR_WINDOW)],
    outputs: [VALUE(true)],
  },
  SUPERTREND: {
    name: 'SUPERTREND', label: 'Supertrend', short: 'Supertrend', closeOnly: false,
    params: [
      window('length', 'Length', 7, MAX_INDICATOR_WINDOW),
      // fixed at 3 by the spec's form; an optimisation grid or a template file may vary it
      { field: 'multiplier', label: 'Multiplier', default: 3, min: 0.01, max: 100, integer: false },
    ],
    outputs: [VALUE(true)],
  },
  OBV: {
    name: 'OBV', label: 'On-Balance Volume', short: 'OBV', closeOnly: false,
    params: [],
    outputs: [VALUE(false)],
  },
  MACD: {
    name: 'MACD', label: 'MACD', short: 'MACD', closeOnly: true,
    params: [window('fast', 'Fast', 12), window('slow', 'Slow', 26), window('signal', 'Signal', 9)],
    outputs: [
      { name: 'macd', label: 'MACD line', priceLike: false },
      { name: 'signal', label: 'Signal line', priceLike: false },
      { name: 'hist', label: 'Histogram', priceLike: false },
    ],
  },
  BBANDS: {
    name: 'BBANDS', label: 'Bollinger Bands', short: 'BB', closeOnly: true,
    params: [window('period', 'Period', 20), { field: 'stddev', label: 'Std. deviations', default: 2, min: MIN_STDDEV, max: MAX_STDDEV, integer: false }],
    outputs: [
      { name: 'middle', label: 'Middle band', priceLike: true },
      { name: 'upper', label: 'Upper band', priceLike: true },
      { name: 'lower', label: 'Lower band', priceLike: true },
      { name: 'percent_b', label: '%B', priceLike: false },
    ],
  },
  STOCH: {
    name: 'STOCH', label: 'Stochastic', short: 'Stoch', closeOnly: false,
    params: [window('period', 'Period', 14), window('k_smooth', '%K smoothing', 3), window('d_period', '%D period', 3)],
    outputs: [
      { name: 'k', label: '%K', priceLike: false },
      { name: 'd', label: '%D', priceLike: false },
    ],
  },
  ADX: {
    name: 'ADX', label: 'Average Directional Index', short: 'ADX', closeOnly: false,
    params: [window('period', 'Period', 14)],
    outputs: [
      { name: 'adx', label: 'ADX', priceLike: false },
      { name: 'plus_di', label: '+DI', priceLike: false },
      { name: 'minus_di', label: '−DI', priceLike: false },
    ],
  },
  CCI: {
    name: 'CCI', label: 'Commodity Channel Index', short: 'CCI', closeOnly: false,
    params: [window('period', 'Period', 20)],
    outputs: [VALUE(false)],
  },
  ROC: {
    name: 'ROC', label: 'Rate of Change', short: 'ROC', closeOnly: true,
    params: [window('period', 'Period', 10)],
    outputs: [VALUE(false)],
  },
  WILLR: {
    name: 'WILLR', label: 'Williams %R', short: 'Williams %R', closeOnly: false,
    params: [window('period', 'Period', 14)],
    outputs: [VALUE(false)],
  },
} as const satisfies Record<string, IndicatorSpec>;

export type IndicatorName = keyof typeof INDICATOR_SPECS;
/** Every indicator a row may name, the spec's five first. */
export const INDICATOR_NAMES = Object.keys(INDICATOR_SPECS) as IndicatorName[];
/** The spec's five (their rows keep the spec's fields and rules). */
export const SPEC_INDICATOR_NAMES = ['RSI', 'SMA', 'EMA', 'SUPERTREND', 'OBV'] as const satisfies readonly IndicatorName[];

/** The registry entry of `name` (upper-cased), or undefined for an unknown indicator. */
export function indicatorSpec(name: string): IndicatorSpec | undefined {
  return (INDICATOR_SPECS as Record<string, IndicatorSpec>)[name.toUpperCase()];
}

/** The output a row reads when it names none. */
export function defaultOutput(name: IndicatorName): string {
  return INDICATOR_SPECS[name].outputs[0].name;
}

/** The output spec of `output` for `name`, or undefined when the indicator has no such output. */
export function outputSpec(name: IndicatorName, output: string): OutputSpec | undefined {
  return (INDICATOR_SPECS[name].outputs as readonly OutputSpec[]).find((o) => o.name === output);
}

/** Whether the output is on the price scale (overlay; compared with a price unless `against` is given). */
export function isPriceLike(name: IndicatorName, output: string): boolean {
  return outputSpec(name, output)?.priceLike ?? false;
}

/** The parameter spec of `field` for `name`, or undefined when the indicator takes no such parameter. */
export function paramSpec(name: IndicatorName, field: string): ParamSpec | undefined {
  return (INDICATOR_SPECS[name].params as readonly ParamSpec[]).find((p) => p.field === field);
}

/** True when `n` is a valid value of the parameter. */
export function paramInRange(p: ParamSpec, n: number): boolean {
  return Number.isFinite(n) && n >= p.min && n <= p.max && (!p.integer || Number.isInteger(n));
}

/** "Period must be a whole number from 1 to 500" — the parameter's bounds in the form's words. */
export function paramRangeText(p: ParamSpec): string {
  return p.integer ? `${p.label} must be a whole number from ${p.min} to ${p.max}` : `${p.label} must be from ${p.min} to ${p.max}`;
}
