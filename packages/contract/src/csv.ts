// CSV files the app writes (the screens' exports and the server's downloads): RFC 4180 (comma
// separated, CRLF lines, fields with commas, quotes, line breaks or outer spaces quoted and quotes
// doubled). Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
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
