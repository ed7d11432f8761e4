import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  AreaSeries,
  CandlestickSeries,
  HistogramSeries,
  LineSeries,
  LineStyle,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type MouseEventParams,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import type { Candle } from '@app/contract';
import type { CompanyInfo } from '../companyInfo.ts';
import { chartHeight, type MacdParams, type Pane, type PeriodParams, type RsiParams, type StochParams } from '../state/panes.ts';
import { BB_STDDEV, overlayLabel, type Overlay } from '../state/overlays.ts';
import { DEFAULT_SETTINGS, type DisplaySettings } from '../state/settings.ts';
import { adxLines, bollingerLines, cciLine, closeLine, macdLines, movingAverageLine, obvLine, ohlcData, rsiLine, stochLines, volumeBars } from '../series.ts';
import { candleColors, lastPriceAnimation, PRICE_SCALE_MODE, settingsChartOptions, showBarsInView } from '../chartTheme.ts';
import { useThrottled } from '../hooks/useThrottled.ts';
import { useDarkMode } from '../hooks/useDarkMode.ts';
import { clearChart, exposeChart } from '../../../lib/chartDebug.ts';
import { ChartText, useChartText } from '../../../components/index.ts';
import { Legend } from './Legend.tsx';
import { chartKeys } from '../../../lib/chartKeys.ts';

// The /rchart and multi-pane chart: the price pane (candles, line or area, with SMA/EMA overlays) and
// one pane per indicator, on one time scale with a crosshair and resizable separators. The chart is
// rebuilt only when the pane list or the chart type changes (spec §4); parameters, overlays, sizes
// and toggles are applied to the live chart so zoom and scroll survive them. The indicator panes are
// recomputed at the update rate chosen under Performance.

export const MAX_CHART_WIDTH = 1096;
export const LEGEND_DELAY_MS = 300;

type AnySeries = ISeriesApi<SeriesType>;
/** The RSI pane's margins above 100 and below 0, as a share of the pane's height. */
export const RSI_SCALE_MARGIN = 0.04;
/** The price pane's bottom margin (the library's default) and the room kept under the legend. */
const PRICE_BOTTOM_MARGIN = 0.1;
const LEGEND_GAP_PX = 8;
// lightweight-charts brands its time type; our candle times are plain Unix seconds.
const data = <T,>(rows: T[]) => rows as unknown as never[];

interface PaneSeries {
  pane: Pane;
  series: AnySeries[];
  lines: IPriceLine[];
}
interface Built {
  chart: IChartApi;
  main: AnySeries;
  panes: PaneSeries[];
  registry: Record<string, AnySeries>;
  /** Set before chart.remove(): the other effects' cleanups run after the build effect's. */
  disposed: boolean;
}

const LINE_COLORS = { rsi: '#7e57c2', macd: '#2962ff', signal: '#ff6d00', obv: '#0ea5e9', level: '#94a3b8', plusDi: '#16a34a', minusDi: '#dc2626', cci: '#0d9488' };
/** The levels traders read these oscillators by. */
const LEVELS = { stoch: [80, 20], cci: [100, -100], adx: [25] } as const;

function addPaneSeries(chart: IChartApi, pane: Pane, index: number): AnySeries[] {
  const line = { lineWidth: 1 as const, priceLineVisible: false, crosshairMarkerRadius: 3 };
  switch (pane.kind) {
    case 'volume':
      return [chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false, title: 'Volume' }, index)];
    case 'rsi': {
      const rsi = chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.rsi, title: 'RSI', autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }) }, index);
      // The library's default margins (20 % above, 10 % below) stretch the axis to about 125, labelled
      // 120: a few percent keep it at 0–100 with the 0 and 100 lines clear of the pane's edges.
      rsi.priceScale().applyOptions({ scaleMargins: { top: RSI_SCALE_MARGIN, bottom: RSI_SCALE_MARGIN } });
      return [rsi];
    }
    case 'macd':
      return [
        chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, priceFormat: { type: 'price', precision: 4, minMove: 0.0001 } }, index),
        chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.macd, title: 'MACD', priceFormat: { type: 'price', precision: 4, minMove: 0.0001 } }, index),
        chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.signal, title: 'Signal', priceFormat: { type: 'price', precision: 4, minMove: 0.0001 } }, index),
      ];
    case 'obv':
      return [chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.obv, title: 'OBV', priceFormat: { type: 'volume' } }, index)];
    case 'stoch':
      return [
        chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.macd, title: '%K' }, index),
        chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.signal, title: '%D' }, index),
      ];
    case 'adx':
      return [
        chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.rsi, lineWidth: 2, title: 'ADX' }, index),
        chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.plusDi, title: '+DI' }, index),
        chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.minusDi, title: '−DI' }, index),
      ];
    case 'cci':
      return [chart.addSeries(LineSeries, { ...line, color: LINE_COLORS.cci, title: 'CCI' }, index)];
    default:
      return [];
  }
}

