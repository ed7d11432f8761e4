// The scanner's filters on the strategy language's oscillators and Bollinger Bands. Each reads one
// output of a backtest indicator at the registry's default parameters, so the number the scanner
// compares is the one a template row with those defaults compares (and the chart draws).
import { INDICATOR_SPECS, type IndicatorName, type ParamField, type ParamSpec } from '@app/quant';

/** Filters that keep a listing when the indicator's last value is at least / at most / between values. */
export const INDICATOR_RANGE_TYPES = ['bb_pctb', 'stoch', 'adx', 'cci', 'roc', 'willr'] as const;
export type IndicatorRangeType = (typeof INDICATOR_RANGE_TYPES)[number];

export interface IndicatorRangeFilter {
  indicator: IndicatorName;
  output: string;
  /** the menu's name, with the default parameters it is computed with */
  label: string;
  /** the values a filter may give */
  limits: { min: number; max: number };
}

const withDefaults = (name: IndicatorName, what: string) =>
  `${what} (${INDICATOR_SPECS[name].params.map((p) => p.default).join(', ')})`;

export const INDICATOR_RANGE_FILTERS: Record<IndicatorRangeType, IndicatorRangeFilter> = {
  // %B is 0 at the lower band and 1 at the upper one; outside the bands it goes below 0 or above 1
  bb_pctb: { indicator: 'BBANDS', output: 'percent_b', label: withDefaults('BBANDS', 'Bollinger %B'), limits: { min: -100, max: 100 } },
  stoch: { indicator: 'STOCH', output: 'k', label: withDefaults('STOCH', 'Stochastic %K'), limits: { min: 0, max: 100 } },
  adx: { indicator: 'ADX', output: 'adx', label: withDefaults('ADX', 'ADX'), limits: { min: 0, max: 100 } },
  cci: { indicator: 'CCI', output: 'value', label: withDefaults('CCI', 'CCI'), limits: { min: -10_000, max: 10_000 } },
  roc: { indicator: 'ROC', output: 'value', label: withDefaults('ROC', 'ROC %'), limits: { min: -100, max: 100_000 } },
  willr: { indicator: 'WILLR', output: 'value', label: withDefaults('WILLR', 'Williams %R'), limits: { min: -100, max: 0 } },
};

const paramsOf = (name: IndicatorName, fields: ParamField[]) => INDICATOR_SPECS[name].params.filter((p) => fields.includes(p.field));

/** The filters whose parameters a row may set, as on a chart: those of the output the filter reads
 *  (%D's period never changes %K, so the Stochastic offers its period and %K smoothing). The menu's
 *  label names the defaults, which a row without parameters uses. */
export const INDICATOR_RANGE_PARAMS: Partial<Record<IndicatorRangeType, readonly ParamSpec[]>> = {
  bb_pctb: paramsOf('BBANDS', ['period', 'stddev']),
  stoch: paramsOf('STOCH', ['period', 'k_smooth']),
  adx: paramsOf('ADX', ['period']),
};
export const indicatorRangeParams = (t: IndicatorRangeType): readonly ParamSpec[] => INDICATOR_RANGE_PARAMS[t] ?? [];

/** A filter's parameters by field: the given values (in indicatorRangeParams order), else the defaults. */
export function indicatorParamValues(t: IndicatorRangeType, given?: readonly number[]): Partial<Record<ParamField, number>> {
  return Object.fromEntries(indicatorRangeParams(t).map((p, i) => [p.field, given?.[i] ?? p.default]));
}

/** The values of a filter's parameters, given or default, in order (empty for a filter without any). */
export const indicatorParamList = (t: IndicatorRangeType, given?: readonly number[]): number[] => indicatorRangeParams(t).map((p, i) => given?.[i] ?? p.default);

export const isIndicatorRangeType = (t: string): t is IndicatorRangeType => (INDICATOR_RANGE_TYPES as readonly string[]).includes(t);

/** The last close against a Bollinger band: strictly above the upper one, or strictly below the lower one. */
export const BB_BANDS = ['above_upper', 'below_lower'] as const;
export type BbBand = (typeof BB_BANDS)[number];
export const BB_BAND_LABELS: Record<BbBand, string> = {
  above_upper: 'Close above upper band',
  below_lower: 'Close below lower band',
};
export const BB_BAND_FILTER_LABEL = withDefaults('BBANDS', 'Bollinger Bands');
