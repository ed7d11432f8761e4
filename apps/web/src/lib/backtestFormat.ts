import type { BacktestTrade } from '@app/contract';

// How a backtest's statistics and trades are shown, shared by the Backtest screen and the many-symbol
// runs' portfolio result.

/** Stats that count things: shown as whole numbers ("12", not "12.00"). */
const COUNT_STATS = new Set(['# Trades']);

/** The engine's 'N days' in English: '1 days' → '1 day'. */
export const formatDuration = (d: string) => d.replace(/^(-?1) days$/, '$1 day');

/** A stat as shown: numbers with 2 decimals (spec §2) except counts, dates as given, durations in
 *  English, missing as —. */
export function formatStat(v: number | string | null | undefined, key?: string): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return String(v);
    return key !== undefined && COUNT_STATS.has(key) && Number.isInteger(v) ? String(v) : v.toFixed(2);
  }
  return formatDuration(v);
}

export const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** The headline figures shown as tiles above the full table (backtesting.py's key names). */
export const HEADLINE_STATS = ['Return [%]', 'Buy & Hold Return [%]', 'Max. Drawdown [%]', 'Win Rate [%]', '# Trades', 'Sharpe Ratio'] as const;

/** Why a trade ended, in a trader's words (the API's ExitReason). */
export const EXIT_REASON_TEXT: Record<BacktestTrade['ExitReason'], string> = {
  signal: 'Signal',
  stop: 'Stop-loss',
  target: 'Take-profit',
  trailing: 'Trailing stop',
  end: 'End of data',
};

/** A trade's plain fields (its explanation has columns of its own in the CSV, and a details line). */
type TradeField = Exclude<keyof BacktestTrade, 'Why'>;

/** Trades table columns: the spec's Trade fields in its order, then why the trade ended (ours). */
export const TRADE_COLUMNS: ReadonlyArray<{ key: TradeField; label: string; numeric: boolean; show: (t: BacktestTrade) => string }> = [
  { key: 'Size', label: 'Size', numeric: true, show: (t) => String(t.Size) },
  { key: 'EntryBar', label: 'Entry Bar', numeric: true, show: (t) => String(t.EntryBar) },
  { key: 'ExitBar', label: 'Exit Bar', numeric: true, show: (t) => String(t.ExitBar) },
  { key: 'EntryPrice', label: 'Entry Price', numeric: true, show: (t) => money(t.EntryPrice) },
  { key: 'ExitPrice', label: 'Exit Price', numeric: true, show: (t) => money(t.ExitPrice) },
  { key: 'PnL', label: 'PnL', numeric: true, show: (t) => money(t.PnL) },
  { key: 'ReturnPct', label: 'Return', numeric: true, show: (t) => percent(t.ReturnPct) },
  { key: 'EntryTime', label: 'Entry Time', numeric: false, show: (t) => t.EntryTime },
  { key: 'ExitTime', label: 'Exit Time', numeric: false, show: (t) => t.ExitTime },
  { key: 'Duration', label: 'Duration', numeric: false, show: (t) => formatDuration(t.Duration) },
  { key: 'ExitReason', label: 'Exit', numeric: false, show: (t) => EXIT_REASON_TEXT[t.ExitReason] ?? t.ExitReason },
];

/** A trade's side by the sign of its size (backtesting.py's: a short's size is negative). */
export const tradeSide = (t: Pick<BacktestTrade, 'Size'>): 'Long' | 'Short' => (t.Size < 0 ? 'Short' : 'Long');

export type TradeColumn = { key: TradeField | 'Side'; label: string; numeric: boolean; show: (t: BacktestTrade) => string };
const SIDE_COLUMN: TradeColumn = { key: 'Side', label: 'Side', numeric: false, show: tradeSide };

/** The trades table's (and CSV's) columns for these trades: a run with short trades leads with their
 *  side; a long-only run keeps the spec's columns. */
export const tradeColumns = (trades: readonly Pick<BacktestTrade, 'Size'>[]): readonly TradeColumn[] =>
  trades.some((t) => t.Size < 0) ? [SIDE_COLUMN, ...TRADE_COLUMNS] : TRADE_COLUMNS;

/** A column's raw value for a CSV: the number or text as the engine gave it. */
export const tradeCell = (t: BacktestTrade, c: TradeColumn): string | number => (c.key === 'Side' ? tradeSide(t) : t[c.key]);

/** The CSV's last two columns for trades that carry their explanation: why each opened and closed. */
export const WHY_CSV_COLUMNS = ['Why Entry', 'Why Exit'] as const;
export const whyCells = (t: BacktestTrade): [string, string] => [t.Why?.entry ?? '', t.Why?.exit ?? ''];