/** Fills a pane's series from the candles with the pane's current parameters. */
function fillPane(ps: PaneSeries, candles: readonly Candle[]) {
  const { pane, series } = ps;
  for (const l of ps.lines) series[0].removePriceLine(l);
  ps.lines = [];
  if (pane.kind === 'volume') series[0].setData(data(volumeBars(candles)));
  else if (pane.kind === 'obv') series[0].setData(data(obvLine(candles)));
  else if (pane.kind === 'rsi') {
    const p = pane.params as RsiParams;
    series[0].setData(data(rsiLine(candles, p.period)));
    series[0].applyOptions({ title: `RSI ${p.period}` });
    ps.lines = [p.upper, p.lower].map((price) => series[0].createPriceLine({ price, color: LINE_COLORS.level, lineStyle: LineStyle.Dashed, lineWidth: 1, axisLabelVisible: true, title: '' }));
  } else if (pane.kind === 'macd') {
    const p = pane.params as MacdParams;
    const m = macdLines(candles, p.fast, p.slow, p.signal);
    series[0].setData(data(m.histogram));
    series[1].setData(data(m.macd));
    series[2].setData(data(m.signal));
    series[1].applyOptions({ title: `MACD ${p.fast},${p.slow},${p.signal}` });
  } else if (pane.kind === 'stoch') {
    const p = pane.params as StochParams;
    const s = stochLines(candles, p.period, p.k_smooth, p.d_period);
    series[0].setData(data(s.k));
    series[1].setData(data(s.d));
    series[0].applyOptions({ title: `%K ${p.period},${p.k_smooth},${p.d_period}` });
  } else if (pane.kind === 'adx') {
    const p = pane.params as PeriodParams;
    const d = adxLines(candles, p.period);
    series[0].setData(data(d.adx));
    series[1].setData(data(d.plusDi));
    series[2].setData(data(d.minusDi));
    series[0].applyOptions({ title: `ADX ${p.period}` });
  } else if (pane.kind === 'cci') {
    const p = pane.params as PeriodParams;
    series[0].setData(data(cciLine(candles, p.period)));
    series[0].applyOptions({ title: `CCI ${p.period}` });
  }
  if (pane.kind === 'stoch' || pane.kind === 'cci' || pane.kind === 'adx') {
    ps.lines = LEVELS[pane.kind].map((price) => series[0].createPriceLine({ price, color: LINE_COLORS.level, lineStyle: LineStyle.Dashed, lineWidth: 1, axisLabelVisible: true, title: '' }));
  }
}

export interface PaneChartProps {
  symbol: string;
  candles: readonly Candle[];
  panes: readonly Pane[];
  overlays: readonly Overlay[];
  settings: DisplaySettings;
  company: CompanyInfo | undefined;
  onToggleLegend?: () => void;
  /** Stretch factors by pane id after the user dragged a separator (absent: sizes are not kept). */
  onResizePanes?: (factors: Record<string, number>) => void;
}

/** Spec §9 width 1096, or the container's width when narrower. */
const fitWidth = (wrap: HTMLElement) => Math.max(280, Math.min(MAX_CHART_WIDTH, Math.floor(wrap.clientWidth)));

