// CSV export of the loaded results (RFC 4180: comma separated, CRLF lines, fields with commas, quotes or
// line breaks quoted and quotes doubled). Text that a spreadsheet would run as a formula (=, +, -, @,
// tab, CR first) gets a leading apostrophe, since names and sectors come from outside data. Numbers are
// written raw (no grouping, '.' decimal point); fractions to 12 significant digits, so the float noise
// of a subtraction (1.6100000000000136) does not reach the sheet, whole numbers (caps, volumes) exactly.
import type { ScanResult } from '@app/contract';

type Cell = string | number | null | undefined;

function cell(v: Cell): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  let s = typeof v === 'number' ? String(Number.isInteger(v) ? v : Number(v.toPrecision(12))) : v;
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

const COLUMNS: ReadonlyArray<readonly [string, (r: ScanResult) => Cell]> = [
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

/** Excel reads a CSV file without a byte order mark in the system's legacy code page, garbling names
 *  like "Nestlé"; with it, every spreadsheet reads UTF-8 (and none shows the mark). */
export const UTF8_BOM = '\uFEFF';

/** The results as a CSV file's text, raw numbers (no grouping) so spreadsheets read them as numbers. */
export const resultsCsv = (results: readonly ScanResult[]) => UTF8_BOM + toCsv(COLUMNS.map((c) => c[0]), results.map((r) => COLUMNS.map((c) => c[1](r))));

export const csvFileName = (now = new Date()) => `scanner-results-${now.toISOString().slice(0, 10)}.csv`;
