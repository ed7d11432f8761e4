// Number formatting of the calculator: dollars with cents and thousands separators.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatUsd = (x: number) => usd.format(x);
export const formatShares = (x: number) => int.format(x);
/** Percent with `decimals` places: 0.036 → "0.036%". */
export const formatPercent = (x: number, decimals = 2) => `${x.toFixed(decimals)}%`;

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** What the user typed as a number: NaN for blank or anything that is not a plain decimal number
 *  (Number() alone would read "0x10" as 16 and "Infinity" as a number). */
export function toNumber(text: string): number {
  const t = text.trim();
  return PLAIN_NUMBER.test(t) ? Number(t) : NaN;
}

/** A stop price as the price field shows it: always cents, e.g. "144.00". */
export const priceText = (x: number) => x.toFixed(2);