export function PaneChart({ symbol, candles, panes, overlays, settings, company, onToggleLegend, onResizePanes }: PaneChartProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkMode();
  const [built, setBuilt] = useState<Built | null>(null);
  const [width, setWidth] = useState(MAX_CHART_WIDTH);
  // the index of the bar under the crosshair (the legend reads its close and the one before)
  const [hover, setHover] = useState<number | null>(null);
  const [lastShown, setLastShown] = useState(false);
  const legend = useRef<HTMLDivElement>(null);
  const [legendHeight, setLegendHeight] = useState(0); // from the chart's top edge to the legend's bottom
  const height = chartHeight(panes);

  // Spec §9: width 1096; narrower screens get the container's width so nothing scrolls sideways.
  // Measured before the first paint, so a phone never shows (or scrolls to) a 1096px chart.
  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => setWidth(fitWidth(el));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // The legend sits over the price pane's top-left corner: its height (which grows when it is expanded
  // or wraps on a phone) is kept free above the highest candle, so it never covers the candles.
  useLayoutEffect(() => {
    const el = legend.current;
    if (!el) return;
    const measure = () => setLegendHeight(el.offsetTop + el.offsetHeight); // its top inset and its height
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const byTime = useMemo(() => {
    const m = new Map<number, number>();
    candles.forEach((c, i) => m.set(c.time, i));
    return m;
  }, [candles]);

  const structure = panes.map((p) => `${p.id}:${p.kind}`).join('|') + `|${settings.chartType}|${dark}`;

  useEffect(() => {
    const el = box.current;
    if (!el || !wrap.current) return;
    // The container's width, not the box's: on the first render the box may not have its width yet.
    const w = fitWidth(wrap.current);
    const chart = createChart(el, { ...settingsChartOptions(dark, settings), width: w, height });
    const unkeys = chartKeys(chart, el, () => candles.length);
    const ohlc = ohlcData(candles);
    let main: AnySeries;
    if (settings.chartType === 'line') {
      main = chart.addSeries(LineSeries, { color: '#2962ff', lineWidth: 2, lastPriceAnimation: lastPriceAnimation(settings.animation) });
      main.setData(data(closeLine(candles)));
    } else if (settings.chartType === 'area') {
      main = chart.addSeries(AreaSeries, { lineColor: '#2962ff', topColor: 'rgba(41,98,255,0.35)', bottomColor: 'rgba(41,98,255,0.02)', lineWidth: 2, lastPriceAnimation: lastPriceAnimation(settings.animation) });
      main.setData(data(closeLine(candles)));
    } else {
      main = chart.addSeries(CandlestickSeries, candleColors(settings));
      main.setData(data(ohlc));
    }
    const registry: Record<string, AnySeries> = { price: main };
    const paneSeries: PaneSeries[] = panes
      .filter((p) => p.kind !== 'price')
      .map((pane, i) => {
        const series = addPaneSeries(chart, pane, i + 1);
        series.forEach((s, j) => (registry[j ? `${pane.id}#${j}` : pane.id] = s));
        return { pane, series, lines: [] };
      });
    // The layout's sizes from the start (the library gives a new chart's first pane 2, the rest 1), so
    // no frame, and no pointer release before the effects below run, sees other sizes.
    const chartPanes = chart.panes();
    chartPanes[0]?.setStretchFactor(panes.find((p) => p.kind === 'price')?.stretchFactor ?? 3);
    paneSeries.forEach((ps, i) => chartPanes[i + 1]?.setStretchFactor(ps.pane.stretchFactor));
    main.priceScale().applyOptions({ mode: PRICE_SCALE_MODE[settings.priceScale] });
    showBarsInView(chart, candles.length, settings, w);
    exposeChart(chart, registry);

    const onMove = (param: MouseEventParams<Time>) => {
      const i = param.time === undefined ? undefined : byTime.get(param.time as number);
      setHover(i === undefined ? null : i);
    };
    chart.subscribeCrosshairMove(onMove);
    // Spec §9: the legend shows the last bar after a short first-load delay (the chart has laid out).
    setLastShown(false);
    const timer = setTimeout(() => setLastShown(true), LEGEND_DELAY_MS);
    const b: Built = { chart, main, panes: paneSeries, registry, disposed: false };
    setBuilt(b);
    return () => {
      b.disposed = true;
      clearTimeout(timer);
      chart.unsubscribeCrosshairMove(onMove);
      clearChart(chart);
      unkeys();
      chart.remove();
      setBuilt(null);
    };
    // Rebuilt on new candles or a new pane list / chart type only; the effects below apply the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [candles, structure]);

  // Pane parameters (at the chosen update rate) and stretch factors (at once).
  const ratedPanes = useThrottled(panes, settings.paneUpdateMs);
  useEffect(() => {
    if (!built || built.disposed) return; // a rebuild in this commit disposed it; the new one follows
    const current = new Map(panes.map((p) => [p.id, p]));
    const rated = new Map(ratedPanes.map((p) => [p.id, p]));
    for (const ps of built.panes) {
      const p = current.get(ps.pane.id);
      if (!p) continue;
      // A pane the rated list has not seen yet is drawn with its parameters now.
      const r = rated.get(p.id);
      const params = r && r.kind === p.kind ? r.params : p.params;
      // Recomputed only for new parameters (a kind change rebuilds the chart); a new size alone keeps the data.
      const refill = params !== ps.pane.params || ps.series[0].data().length === 0;
      // eslint-disable-next-line react-hooks/immutability -- `built` holds the chart's imperative handles; effects keep them in step
      ps.pane = params === p.params ? p : { ...p, params };
      if (refill) fillPane(ps, candles);
    }
    const chartPanes = built.chart.panes();
    const ordered = [panes.find((p) => p.kind === 'price'), ...built.panes.map((ps) => ps.pane)];
    ordered.forEach((p, i) => chartPanes[i]?.setStretchFactor(p?.stretchFactor ?? 1));
  }, [built, panes, ratedPanes, candles]);

  // Dragging a separator changes two panes' stretch factors inside the library (their sum kept, so the
  // chart keeps its height) without an event: read them when the pointer is released and keep them in
  // the layout, so they survive parameter edits and reloads instead of snapping back.
  useEffect(() => {
    if (!built || built.disposed || !onResizePanes) return;
    // Chart pane i shows ids[i]: the price pane, then the indicator panes in layout order.
    const ids = [panes.find((p) => p.kind === 'price')?.id ?? 'price', ...built.panes.map((ps) => ps.pane.id)];
    const read = () => {
      if (built.disposed) return;
      const factors: Record<string, number> = {};
      built.chart.panes().forEach((cp, i) => {
        if (ids[i] !== undefined) factors[ids[i]] = cp.getStretchFactor();
      });
      onResizePanes(factors);
    };
    window.addEventListener('pointerup', read, true);
    window.addEventListener('touchend', read, true);
    return () => {
      window.removeEventListener('pointerup', read, true);
      window.removeEventListener('touchend', read, true);
    };
  }, [built, panes, onResizePanes]);

  // Overlays on the price pane.
  useEffect(() => {
    if (!built || built.disposed) return; // a rebuild in this commit disposed it; the new one follows
    const added: AnySeries[] = [];
    for (const o of overlays) {
      if (!o.visible) continue;
      const look = { color: o.color || '#ffa500', priceLineVisible: false, crosshairMarkerVisible: false } as const;
      if (o.type === 'BB') {
        // the bands solid, the middle (their SMA) dashed; one label, on the upper band
        const b = bollingerLines(candles, o.period, BB_STDDEV);
        const lines = [
          { key: 'upper', values: b.upper, title: o.showLabel ? overlayLabel(o) : '', style: LineStyle.Solid },
          { key: 'middle', values: b.middle, title: '', style: LineStyle.Dashed },
          { key: 'lower', values: b.lower, title: '', style: LineStyle.Solid },
        ];
        for (const l of lines) {
          const s = built.chart.addSeries(LineSeries, { ...look, lineWidth: 1, lineStyle: l.style, lastValueVisible: o.showLabel && l.key !== 'middle', title: l.title }, 0);
          s.setData(data(l.values));
          // eslint-disable-next-line react-hooks/immutability -- the registry of the chart's series lives with the chart (see above)
          built.registry[l.key === 'upper' ? `overlay:${o.id}` : `overlay:${o.id}:${l.key}`] = s;
          added.push(s);
        }
        continue;
      }
      const s = built.chart.addSeries(LineSeries, { ...look, lineWidth: 2, lastValueVisible: o.showLabel, title: o.showLabel ? overlayLabel(o) : '' }, 0);
      s.setData(data(movingAverageLine(candles, o.type, o.period)));
      built.registry[`overlay:${o.id}`] = s;
      added.push(s);
    }
    return () => {
      if (!built.disposed) for (const s of added) built.chart.removeSeries(s);
      for (const k of Object.keys(built.registry)) if (k.startsWith('overlay:')) delete built.registry[k];
    };
  }, [built, overlays, candles]);

  // The text alternative, after the effects above have drawn every series: the registry names the
  // series the chart shows untitled (the price, a MACD's histogram, unlabelled overlays, the outer
  // Bollinger bands).
  const text = useChartText();
  const { describe } = text;
  useEffect(() => {
    if (!built || built.disposed) return;
    const names = new Map<AnySeries, string>([[built.main, symbol]]);
    for (const ps of built.panes) if (ps.pane.kind === 'macd') names.set(ps.series[0], 'MACD histogram');
    for (const o of overlays) {
      for (const [key, name] of [['', overlayLabel(o)], [':middle', `${overlayLabel(o)} middle`], [':lower', `${overlayLabel(o)} lower`]]) {
        const s = built.registry[`overlay:${o.id}${key}`];
        if (s) names.set(s, key === '' && o.type === 'BB' ? `${overlayLabel(o)} upper` : name);
      }
    }
    describe(built.chart, names);
  }, [built, panes, overlays, candles, symbol, describe]);

  // Toggles, Appearance and Performance settings, and size.
  const { showGridlines, showRealTimePrice, upColor, downColor, background, crosshair, priceScale, animation, barsInView } = settings;
  useEffect(() => {
    if (!built || built.disposed) return; // a rebuild in this commit disposed it; the new one follows
    const s = { ...DEFAULT_SETTINGS, showGridlines, background, crosshair, animation };
    const { layout, grid, crosshair: crosshairOptions, kineticScroll } = settingsChartOptions(dark, s);
    built.chart.applyOptions({ layout, grid, crosshair: crosshairOptions, kineticScroll });
    built.main.applyOptions({ lastValueVisible: showRealTimePrice, priceLineVisible: showRealTimePrice });
    if (built.main.seriesType() === 'Candlestick') built.main.applyOptions(candleColors({ upColor, downColor }));
    else built.main.applyOptions({ lastPriceAnimation: lastPriceAnimation(animation) });
    built.main.priceScale().applyOptions({ mode: PRICE_SCALE_MODE[priceScale] });
  }, [built, dark, showGridlines, showRealTimePrice, upColor, downColor, background, crosshair, priceScale, animation]);
  // A new count of bars in view moves the view at once; the build above opens every chart on it.
  const barsApplied = useRef(barsInView);
  useEffect(() => {
    if (!built || built.disposed || !wrap.current || barsApplied.current === barsInView) return;
    barsApplied.current = barsInView;
    showBarsInView(built.chart, candles.length, { barsInView }, fitWidth(wrap.current));
  }, [built, barsInView, candles]);
  useEffect(() => {
    if (built && !built.disposed) built.chart.resize(width, height);
  }, [built, width, height]);
  useEffect(() => {
    if (!built || built.disposed) return;
    const price = panes.find((p) => p.kind === 'price')?.stretchFactor ?? 1;
    const total = panes.reduce((sum, p) => sum + p.stretchFactor, 0) || 1;
    const paneHeight = built.chart.panes()[0]?.getHeight() || (height * price) / total;
    const top = Math.min(0.6, Math.max(0.05, (legendHeight + LEGEND_GAP_PX) / paneHeight));
    built.main.priceScale().applyOptions({ scaleMargins: { top, bottom: PRICE_BOTTOM_MARGIN } });
  }, [built, panes, height, width, legendHeight]);

  const barIndex = hover ?? (lastShown && candles.length ? candles.length - 1 : null);
  const bar = barIndex === null ? null : (candles[barIndex] ?? null);
  const prevClose = barIndex ? (candles[barIndex - 1]?.close ?? null) : null;
  return (
    <div ref={wrap} className="w-full">
      <div className="relative overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" style={{ width, height }}>
        <div ref={box} data-testid="chart" role="img" aria-label={`${symbol} chart`} aria-describedby={text.id} style={{ width, height }} />
        <Legend ref={legend} symbol={symbol} company={company} bar={bar} prevClose={prevClose} compact={settings.compactLegend} expanded={settings.expandedLegend} onToggle={onToggleLegend} />
      </div>
      <ChartText {...text} />
    </div>
  );
}
