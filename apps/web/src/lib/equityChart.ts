import { AreaSeries, LineSeries, LineStyle, type IChartApi, type UTCTimestamp } from 'lightweight-charts';
import type { EquityCurve } from '@app/contract';
import { PERCENT_1, WHOLE_DOLLARS } from './chartTheme.ts';

// The equity and drawdown panes of a backtest, drawn the same on the Backtest screen and on the
// static chart page (/public/chart.html): the strategy's equity beside buying and holding with the
// same cash, and the strategy's drawdown from its running peak in the pane below.

export const EQUITY_COLORS = { strategy: '#2563eb', buyHold: '#94a3b8', drawdown: '#dc2626' } as const;

export interface EquityTitles {
  strategy: string;
  buyHold: string;
  drawdown: string;
}

/** Room above and below a small pane's line so the axis labels at its edges stay inside the pane. */
export const PANE_LABEL_MARGINS = { top: 0.12, bottom: 0.12 } as const;

/** Adds equity and buy & hold to pane `pane` and the drawdown (in percent) to pane `pane + 1`. */
export function addEquityPanes(chart: IChartApi, curve: EquityCurve, pane: number, titles: EquityTitles): void {
  const t = (i: number) => curve.time[i] as UTCTimestamp;
  const line = { lineWidth: 2, priceLineVisible: false, priceFormat: WHOLE_DOLLARS } as const;
  const strategy = chart.addSeries(LineSeries, { ...line, color: EQUITY_COLORS.strategy, title: titles.strategy }, pane);
  strategy.setData(curve.equity.map((v, i) => ({ time: t(i), value: v })));
  const hold = chart.addSeries(LineSeries, { ...line, color: EQUITY_COLORS.buyHold, lineStyle: LineStyle.Dashed, title: titles.buyHold }, pane);
  hold.setData(curve.buy_hold.map((v, i) => ({ time: t(i), value: v })));
  const drawdown = chart.addSeries(
    AreaSeries,
    {
      lineColor: EQUITY_COLORS.drawdown,
      topColor: 'rgba(220,38,38,0.05)',
      bottomColor: 'rgba(220,38,38,0.35)',
      lineWidth: 1,
      title: titles.drawdown,
      priceLineVisible: false,
      priceFormat: PERCENT_1,
    },
    pane + 1,
  );
  drawdown.setData(curve.drawdown.map((v, i) => ({ time: t(i), value: v * 100 })));
  // The drawdown's 0 % sits on the pane's top edge: without a margin its axis label spills over the
  // label of the pane above (the RSI's or the equity's) and the two overlap.
  drawdown.priceScale().applyOptions({ scaleMargins: PANE_LABEL_MARGINS });
}

/** A benchmark's equity (bought with the same cash; null before its first bar) as a dotted amber line
 *  on the equity pane, as the portfolio and rotation charts draw it. */
export const BENCHMARK_COLOR = '#d97706';
export function addBenchmarkLine(chart: IChartApi, benchmark: { symbol: string; equity: (number | null)[] }, time: readonly UTCTimestamp[], pane: number): void {
  const line = chart.addSeries(LineSeries, { lineWidth: 1, color: BENCHMARK_COLOR, lineStyle: LineStyle.Dotted, priceLineVisible: false, priceFormat: WHOLE_DOLLARS, title: benchmark.symbol }, pane);
  line.setData(benchmark.equity.flatMap((v, i) => (v === null ? [] : [{ time: time[i], value: v }])));
}
