// CSV downloads of a backtest (lib/csv.ts writes them). Raw numbers, so a spreadsheet recomputes
// what the engine did.
import type { BacktestStats, BacktestTrade, MonteCarlo } from '@app/contract';
import { toCsv } from '../../lib/csv.ts';
import { tradeCell, tradeColumns, WHY_CSV_COLUMNS, whyCells } from './format.ts';

/** One line per trade; a run with short trades gets a Side column first (Long or Short); trades that
 *  carry their explanation end with why each opened and closed. */
export function tradesCsv(trades: readonly BacktestTrade[]) {
  const columns = tradeColumns(trades);
  const why = trades.some((t) => t.Why);
  return toCsv(
    [...columns.map((c) => c.key), ...(why ? WHY_CSV_COLUMNS : [])],
    trades.map((t) => [...columns.map((c) => tradeCell(t, c)), ...(why ? whyCells(t) : [])]),
  );
}

/** The statistics, then the trade Monte Carlo's percentiles as rows of their own (when it ran). */
export const statsCsv = (stats: BacktestStats, mc?: MonteCarlo | null) =>
  toCsv(['Stat', 'Value'], [...Object.entries(stats).map(([k, v]) => [k, v]), ...(mc ? monteCarloRows(mc) : [])]);

function monteCarloRows(mc: MonteCarlo): [string, number][] {
  const rows: [string, number][] = [];
  for (const [name, s] of [['Bootstrap', mc.bootstrap], ['Shuffle', mc.shuffle]] as const) {
    for (const p of ['p5', 'p50', 'p95'] as const) rows.push([`Monte Carlo ${name} Return [%] ${p}`, s.return_pct[p]]);
    for (const p of ['p5', 'p50', 'p95'] as const) rows.push([`Monte Carlo ${name} Max. Drawdown [%] ${p}`, s.max_drawdown_pct[p]]);
    rows.push([`Monte Carlo ${name} Losing Share`, s.loss_share]);
  }
  rows.push(['Monte Carlo Resamples', mc.resamples], ['Monte Carlo Seed', mc.seed]);
  return rows;
}

/** A file name safe on every OS: backtest-AAPL-my-template-trades.csv */
export function csvName(symbol: string, template: string, what: 'trades' | 'stats'): string {
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'template';
  return `backtest-${slug(symbol)}-${slug(template)}-${what}.csv`;
}
