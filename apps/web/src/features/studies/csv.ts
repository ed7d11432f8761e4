// CSV downloads of a backtest (lib/csv.ts writes them). Raw numbers, so a spreadsheet recomputes
// what the engine did.
import type { BacktestStats, BacktestTrade } from '@app/contract';
import { toCsv } from '../../lib/csv.ts';
import { tradeCell, tradeColumns } from './format.ts';

/** One line per trade; a run with short trades gets a Side column first (Long or Short). */
export function tradesCsv(trades: readonly BacktestTrade[]) {
  const columns = tradeColumns(trades);
  return toCsv(
    columns.map((c) => c.key),
    trades.map((t) => columns.map((c) => tradeCell(t, c))),
  );
}

export const statsCsv = (stats: BacktestStats) => toCsv(['Stat', 'Value'], Object.entries(stats).map(([k, v]) => [k, v]));

/** A file name safe on every OS: backtest-AAPL-my-template-trades.csv */
export function csvName(symbol: string, template: string, what: 'trades' | 'stats'): string {
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'template';
  return `backtest-${slug(symbol)}-${slug(template)}-${what}.csv`;
}
