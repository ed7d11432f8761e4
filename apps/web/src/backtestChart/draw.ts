import {
  AreaSeries,
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  LineSeries,
  LineStyle,
  type IChartApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { BacktestChart } from '@app/contract';
import { chartOptions, PERCENT_1, WHOLE_DOLLARS } from '../lib/chartTheme.ts';

export const UP = '#16a34a';
export const DOWN = '#dc2626';
export const EQUITY = '#2563eb';
export const BUY_HOLD = '#94a3b8';
const LINE_COLORS = ['#f59e0b', '#8b5cf6', '#0ea5e9', '#ec4899', '#14b8a6', '#84cc16'];

/** The colour of the n-th indicator line, shared by the chart and the page's legend. */
export const lineColor = (n: number) => LINE_COLORS[n % LINE_COLORS.length];

/** The app's chart look (lib/chartTheme.ts); the page applies it again when the theme changes. */
export const themeOptions = (dark: boolean) => chartOptions(dark);

const ts = (t: number) => t as UTCTimestamp;


/** Below this chart width the 'Buy 357' / 'Sell 357' labels overlap each other: arrows only. */
export const MARKER_TEXT_MIN_WIDTH = 640;

/** Entries as green up-arrows under the bar, exits as red down-arrows above it (spec §2), labelled
 *  with the shares unless `compact` (a phone-width chart). */
export function tradeMarkers(markers: BacktestChart['markers'], compact = false): SeriesMarker<Time>[] {
  const label = (text: string) => (compact ? '' : text);
  return [...markers]
    .sort((a, b) => a.time - b.time)
    .map((m) =>
      m.kind === 'entry'
        ? { time: ts(m.time), position: 'belowBar', shape: 'arrowUp', color: UP, text: label(`Buy ${m.size}`) }
        : { time: ts(m.time), position: 'aboveBar', shape: 'arrowDown', color: DOWN, text: label(`Sell ${m.size}`) },
    );
}

/** Panes top to bottom: price (candles, trade markers, SMA/EMA/Supertrend overlays), one pane per
 *  RSI/OBV line with the template's compare levels, equity vs buy and hold, drawdown. */
export function drawChart(el: HTMLElement, data: BacktestChart, dark: boolean): IChartApi {
  const chart = createChart(el, { ...themeOptions(dark), autoSize: true });

  const candles = chart.addSeries(CandlestickSeries, {
    upColor: UP, downColor: DOWN, borderUpColor: UP, borderDownColor: DOWN, wickUpColor: UP, wickDownColor: DOWN, title: data.symbol,
  });
  candles.setData(data.candles.map((c) => ({ time: ts(c.time), open: c.open, high: c.high, low: c.low, close: c.close })));
  createSeriesMarkers(candles, tradeMarkers(data.markers, el.clientWidth < MARKER_TEXT_MIN_WIDTH));

  let pane = 1;
  const stretch: number[] = [4];
  data.indicators.forEach((ind, n) => {
    const own = ind.pane === 'own';
    const series = chart.addSeries(
      LineSeries,
      { color: lineColor(n), lineWidth: 2, title: ind.label, priceLineVisible: false, lastValueVisible: true, crosshairMarkerVisible: false },
      own ? pane : 0,
    );
    series.setData(ind.points.map((p) => ({ time: ts(p.time), value: p.value })));
    for (const level of ind.levels ?? []) {
      series.createPriceLine({ price: level, color: dark ? '#64748b' : '#94a3b8', lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title: '' });
    }
    if (own) {
      stretch.push(1.2);
      pane++;
    }
  });

  const time = data.equity.time;
  const equity = chart.addSeries(LineSeries, { color: EQUITY, lineWidth: 2, title: 'Equity', priceLineVisible: false, priceFormat: WHOLE_DOLLARS }, pane);
  equity.setData(data.equity.equity.map((v, i) => ({ time: ts(time[i]), value: v })));
  const hold = chart.addSeries(LineSeries, { color: BUY_HOLD, lineWidth: 2, lineStyle: LineStyle.Dashed, title: 'Buy & hold', priceLineVisible: false, priceFormat: WHOLE_DOLLARS }, pane);
  hold.setData(data.equity.buy_hold.map((v, i) => ({ time: ts(time[i]), value: v })));
  stretch.push(1.8);
  pane++;

  const drawdown = chart.addSeries(
    AreaSeries,
    {
      lineColor: DOWN, topColor: 'rgba(220,38,38,0.05)', bottomColor: 'rgba(220,38,38,0.35)', lineWidth: 1, title: 'Drawdown', priceLineVisible: false,
      priceFormat: PERCENT_1,
    },
    pane,
  );
  drawdown.setData(data.equity.drawdown.map((v, i) => ({ time: ts(time[i]), value: v * 100 })));
  stretch.push(1);

  chart.panes().forEach((p, i) => p.setStretchFactor(stretch[i] ?? 1));
  chart.timeScale().fitContent();
  return chart;
}
