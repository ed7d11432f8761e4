import type { BacktestStats } from '@app/contract';

// The Backtest screen's formats live in lib/ (the many-symbol runs' portfolio result shows the same).
export { EXIT_REASON_TEXT, formatDuration, formatStat, HEADLINE_STATS, money, percent, TRADE_COLUMNS, tradeCell, tradeColumns, tradeSide, WHY_CSV_COLUMNS, whyCells, type TradeColumn } from '../../lib/backtestFormat.ts';

export const statEntries = (stats: BacktestStats) => Object.entries(stats);
