// A day's change, the way every quote app shows it: the close against the previous close. One
// definition for the chart legend, the watchlist, the scanner and the alerts, so one day reads the
// same everywhere.

export interface DayChange {
  /** close − previous close */
  amount: number;
  /** amount ÷ previous close × 100; null when there is no previous close (or it is 0) */
  percent: number | null;
}

/** The change of a bar closing at `close` after a bar closing at `prevClose` (null or NaN: the first
 *  bar, whose change is unknown). */
export function dayChange(close: number, prevClose: number | null): DayChange | null {
  if (prevClose === null || !Number.isFinite(prevClose) || !Number.isFinite(close)) return null;
  const amount = close - prevClose;
  return { amount, percent: prevClose !== 0 ? (amount / prevClose) * 100 : null };
}

const signed = (x: number) => {
  const s = x.toFixed(2);
  // -0.001 rounds to "-0.00": show it as unsigned zero
  if (Number(s) === 0) return '0.00';
  return x > 0 ? `+${s}` : s;
};

/** "+1.25 (+0.84%)", two decimals. */
export function formatDayChange(c: DayChange): string {
  return c.percent === null ? signed(c.amount) : `${signed(c.amount)} (${signed(c.percent)}%)`;
}

/** "+0.84%", two decimals: the percent alone, as the alerts say it. */
export const formatDayChangePercent = (c: DayChange): string => (c.percent === null ? '' : `${signed(c.percent)}%`);
