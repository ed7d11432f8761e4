import type { IChartApi } from 'lightweight-charts';
import { CANDLE_DOWN, CANDLE_UP } from './series.ts';

export { chartOptions } from '../../lib/chartTheme.ts';

export const candleStyle = {
  upColor: CANDLE_UP,
  downColor: CANDLE_DOWN,
  borderUpColor: CANDLE_UP,
  borderDownColor: CANDLE_DOWN,
  wickUpColor: CANDLE_UP,
  wickDownColor: CANDLE_DOWN,
};

/** How many recent sessions a chart `width` px wide opens on: a year (250) at full width, fewer on a
 *  phone so the candles stay readable (about 4.4px each), never fewer than 60. */
export function recentBars(width: number): number {
  return Math.max(60, Math.min(250, Math.round(width / 4.4)));
}

/** Long histories open on their most recent sessions rather than squeezed to fit; the rest is a
 *  scroll or zoom away. Short ones are fitted. */
export function showRecent(chart: IChartApi, bars: number, recent = 250): void {
  if (bars === 0) return;
  if (bars <= recent * 1.5) chart.timeScale().fitContent();
  else chart.timeScale().setVisibleLogicalRange({ from: bars - recent, to: bars + 2 });
}
