// How the results table shows numbers (spec §2, §3): N/A for nulls, change and % change with 2 decimals,
// market cap and volume with thousands separators; a sign decides the positive or negative colour.

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
export const formatText = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? NA : v);

/** The colour class of a change: zero and up positive, below zero negative, none for N/A. */
export function changeTone(v: Num): 'positive' | 'negative' | 'none' {
  if (missing(v)) return 'none';
  return v >= 0 ? 'positive' : 'negative';
}
