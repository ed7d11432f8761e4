// Pure helpers of the many-symbol screens: the table's columns, the histogram's bars, the summary
// tiles, progress, the typed symbol list, CSV rows and chart times.
import type { UniverseRow, UniverseSortField, UniverseSummary } from '@app/contract';
import type { UTCTimestamp } from 'lightweight-charts';
import { toCsv } from '../../lib/csv.ts';
import { SUMMARY_LABELS } from './texts.ts';

/** A percent figure as shown: '12.34%', missing as —. */
export const formatPct = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : `${v.toFixed(2)}%`);
/** A plain figure with 2 decimals (Sharpe, profit factor), missing as —. */
export const formatNum = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(2));

export type Tone = 'up' | 'down' | 'none';
export const toneOf = (v: number | null | undefined): Tone => (v === null || v === undefined || v === 0 ? 'none' : v > 0 ? 'up' : 'down');

export interface UniverseColumn {
  field: UniverseSortField;
  label: string;
  numeric: boolean;
  show: (r: UniverseRow) => string;
  /** coloured by sign (returns) */
  signed?: boolean;
}

/** The table's columns, in the issue's order; every one sorts. */
export const UNIVERSE_COLUMNS: readonly UniverseColumn[] = [
  { field: 'symbol', label: 'Symbol', numeric: false, show: (r) => r.symbol },
  { field: 'name', label: 'Name', numeric: false, show: (r) => r.name || '—' },
  { field: 'return_pct', label: 'Return', numeric: true, signed: true, show: (r) => formatPct(r.return_pct) },
  { field: 'cagr_pct', label: 'CAGR', numeric: true, signed: true, show: (r) => formatPct(r.cagr_pct) },
  { field: 'sharpe', label: 'Sharpe', numeric: true, show: (r) => formatNum(r.sharpe) },
  { field: 'max_drawdown_pct', label: 'Max. drawdown', numeric: true, show: (r) => formatPct(r.max_drawdown_pct) },
  { field: 'trades', label: '# Trades', numeric: true, show: (r) => String(r.trades) },
  { field: 'win_rate_pct', label: 'Win rate', numeric: true, show: (r) => formatPct(r.win_rate_pct) },
  { field: 'profit_factor', label: 'Profit factor', numeric: true, show: (r) => formatNum(r.profit_factor) },
  { field: 'exposure_pct', label: 'Exposure', numeric: true, show: (r) => formatPct(r.exposure_pct) },
  { field: 'buy_hold_pct', label: 'Buy & hold', numeric: true, signed: true, show: (r) => formatPct(r.buy_hold_pct) },
];

export interface Sort {
  field: UniverseSortField;
  desc: boolean;
}
export const DEFAULT_SORT: Sort = { field: 'return_pct', desc: true };
/** After a click on a header: the same column flips; another starts with its most telling end
 *  (highest numbers first, names A to Z). */
export const nextSort = (s: Sort, field: UniverseSortField): Sort => {
  if (s.field === field) return { field, desc: !s.desc };
  return { field, desc: UNIVERSE_COLUMNS.find((c) => c.field === field)?.numeric ?? false };
};
export const orderingParam = (s: Sort) => (s.desc ? `-${s.field}` : s.field);
export function readOrdering(v: string | null): Sort {
  const field = (v ?? '').replace(/^-/, '');
  return UNIVERSE_COLUMNS.some((c) => c.field === field) ? { field: field as UniverseSortField, desc: v!.startsWith('-') } : DEFAULT_SORT;
}
export const ariaSort = (s: Sort, field: UniverseSortField) => (s.field !== field ? 'none' : s.desc ? 'descending' : 'ascending');

export interface HistogramBar {
  from: number;
  to: number;
  count: number;
  /** an overflow bin: the returns below the lowest regular bin, or above the highest */
  overflow?: 'below' | 'above';
  /** height as a share of the tallest bar, 0..100 */
  height: number;
  /** the bin's edges as shown ('-12.5' … '0') */
  fromText: string;
  toText: string;
  /** losses, gains, or a bin straddling zero */
  tone: Tone;
}

/** Edges to as few decimals as the bin width needs, so neighbouring labels differ. */
function edgeDecimals(width: number): number {
  if (!(width > 0)) return 0;
  return width >= 5 ? 0 : width >= 0.5 ? 1 : 2;
}
const edge = (v: number, d: number) => {
  const s = v.toFixed(d);
  return /^-0(\.0+)?$/.test(s) ? s.slice(1) : s;
};

