// The results' columns of a scan's filtered indicators: one per indicator the query filters on, with
// its value on the scan day, so a trader sees the numbers that matched (and can sort and export them).
import { INDICATOR_SPECS, type IndicatorName, type ParamField } from '@app/quant';
import { INDICATOR_RANGE_FILTERS, INDICATOR_RANGE_TYPES, indicatorParamValues, type IndicatorRangeType } from './indicatorFilters.ts';
import { buildScanQuery, parseScanQuery, type ScanQuery } from './queryCodec.ts';
import type { FilterRow } from './rows.ts';
import type { OrderingField } from './vocabulary.ts';

/** Result fields that hold a filtered indicator's value (each is also an `ordering` field). */
export const INDICATOR_COLUMN_FIELDS = ['vol_avg', 'sma', 'ema', 'st', 'rsi', 'macd', ...INDICATOR_RANGE_TYPES] as const satisfies readonly OrderingField[];
export type IndicatorColumnField = (typeof INDICATOR_COLUMN_FIELDS)[number];

export interface IndicatorColumn {
  field: IndicatorColumnField;
  /** the indicator with the parameters the scan used: "RSI (14)", "ADX (20)" */
  label: string;
}

const withParams = (what: string, values: readonly number[]) => `${what} (${values.join(', ')})`;
/** An indicator's parameters in the registry's order, the given ones in place of the defaults. */
const paramsOf = (name: IndicatorName, given: Partial<Record<ParamField, number>>) => INDICATOR_SPECS[name].params.map((p) => given[p.field] ?? p.default);
const baseLabel = (t: IndicatorRangeType) => INDICATOR_RANGE_FILTERS[t].label.replace(/ \(.*\)$/, '');

/** The columns of the indicators a validated query filters on, in a fixed order. */
export function indicatorColumns(q: ScanQuery): IndicatorColumn[] {
  const out: IndicatorColumn[] = [];
  if (q.vol_avg) out.push({ field: 'vol_avg', label: withParams('Avg Volume', [q.vol_avg.period]) });
  if (q.sma) out.push({ field: 'sma', label: withParams('SMA', [q.sma.period]) });
  if (q.ema) out.push({ field: 'ema', label: withParams('EMA', [q.ema.period]) });
  if (q.st) out.push({ field: 'st', label: withParams('Supertrend', [q.st.period, q.st.multiplier]) });
  if (q.rsi) out.push({ field: 'rsi', label: withParams('RSI', [q.rsi.period]) });
  if (q.macd) out.push({ field: 'macd', label: withParams('MACD − signal', [q.macd.fast, q.macd.slow, q.macd.signal]) });
  for (const t of INDICATOR_RANGE_TYPES) {
    if (!q.indicator_ranges[t]) continue;
    const given = indicatorParamValues(t, q.indicator_params?.[t]);
    out.push({ field: t, label: withParams(baseLabel(t), paramsOf(INDICATOR_RANGE_FILTERS[t].indicator, given)) });
  }
  return out;
}

/** The columns of the screen's filter rows (none while a row is incomplete or out of bounds). */
export function indicatorColumnsOfRows(rows: FilterRow[]): IndicatorColumn[] {
  const q = parseScanQuery(new URLSearchParams(buildScanQuery(rows)));
  return q.ok ? indicatorColumns(q.value) : [];
}
