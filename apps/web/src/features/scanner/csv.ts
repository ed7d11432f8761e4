// The scanner's results as a CSV file (lib/csv.ts writes it): the table's columns plus the market, then
// the filtered indicators' columns.
import type { IndicatorColumn, ScanResult } from '@app/contract';
import { toCsv, UTF8_BOM, type CsvCell } from '../../lib/csv.ts';

const COLUMNS: ReadonlyArray<readonly [string, (r: ScanResult) => CsvCell]> = [
  ['Symbol', (r) => r.symbol],
  ['Name', (r) => r.name],
  ['Price', (r) => r.price],
  ['Change', (r) => r.diff],
  ['% Change', (r) => r.chg],
  ['Sector', (r) => r.sector],
  ['Market', (r) => r.market],
  ['Market Cap', (r) => r.market_cap],
  ['Volume', (r) => r.volume],
];

/** The results as a CSV file's text, raw numbers (no grouping) so spreadsheets read them as numbers. */
export function resultsCsv(results: readonly ScanResult[], indicators: readonly IndicatorColumn[] = []): string {
  const columns = [...COLUMNS, ...indicators.map((c) => [c.label, (r: ScanResult) => r[c.field] ?? null] as const)];
  return UTF8_BOM + toCsv(columns.map((c) => c[0]), results.map((r) => columns.map((c) => c[1](r))));
}

export const csvFileName = (now = new Date()) => `scanner-results-${now.toISOString().slice(0, 10)}.csv`;
