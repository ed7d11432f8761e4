// How the results table shows numbers (spec §2, §3): N/A for nulls, change and % change with 2 decimals,
// market cap as 1.2B / 340M, volume with thousands separators; a sign decides the positive or negative colour.

const NA = 'N/A';
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

type Num = number | null | undefined;
const missing = (v: Num): v is null | undefined => v === null || v === undefined || Number.isNaN(v);

/** A price or absolute change: "1,234.50". */
export const formatDecimal = (v: Num) => (missing(v) ? NA : twoDecimals.format(v));
/** A percent change: "-3.20%". */
export const formatPercent = (v: Num) => (missing(v) ? NA : `${twoDecimals.format(v)}%`);
/** Market cap or volume: "12,345,678". */
export const formatGrouped = (v: Num) => (missing(v) ? NA : grouped.format(v));
/** Market cap as traders read it: "2.5T", "1.2B", "340M", "12.5K"; below a thousand as it is. The
 *  full figure is in the cell's title and the CSV. */
export function formatCompact(v: Num): string {
  if (missing(v)) return NA;
  const sign = v < 0 ? '-' : '';
  const a = Math.abs(v);
  for (const [size, unit] of COMPACT_UNITS) {
    // three significant figures decide the unit, so 999.96M reads "1.0B" and 960K stays "960K"
    const n = Number((a / size).toPrecision(3));
    if (n >= 1) return `${sign}${n.toFixed(n >= 100 ? 0 : 1)}${unit}`;
  }
  return `${sign}${grouped.format(a)}`;
}
const COMPACT_UNITS: readonly [number, string][] = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']];
export const formatText = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? NA : v);

/** The colour class of a change: zero and up positive, below zero negative, none for N/A. */
export function changeTone(v: Num): 'positive' | 'negative' | 'none' {
  if (missing(v)) return 'none';
  return v >= 0 ? 'positive' : 'negative';
}
