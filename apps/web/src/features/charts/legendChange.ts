import { dayChange, formatDayChange, type Candle, type DayChange } from '@app/contract';

// The legend's change figure is the day's change against the previous close, as in the watchlist, the
// scanner and the alerts (one definition: @app/contract's dayChange). Its colour keeps the spec's rule
// (§2: "red when close is below open, else green"), the candle's own colour, so a gap up that fades
// reads red with a positive change; the tooltip says what each means.

export interface BarChange extends DayChange {
  /** close < open: the legend is red. */
  down: boolean;
}

export const CHANGE_TOOLTIP = 'Change from the previous close; the colour is the candle’s (red when it closed below its open)';

/** The change of `bar` against the previous bar's close (null for the first bar: no change shown). */
export function barChange(bar: Pick<Candle, 'open' | 'close'>, prevClose: number | null): BarChange | null {
  const c = dayChange(bar.close, prevClose);
  return c && { ...c, down: bar.close < bar.open };
}

export const formatChange = formatDayChange;
