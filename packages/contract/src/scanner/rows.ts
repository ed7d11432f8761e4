// The filter rows the screen edits: one shape per filter type, the menu of types per category tab,
// the spec §9 defaults of a new row and when a row is complete.
import {
  percentageError,
  TA_DEFAULTS,
  type FaDirection,
  type FaMetric,
  type FaOperator,
  type FaPeriodType,
  type InstrType,
  type OhlcComparison,
  type OhlcField,
  type PerformanceOperator,
  type RangeOperator,
  type ScannerCategory,
  type ScannerMarket,
  type ScannerSector,
} from './vocabulary.ts';
import { BB_BAND_FILTER_LABEL, INDICATOR_RANGE_FILTERS, INDICATOR_RANGE_TYPES, type BbBand, type IndicatorRangeType } from './indicatorFilters.ts';

// ───────────────────────────── filter rows (what the screen edits) ─────────────────────────────

export type Num = number | null; // null while the user has not typed a value yet

export type FilterRow =
  | { category: 'Basic'; type: 'price' | 'volume' | 'market_cap'; operator: RangeOperator; value1: Num; value2: Num }
  | { category: 'Basic'; type: 'chg'; operator: PerformanceOperator; value1: Num }
  | { category: 'Basic'; type: 'market'; value: ScannerMarket }
  | { category: 'Basic'; type: 'sector'; value: ScannerSector }
  | { category: 'Basic'; type: 'instr_type'; value: InstrType }
  | { category: 'TA'; type: 'sma' | 'ema'; operator: PerformanceOperator; period: number }
  | { category: 'TA'; type: 'st'; operator: PerformanceOperator; period: number; multiplier: number }
  | { category: 'TA'; type: 'rsi' | 'vol_avg'; operator: RangeOperator; value1: Num; value2: Num; period: number }
  /** params: the filter's settable parameters in indicatorRangeParams order; absent, the defaults */
  | { category: 'TA'; type: IndicatorRangeType; operator: RangeOperator; value1: Num; value2: Num; params?: number[] }
  | { category: 'TA'; type: 'bb_band'; band: BbBand }
  | { category: 'TA'; type: 'macd'; aboveSignal: boolean; fast: number; slow: number; signal: number }
  | { category: 'TA'; type: 'price_compare'; currentField: OhlcField; compareField: OhlcField; comparison: OhlcComparison; offset: number }
  | { category: 'FA'; type: 'financial_trend'; metric: FaMetric; periodType: FaPeriodType; direction: FaDirection; periods: number }
  | { category: 'FA'; type: 'fa_compare'; metric: FaMetric; operator: FaOperator; value: Num; periodType: FaPeriodType };

export type FilterType = FilterRow['type'];
/** The row shape of one filter type (rows that share a shape, like price/volume, narrow to `type: T`). */
export type FilterRowOf<T extends FilterType> = FilterRow extends infer R
  ? R extends { type: infer U }
    ? T extends U
      ? Omit<R, 'type'> & { type: T }
      : never
    : never
  : never;

/** Filter types per category tab, in menu order, with the labels the screen shows. */
export const FILTER_TYPES: Record<ScannerCategory, ReadonlyArray<{ type: FilterType; label: string }>> = {
  Basic: [
    { type: 'price', label: 'Price' },
    { type: 'volume', label: 'Volume' },
    { type: 'market_cap', label: 'Market Cap' },
    { type: 'chg', label: '% Change' },
    { type: 'market', label: 'Market' },
    { type: 'sector', label: 'Sector' },
    { type: 'instr_type', label: 'Instrument Type' },
  ],
  TA: [
    { type: 'sma', label: 'SMA' },
    { type: 'ema', label: 'EMA' },
    { type: 'st', label: 'Trendfinder' },
    { type: 'rsi', label: 'RSI' },
    { type: 'vol_avg', label: 'Average Volume' },
    { type: 'macd', label: 'MACD' },
    { type: 'price_compare', label: 'OHLC Compare' },
    ...INDICATOR_RANGE_TYPES.map((type) => ({ type, label: INDICATOR_RANGE_FILTERS[type].label })),
    { type: 'bb_band', label: BB_BAND_FILTER_LABEL },
  ],
  FA: [
    { type: 'financial_trend', label: 'Financial Trend' },
    { type: 'fa_compare', label: 'FA Compare' },
  ],
};

export const categoryOf = (type: FilterType): ScannerCategory =>
  (Object.keys(FILTER_TYPES) as ScannerCategory[]).find((c) => FILTER_TYPES[c].some((t) => t.type === type))!;

/** A new row with the spec §9 defaults. */
export function defaultFilterRow<T extends FilterType>(type: T): FilterRowOf<T> {
  const row: FilterRow = (() => {
    switch (type as FilterType) {
      case 'price':
      case 'volume':
      case 'market_cap':
        return { category: 'Basic', type: type as 'price', operator: 'gte', value1: null, value2: null };
      case 'chg':
        return { category: 'Basic', type: 'chg', operator: 'gte', value1: null };
      case 'market':
        return { category: 'Basic', type: 'market', value: 'NASDAQ' };
      case 'sector':
        return { category: 'Basic', type: 'sector', value: 'Technology' };
      case 'instr_type':
        return { category: 'Basic', type: 'instr_type', value: 'EQUITY' };
      case 'sma':
      case 'ema':
        return { category: 'TA', type: type as 'sma', operator: 'gte', period: TA_DEFAULTS[type as 'sma'] };
      case 'st':
        return { category: 'TA', type: 'st', operator: 'gte', period: TA_DEFAULTS.st, multiplier: TA_DEFAULTS.stMultiplier };
      case 'rsi':
      case 'vol_avg':
        return { category: 'TA', type: type as 'rsi', operator: 'gte', value1: null, value2: null, period: TA_DEFAULTS[type as 'rsi'] };
      case 'macd':
        return { category: 'TA', type: 'macd', aboveSignal: true, ...TA_DEFAULTS.macd };
      case 'bb_pctb':
      case 'stoch':
      case 'adx':
      case 'cci':
      case 'roc':
      case 'willr':
        return { category: 'TA', type: type as IndicatorRangeType, operator: 'gte', value1: null, value2: null };
      case 'bb_band':
        return { category: 'TA', type: 'bb_band', band: 'below_lower' };
      case 'price_compare':
        return { category: 'TA', type: 'price_compare', currentField: 'close', compareField: 'open', comparison: '>', offset: 0 };
      case 'financial_trend':
        return { category: 'FA', type: 'financial_trend', metric: 'revenue', periodType: 'QUARTERLY', direction: 'increasing', periods: 3 };
      case 'fa_compare':
        return { category: 'FA', type: 'fa_compare', metric: 'revenue', operator: 'gte', value: 1_000_000, periodType: 'QUARTERLY' };
    }
  })();
  return row as FilterRowOf<T>;
}

/** A row is complete when every value it needs is a finite number inside its bounds. */
export function isFilterComplete(row: FilterRow): boolean {
  const ok = (v: Num) => v !== null && Number.isFinite(v);
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
      return ok(row.value1) && (row.operator !== 'between' || ok(row.value2));
    case 'chg':
      return ok(row.value1) && percentageError(String(row.value1)) === null;
    case 'fa_compare':
      return ok(row.value);
    default:
      return true;
  }
}

export const incompleteFilterCount = (rows: FilterRow[]) => rows.filter((r) => !isFilterComplete(r)).length;
