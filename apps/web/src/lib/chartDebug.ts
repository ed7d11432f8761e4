import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';

// Browser tests read what the chart actually draws (series.data()) through window.__chartDebug; it is
// set only when the page URL has ?debug=1, so normal visits expose nothing.
export interface ChartDebug {
  chart: IChartApi;
  series: Record<string, ISeriesApi<SeriesType>>;
}

declare global {
  interface Window {
    __chartDebug?: ChartDebug;
  }
}

const enabled = () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('debug') === '1';

export function exposeChart(chart: IChartApi, series: Record<string, ISeriesApi<SeriesType>>): void {
  if (enabled()) window.__chartDebug = { chart, series };
}

export function clearChart(chart: IChartApi): void {
  if (enabled() && window.__chartDebug?.chart === chart) delete window.__chartDebug;
}
