import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  LineSeries,
  LineStyle,
  LineType,
  type IChartApi,
  type LineData,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import type { BacktestChart } from '@app/contract';
import { chartOptions } from '../lib/chartTheme.ts';
import { addEquityPanes, EQUITY_COLORS, PANE_LABEL_MARGINS } from '../lib/equityChart.ts';
import { fitWholeRange } from '../lib/fitWholeRange.ts';

export const UP = '#16a34a';
export const DOWN = '#dc2626';
export const TRAILING = '#ea580c';
export const EQUITY = EQUITY_COLORS.strategy;
export const BUY_HOLD = EQUITY_COLORS.buyHold;
const LINE_COLORS = ['#f59e0b', '#8b5cf6', '#0ea5e9', '#ec4899', '#14b8a6', '#84cc16'];

/** The colour of the n-th indicator line, shared by the chart and the page's legend. */
export const lineColor = (n: number) => LINE_COLORS[n % LINE_COLORS.length];

/** The app's chart look (lib/chartTheme.ts); the page applies it again when the theme changes. */
export const themeOptions = (dark: boolean) => chartOptions(dark);

const ts = (t: number) => t as UTCTimestamp;


/** The page's labels of the equity panes (its legend uses the same words). */
export const EQUITY_TITLES = { strategy: 'Equity', buyHold: 'Buy & hold', drawdown: 'Drawdown' } as const;

/** Below this chart width the 'Buy @ 101.23' / 'Sell @ 123.45' labels overlap each other: arrows only. */
export const MARKER_TEXT_MIN_WIDTH = 640;
/** About the room one price label needs; with more markers in view than fit, arrows only. */
export const MARKER_LABEL_PX = 90;

/** Whether the price labels of `markersInView` markers fit a chart `width` pixels wide. */
export const labelsFit = (width: number, markersInView: number) => width >= MARKER_TEXT_MIN_WIDTH && markersInView * MARKER_LABEL_PX <= width;

/** How an exit is drawn by why the trade ended: a stop, target or trailing exit in its own colour with
 *  a two-letter label (kept on a phone, where the price labels are left off); a SELL signal or the end
 *  of the data as a plain sell (spec §2). The page's legend lists the same. */
export const EXIT_LOOKS: Record<'stop' | 'target' | 'trailing', { color: string; label: string; legend: string }> = {
  stop: { color: DOWN, label: 'SL', legend: 'stop-loss exit' },
  target: { color: UP, label: 'TP', legend: 'take-profit exit' },
  trailing: { color: TRAILING, label: 'TS', legend: 'trailing-stop exit' },
};

/** A fill price as a trader reads it on a chart: cents, or four decimals below a dollar. */
export const markerPrice = (p: number) => p.toFixed(Math.abs(p) < 1 ? 4 : 2);

/** Short trades' entries and covers, in their own colour so they stand apart from long trades. */
export const SHORT_COLOR = '#7c3aed';

/** Long entries as green up-arrows under the bar, exits as down-arrows above it (spec §2): red "Sell"
 *  for a signal or the end of the data, and by reason for the stop, target and trailing exits
 *  (EXIT_LOOKS). A short trade (negative size) is drawn the other way up in violet: "Short" as a
 *  down-arrow above the bar, "Cover" as an up-arrow below it, its SL/TP/TS exits as up-arrows in the
 *  exits' colours. Labelled with the fill price ("Buy @ 101.23", "SL @ 95.00"; the share count is in
 *  the trades table) unless `compact` (a phone-width chart: arrows, and the exits' two letters). */
export function tradeMarkers(markers: BacktestChart['markers'], compact = false): SeriesMarker<Time>[] {
  const label = (word: string, price: number) => (compact ? '' : `${word} @ ${markerPrice(price)}`);
  return [...markers]
    .sort((a, b) => a.time - b.time)
    .map((m): SeriesMarker<Time> => {
      const short = m.size < 0;
      const time = ts(m.time);
      if (m.kind === 'entry') {
        return short
          ? { time, position: 'aboveBar', shape: 'arrowDown', color: SHORT_COLOR, text: label('Short', m.price) }
          : { time, position: 'belowBar', shape: 'arrowUp', color: UP, text: label('Buy', m.price) };
      }
      const look = m.reason === 'stop' || m.reason === 'target' || m.reason === 'trailing' ? EXIT_LOOKS[m.reason] : null;
      const exitAt = short ? ({ position: 'belowBar', shape: 'arrowUp' } as const) : ({ position: 'aboveBar', shape: 'arrowDown' } as const);
      if (look) return { time, ...exitAt, color: look.color, text: compact ? look.label : label(look.label, m.price) };
      return short ? { time, ...exitAt, color: SHORT_COLOR, text: label('Cover', m.price) } : { time, ...exitAt, color: DOWN, text: label('Sell', m.price) };
    });
}

/** What hovering a bar with trade markers shows: each marker's why ("Buy: SMA(50) 182.31 crossed
 *  above …"), by the bar's time, exits first as the markers are. */
