import { ColorType, CrosshairMode, LastPriceAnimationMode, PriceScaleMode, type ChartOptions, type DeepPartial, type IChartApi } from 'lightweight-charts';
import { chartOptions } from '../../lib/chartTheme.ts';
import { THEME_BACKGROUND, type DisplaySettings } from './state/settings.ts';

export { chartOptions };

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

/** Whether text on this #rrggbb background should be dark (a light background) or light. */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5;
}

/** The chart pages' options: the app's look with the user's Appearance and Performance settings. */
export function settingsChartOptions(dark: boolean, s: DisplaySettings): DeepPartial<ChartOptions> {
  const base = chartOptions(dark, s.showGridlines);
  const custom = s.background !== THEME_BACKGROUND;
  return {
    ...base,
    layout: {
      ...base.layout,
      ...(custom ? { background: { type: ColorType.Solid, color: s.background }, textColor: isLight(s.background) ? '#334155' : '#cbd5e1' } : {}),
    },
    crosshair: { mode: s.crosshair === 'magnet' ? CrosshairMode.Magnet : CrosshairMode.Normal },
    // Kinetic scrolling is the chart's one motion: with animation off a drag or swipe stops where it ends.
    kineticScroll: { touch: s.animation, mouse: s.animation },
  };
}

/** Candles in the user's up and down colours (bodies, borders and wicks alike). */
export function candleColors(s: Pick<DisplaySettings, 'upColor' | 'downColor'>) {
  return { upColor: s.upColor, downColor: s.downColor, borderUpColor: s.upColor, borderDownColor: s.downColor, wickUpColor: s.upColor, wickDownColor: s.downColor };
}

export const PRICE_SCALE_MODE = { linear: PriceScaleMode.Normal, log: PriceScaleMode.Logarithmic, percent: PriceScaleMode.Percentage } as const;

/** The line and area price series pulse on a new last price only while animation is on. */
export const lastPriceAnimation = (animation: boolean) => (animation ? LastPriceAnimationMode.OnDataUpdate : LastPriceAnimationMode.Disabled);

/** Opens a chart of `bars` bars on the user's count of recent bars (all of them when there are no
 *  more), or without a count on as many as suit its `width`. */
export function showBarsInView(chart: IChartApi, bars: number, s: Pick<DisplaySettings, 'barsInView'>, width: number): void {
  if (s.barsInView === null) return showRecent(chart, bars, recentBars(width));
  if (bars === 0) return;
  if (bars <= s.barsInView) chart.timeScale().fitContent();
  else chart.timeScale().setVisibleLogicalRange({ from: bars - s.barsInView, to: bars + 2 });
}
