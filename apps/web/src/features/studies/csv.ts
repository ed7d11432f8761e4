// CSV downloads of a backtest (RFC 4180: commas, CRLF, quoted when needed). Raw numbers, full
// precision, so a spreadsheet recomputes exactly what the engine did.
import type { BacktestStats, BacktestTrade } from '@app/contract';
import { TRADE_COLUMNS } from './format.ts';

type Cell = string | number | null | undefined;

function cell(v: Cell): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  let s = String(v);
  // Text a spreadsheet would run as a formula gets a leading apostrophe (template names are user text).
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

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

export function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
