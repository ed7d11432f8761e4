import type { Candle } from '@app/contract';

// The legend's change figure (spec §2: "change amount and percent; red when close is below open, else
// green"). It is the bar's own move, close − open, as a percent of the open, so the number and its
// colour always agree: a red legend never shows a positive change. (TradingView's legend measures
// against the previous close instead; the spec ties the colour to the open, and one legend that shows
// "+1.2%" in red would mislead, so both follow the open here. The legend says so in its tooltip.)


export interface BarChange {
  /** close − open */
  amount: number;
  /** (close − open) / open × 100; null when the open is 0 (no percent to show). */
  percent: number | null;
  /** close < open: the legend is red. */
  down: boolean;
}

export const CHANGE_TOOLTIP = 'Change from the bar’s open to its close';

export function barChange(bar: Pick<Candle, 'open' | 'close'>): BarChange {
  const amount = bar.close - bar.open;
  return { amount, percent: bar.open !== 0 ? (amount / bar.open) * 100 : null, down: bar.close < bar.open };
}

const signed = (x: number) => {
  const s = x.toFixed(2);
  // -0.001 rounds to "-0.00": show it as unsigned zero.
  if (Number(s) === 0) return '0.00';
  return x > 0 ? `+${s}` : s;
};

/** "+1.25 (+0.84%)", 2 decimals (spec §9 results display). */
export function formatChange(c: BarChange): string {
  return c.percent === null ? signed(c.amount) : `${signed(c.amount)} (${signed(c.percent)}%)`;
}
