// Number formatting of the calculator: dollars with cents and thousands separators.
import { parseNumberInput } from '@app/contract';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatUsd = (x: number) => usd.format(x);
export const formatShares = (x: number) => int.format(x);
/** Percent with `decimals` places: 0.036 → "0.036%". */
export const formatPercent = (x: number, decimals = 2) => `${x.toFixed(decimals)}%`;

/** What the user typed as a number, read by the app's shared parser (150, 10k, 1,000, $150); NaN for
 *  blank or anything that is not a number, which clears the result (spec §5). */
export const toNumber = (text: string): number => parseNumberInput(text) ?? NaN;
/** The same for a percentage box, where 5 and 5% both mean five percent. */
export const toPercent = (text: string): number => parseNumberInput(text, { percent: true }) ?? NaN;

/** A stop price as the price field shows it: always cents, e.g. "144.00". */
export const priceText = (x: number) => x.toFixed(2);
