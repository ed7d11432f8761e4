import { ColorType, CrosshairMode, type ChartOptions, type DeepPartial, type Time } from 'lightweight-charts';

// The look every lightweight-charts chart in the app shares (the chart pages, the Backtest screen's
// equity chart and the static backtest chart page), so they match each other and the app's theme.

/** Base options: colours for the theme, crosshair, time without seconds (spec §2). */
export function chartOptions(dark: boolean, gridlines = true): DeepPartial<ChartOptions> {
  const grid = dark ? '#1e293b' : '#eef2f6';
  const border = dark ? '#334155' : '#cbd5e1';
  return {
    layout: {
      background: { type: ColorType.Solid, color: dark ? '#0f172a' : '#ffffff' },
      textColor: dark ? '#cbd5e1' : '#334155',
      attributionLogo: false,
      panes: { enableResize: true, separatorColor: border, separatorHoverColor: 'rgba(59,130,246,0.25)' },
    },
    grid: { vertLines: { color: grid, visible: gridlines }, horzLines: { color: grid, visible: gridlines } },
    crosshair: { mode: CrosshairMode.Normal },
    rightPriceScale: { borderColor: border },
    timeScale: { borderColor: border, timeVisible: true, secondsVisible: false },
    localization: { timeFormatter: crosshairTime },
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The crosshair's time label: "27 Nov 2026" for a daily bar (no "00:00"), "27 Nov 2026 14:30" for one
 *  within a day (hours and minutes, never seconds). Bars are stamped in UTC. */
export function crosshairTime(t: Time): string {
  let d: Date;
  if (typeof t === 'number') d = new Date(t * 1000);
  else if (typeof t === 'string') d = new Date(`${t}T00:00:00Z`);
  else d = new Date(Date.UTC(t.year, t.month - 1, t.day));
  const date = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  const hm = d.getUTCHours() * 60 + d.getUTCMinutes();
  return hm === 0 ? date : `${date} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** Whether the app is in dark mode now (the `dark` class on <html>). */
export const isDarkMode = () => document.documentElement.classList.contains('dark');

/** Account values on a price axis as whole dollars with separators ("25,251", not "25250.60"). */
export const WHOLE_DOLLARS = { type: 'custom' as const, minMove: 1, formatter: (v: number) => Math.round(v).toLocaleString('en-US') };

/** Drawdown on a price axis as a percent with one decimal. */
export const PERCENT_1 = { type: 'custom' as const, minMove: 0.01, formatter: (v: number) => `${v.toFixed(1)}%` };
