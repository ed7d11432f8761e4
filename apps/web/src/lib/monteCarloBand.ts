import { LineSeries, LineStyle, type IChartApi, type UTCTimestamp } from 'lightweight-charts';
import type { MonteCarlo } from '@app/contract';
import { WHOLE_DOLLARS } from './chartTheme.ts';

export const BAND_COLOR = '#8b5cf6';

/** The band's points with strictly rising times (trades exiting on the same day keep the last). */
export function bandPoints(time: readonly number[], values: readonly number[]): { time: UTCTimestamp; value: number }[] {
  const out: { time: UTCTimestamp; value: number }[] = [];
  time.forEach((t, i) => {
    if (out.length > 0 && out[out.length - 1].time >= t) out[out.length - 1].value = values[i];
    else out.push({ time: t as UTCTimestamp, value: values[i] });
  });
  return out;
}

/** The trade Monte Carlo's 5th and 95th percentile equity as two thin lines on the equity pane. The
 *  axis is scaled to the equity alone and the band clips at its edges: a lucky 95th percentile far
 *  above the curve (80k over a 25k account) would otherwise flatten the curve the chart is for. */
export function addMonteCarloBand(chart: IChartApi, band: MonteCarlo['band'], pane: number, title: string): void {
  const line = {
    lineWidth: 1, color: BAND_COLOR, lineStyle: LineStyle.Dotted, priceLineVisible: false, lastValueVisible: false, priceFormat: WHOLE_DOLLARS,
    autoscaleInfoProvider: () => null,
  } as const;
  chart.addSeries(LineSeries, { ...line, title: `${title} (5 %)` }, pane).setData(bandPoints(band.time, band.p5));
  chart.addSeries(LineSeries, { ...line, title: `${title} (95 %)` }, pane).setData(bandPoints(band.time, band.p95));
}
