// Number formatting of the calculator: dollars with cents and thousands separators.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatUsd = (x: number) => usd.format(x);
export const formatShares = (x: number) => int.format(x);
/** Percent with `decimals` places: 0.036 → "0.036%". */
export const formatPercent = (x: number, decimals = 2) => `${x.toFixed(decimals)}%`;

/** What the user typed as a number: NaN for blank or anything that is not a plain number. */
export function toNumber(text: string): number {
  const t = text.trim();
  if (t === '') return NaN;
  return Number(t);
}

/** A stop price as the price field shows it: always cents, e.g. "144.00". */
export const priceText = (x: number) => x.toFixed(2);
