// CSV files the screens export (the scanner's results, a backtest's trades and stats): written by the
// contract's one writer (toCsv), saved here with the byte order mark spreadsheets need.
export { toCsv, type CsvCell } from '@app/contract';

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
