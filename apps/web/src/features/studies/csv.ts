// CSV downloads of a backtest (lib/csv.ts writes them). Raw numbers, so a spreadsheet recomputes
// what the engine did.
import type { BacktestStats, BacktestTrade } from '@app/contract';
import { toCsv } from '../../lib/csv.ts';
import { TRADE_COLUMNS } from './format.ts';

export const tradesCsv = (trades: readonly BacktestTrade[]) =>
  toCsv(
    TRADE_COLUMNS.map((c) => c.key),
    trades.map((t) => TRADE_COLUMNS.map((c) => t[c.key])),
  );

export const statsCsv = (stats: BacktestStats) => toCsv(['Stat', 'Value'], Object.entries(stats).map(([k, v]) => [k, v]));

/** A file name safe on every OS: backtest-AAPL-my-template-trades.csv */
export function csvName(symbol: string, template: string, what: 'trades' | 'stats'): string {
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'template';
  return `backtest-${slug(symbol)}-${slug(template)}-${what}.csv`;
}
