// Ready-made filter sets for "Start from a preset", one list for the screen and the server's tests (every
// preset finds rows on the demo market). A preset only fills the form; the user
// still presses Scan (spec §4: the first load never scans). Each row is a row the screen could have
// built by hand: a new row of its type with the spec §9 defaults, then the preset's values.
import { defaultFilterRow, type FilterRow, type FilterRowOf, type FilterType } from './rows.ts';

const row = <T extends FilterType>(type: T, values: Partial<FilterRowOf<T>> = {}): FilterRow => ({ ...defaultFilterRow(type), ...values }) as FilterRow;

export interface ScannerPreset {
  key: string;
  name: string;
  /** The filters in a trader's words. */
  description: string;
  rows: FilterRow[];
}

export const SCANNER_PRESETS: readonly ScannerPreset[] = [
  {
    key: 'oversold-large-caps',
    name: 'Oversold large caps',
    description: 'RSI(14) ≤ 30, market cap ≥ $10B',
    rows: [row('rsi', { operator: 'lte', value1: 30, period: 14 }), row('market_cap', { operator: 'gte', value1: 10_000_000_000 })],
  },
  {
    key: 'above-200-day',
    name: 'Above the 200-day average',
    description: 'Stocks (no ETFs) closing at or above their SMA(200)',
    rows: [row('sma', { operator: 'lte', period: 200 }), row('instr_type', { value: 'EQUITY' })],
  },
  {
    key: 'uptrend-momentum',
    name: 'Uptrend with momentum',
    description: 'Price at or above its SMA(200), MACD(12, 26, 9) above its signal line',
    rows: [row('sma', { operator: 'lte', period: 200 }), row('macd', { aboveSignal: true })],
  },
  {
    key: 'heavy-volume-movers',
    name: 'Big movers on heavy volume',
    description: 'Up 3 % or more today on at least 1,000,000 shares, 20-day average volume ≥ 500,000',
    rows: [row('chg', { operator: 'gte', value1: 3 }), row('volume', { operator: 'gte', value1: 1_000_000 }), row('vol_avg', { operator: 'gte', value1: 500_000, period: 20 })],
  },
  {
    key: 'growing-revenue',
    name: 'Growing revenue, mid caps and up',
    description: 'Revenue up 3 quarters in a row, market cap ≥ $2B',
    rows: [row('financial_trend', { metric: 'revenue', periodType: 'QUARTERLY', direction: 'increasing', periods: 3 }), row('market_cap', { operator: 'gte', value1: 2_000_000_000 })],
  },
];
