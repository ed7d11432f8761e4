// CSV files the screens export (the scanner's results, a backtest's trades and stats): RFC 4180
// (comma separated, CRLF lines, fields with commas, quotes or line breaks quoted and quotes doubled).
// Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
// apostrophe, since names and sectors come from outside data and template names from users. Numbers
// are written raw (no grouping, '.' decimal point); fractions to 12 significant digits, so the float
// noise of a subtraction (1.6100000000000136) does not reach the sheet, whole numbers exactly.

export type CsvCell = string | number | null | undefined;

function cell(v: CsvCell): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  let s = typeof v === 'number' ? String(Number.isInteger(v) ? v : Number(v.toPrecision(12))) : v;
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Excel reads a CSV file without a byte order mark in the system's legacy code page, garbling names
 *  like "Nestlé"; with it, every spreadsheet reads UTF-8 (and none shows the mark). */
export const UTF8_BOM = '\uFEFF';

/** Saves `text` as a file named `fileName`, with the byte order mark in front. */
export function downloadCsv(text: string, fileName: string) {
  const bytes = text.startsWith(UTF8_BOM) ? text : UTF8_BOM + text;
  const url = URL.createObjectURL(new Blob([bytes], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
