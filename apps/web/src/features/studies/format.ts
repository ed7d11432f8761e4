import type { BacktestStats, BacktestTrade } from '@app/contract';

/** A stat as shown: numbers with 2 decimals (spec §2), dates and durations as given, missing as —. */
export function formatStat(v: number | string | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return Number.isFinite(v) ? v.toFixed(2) : String(v);
  return v;
}

export const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** The headline figures shown as tiles above the full table (backtesting.py's key names). */
export const HEADLINE_STATS = ['Return [%]', 'Buy & Hold Return [%]', 'Max. Drawdown [%]', 'Win Rate [%]', '# Trades', 'Sharpe Ratio'] as const;

export const statEntries = (stats: BacktestStats) => Object.entries(stats);

/** Trades table columns: the spec's Trade fields in its order. */
export const TRADE_COLUMNS: ReadonlyArray<{ key: keyof BacktestTrade; label: string; numeric: boolean; show: (t: BacktestTrade) => string }> = [
  { key: 'Size', label: 'Size', numeric: true, show: (t) => String(t.Size) },
  { key: 'EntryBar', label: 'Entry Bar', numeric: true, show: (t) => String(t.EntryBar) },
  { key: 'ExitBar', label: 'Exit Bar', numeric: true, show: (t) => String(t.ExitBar) },
  { key: 'EntryPrice', label: 'Entry Price', numeric: true, show: (t) => money(t.EntryPrice) },
  { key: 'ExitPrice', label: 'Exit Price', numeric: true, show: (t) => money(t.ExitPrice) },
  { key: 'PnL', label: 'PnL', numeric: true, show: (t) => money(t.PnL) },
  { key: 'ReturnPct', label: 'Return', numeric: true, show: (t) => percent(t.ReturnPct) },
  { key: 'EntryTime', label: 'Entry Time', numeric: false, show: (t) => t.EntryTime },
  { key: 'ExitTime', label: 'Exit Time', numeric: false, show: (t) => t.ExitTime },
  { key: 'Duration', label: 'Duration', numeric: false, show: (t) => t.Duration },
];