export function markerNotes(markers: BacktestChart['markers']): Map<number, string[]> {
  const notes = new Map<number, string[]>();
  for (const m of [...markers].sort((a, b) => a.time - b.time || (a.kind === 'exit' ? -1 : 1))) {
    if (!m.why) continue;
    const word = m.kind === 'entry' ? (m.size < 0 ? 'Short' : 'Buy') : m.size < 0 ? 'Cover' : 'Sell';
    notes.set(m.time, [...(notes.get(m.time) ?? []), `${word}: ${m.why}`]);
  }
  return notes;
}

/** An indicator line's points: its values are one per candle (null on warm-up bars, not drawn). */
export function indicatorPoints(values: BacktestChart['indicators'][number]['values'], barTimes: readonly number[]): LineData<Time>[] {
  const out: LineData<Time>[] = [];
  values.forEach((value, i) => {
    if (value !== null) out.push({ time: ts(barTimes[i]), value });
  });
  return out;
}

/** The colours of the stop and target levels: the exits' red and green, a little softer than the arrows. */
export const LEVEL_COLORS = { stop: 'rgba(220, 38, 38, 0.75)', target: 'rgba(22, 163, 74, 0.75)' } as const;

/** One line of every trade's stop (or target) levels: the trades' segments in time order, each followed
 *  by a blank at the next bar so the line breaks between trades instead of joining them. */
export function levelLine(levels: BacktestChart['levels'], kind: 'stop' | 'target', barTimes: readonly number[]): Array<LineData<Time> | WhitespaceData<Time>> {
  const out: Array<LineData<Time> | WhitespaceData<Time>> = [];
  const segments = levels.map((l) => l[kind]).filter((points) => points.length > 0);
  segments.forEach((points, k) => {
    for (const p of points) out.push({ time: ts(p.time), value: p.value });
    const last = points[points.length - 1].time;
    const gap = barTimes.find((t) => t > last);
    const next = segments[k + 1]?.[0].time;
    if (gap !== undefined && (next === undefined || gap < next)) out.push({ time: ts(gap) });
  });
  return out;
}

/** Panes top to bottom: price (candles, trade markers, stop and target levels, SMA/EMA/Supertrend overlays), one pane per
 *  RSI/OBV line with the template's compare levels, equity vs buy and hold, drawdown. */
export function drawChart(el: HTMLElement, data: BacktestChart, dark: boolean): IChartApi {
  const chart = createChart(el, { ...themeOptions(dark), autoSize: true });

  const candles = chart.addSeries(CandlestickSeries, {
    upColor: UP, downColor: DOWN, borderUpColor: UP, borderDownColor: DOWN, wickUpColor: UP, wickDownColor: DOWN, title: data.symbol,
  });
  candles.setData(data.candles.map((c) => ({ time: ts(c.time), open: c.open, high: c.high, low: c.low, close: c.close })));
  // Price labels while they fit (zoomed in, or few trades); arrows (and SL/TP/TS) when they would overlap.
  let compact = !labelsFit(el.clientWidth, data.markers.length);
  const markers = createSeriesMarkers(candles, tradeMarkers(data.markers, compact));
  chart.timeScale().subscribeVisibleTimeRangeChange((range) => {
    if (!range) return;
    const inView = data.markers.filter((m) => m.time >= (range.from as number) && m.time <= (range.to as number)).length;
    const next = !labelsFit(el.clientWidth, inView);
    if (next === compact) return;
    compact = next;
    markers.setMarkers(tradeMarkers(data.markers, compact));
  });

  // Each trade's stop and target, thin steps over the bars it was open (trailing stops step up).
  const barTimes = data.candles.map((c) => c.time);
  for (const kind of ['stop', 'target'] as const) {
    const line = levelLine(data.levels, kind, barTimes);
    if (!line.length) continue;
    chart
      .addSeries(LineSeries, {
        color: LEVEL_COLORS[kind], lineWidth: 1, lineType: LineType.WithSteps, lineStyle: LineStyle.Solid,
        priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false, title: '',
      })
      .setData(line);
  }

  let pane = 1;
  const stretch: number[] = [4];
  data.indicators.forEach((ind, n) => {
    const own = ind.pane === 'own';
    const series = chart.addSeries(
      LineSeries,
      { color: lineColor(n), lineWidth: 2, title: ind.label, priceLineVisible: false, lastValueVisible: true, crosshairMarkerVisible: false },
      own ? pane : 0,
    );
    series.setData(indicatorPoints(ind.values, barTimes));
    for (const level of ind.levels ?? []) {
      series.createPriceLine({ price: level, color: dark ? '#64748b' : '#94a3b8', lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title: '' });
    }
    if (own) {
      series.priceScale().applyOptions({ scaleMargins: PANE_LABEL_MARGINS });
      stretch.push(1.2);
      pane++;
    }
  });

  addEquityPanes(chart, data.equity, pane, EQUITY_TITLES);
  stretch.push(1.8, 1);

  chart.panes().forEach((p, i) => p.setStretchFactor(stretch[i] ?? 1));
  // opens on the backtest's whole period, its first bar to its last
  fitWholeRange(chart, data.candles.length);
  return chart;
}