/** The index of the bar holding `value` (the median), or −1. */
export function barHolding(bins: UniverseSummary['histogram'], value: number | null): number {
  if (value === null) return -1;
  return bins.findIndex((b, i) => (b.overflow === 'below' ? value < b.to : b.overflow === 'above' ? value >= b.from : value >= b.from && (value < b.to || i === bins.length - 1)));
}

/** The histogram's bars from the server's equal-width bins of returns (with an overflow bin at an
 *  end for what lies beyond the 1st or 99th percentile). */
export function histogramBars(bins: UniverseSummary['histogram']): HistogramBar[] {
  const tallest = Math.max(0, ...bins.map((b) => b.count));
  const regular = bins.find((b) => !b.overflow);
  const d = regular ? edgeDecimals(regular.to - regular.from) : 0;
  return bins.map((b) => ({
    ...b,
    height: tallest ? (b.count / tallest) * 100 : 0,
    fromText: edge(b.from, d),
    toText: edge(b.to, d),
    tone: b.to <= 0 ? 'down' : b.from >= 0 ? 'up' : 'none',
  }));
}

export interface SummaryTile {
  label: string;
  value: string;
  tone: Tone;
}

/** The distribution summary as tiles: how many symbols, median and quartiles of the return, the
 *  shares profitable and beating buy & hold. */
export function summaryTiles(s: UniverseSummary): SummaryTile[] {
  const share = (v: number | null) => (v === null ? '—' : `${Math.round(v)}%`);
  return [
    { label: SUMMARY_LABELS.symbols, value: s.symbols.toLocaleString('en-US'), tone: 'none' },
    { label: SUMMARY_LABELS.median, value: formatPct(s.median_return_pct), tone: toneOf(s.median_return_pct) },
    { label: SUMMARY_LABELS.quartiles, value: s.q1_return_pct === null || s.q3_return_pct === null ? '—' : `${formatPct(s.q1_return_pct)} to ${formatPct(s.q3_return_pct)}`, tone: 'none' },
    { label: SUMMARY_LABELS.profitable, value: share(s.profitable_pct), tone: 'none' },
    { label: SUMMARY_LABELS.beatBuyHold, value: share(s.beat_buy_hold_pct), tone: 'none' },
  ];
}

/** Progress as a whole percent (0 while nothing is counted). */
export const progressPercent = (p: { done: number; total: number }) => (p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : 0);

/** A typed or pasted list: separated by commas, semicolons, spaces or lines; upper-cased; each once. */
export function parseSymbols(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toUpperCase()).filter(Boolean))];
}

/** The table as CSV: raw numbers, the API's field names as headers. */
export const universeCsv = (rows: readonly UniverseRow[]) =>
  toCsv(
    ['symbol', 'name', 'start', 'end', ...UNIVERSE_COLUMNS.slice(2).map((c) => c.field)],
    rows.map((r) => [r.symbol, r.name, r.start, r.end, ...UNIVERSE_COLUMNS.slice(2).map((c) => r[c.field])]),
  );

/** A file name safe on every OS: universe-run-12-rsi-reversion.csv */
export function runCsvName(kind: 'universe' | 'portfolio', id: number, template: string, what?: string): string {
  const slug = template.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'template';
  return `${kind}-run-${id}-${slug}${what ? `-${what}` : ''}.csv`;
}

/** A day (YYYY-MM-DD) as the chart's time: seconds at midnight UTC. */
export const chartTime = (day: string) => (Date.parse(`${day}T00:00:00Z`) / 1000) as UTCTimestamp;

/** Positions held over the run: the average (one decimal) and the most at once. */
export function exposureSummary(positions: readonly number[]): { avg: string; max: number } {
  if (!positions.length) return { avg: '0', max: 0 };
  const sum = positions.reduce((a, b) => a + b, 0);
  return { avg: (sum / positions.length).toFixed(1), max: Math.max(...positions) };
}

/** The run id of /many/…/:runId: null without one, NaN when it is not a positive whole number. */
export const readRunId = (s: string | undefined) => (s === undefined ? null : /^\d{1,10}$/.test(s) && Number(s) > 0 ? Number(s) : NaN);
