import { useEffect, useRef } from 'react';
import { createChart, HistogramSeries } from 'lightweight-charts';
import type { PortfolioResult } from '@app/contract';
import { Card, CardHeader, ChartText, useChartText } from '../../../components/index.ts';
import { chartOptions, isDarkMode } from '../../../lib/chartTheme.ts';
import { addBenchmarkLine, addEquityPanes } from '../../../lib/equityChart.ts';
import { chartTime } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';
import { chartKeys } from '../../../lib/chartKeys.ts';

const POSITIONS_COLOR = 'rgba(37,99,235,0.55)';

/** The app's chart look, with dates only on the time axis (one point per trading day). */
function options(dark: boolean) {
  const o = chartOptions(dark);
  return { ...o, timeScale: { ...o.timeScale, timeVisible: false } };
}

/** The portfolio's equity beside the same cash in an equal-weight basket of the universe (and SPY
 *  when the market has it), its drawdown below, and the number of positions held below that — drawn
 *  by lib/equityChart.ts as the Backtest screen's equity chart is. Follows the light/dark theme. */
export function PortfolioChart({ result }: { result: PortfolioResult }) {
  const ref = useRef<HTMLDivElement>(null);
  const text = useChartText();
  const { describe } = text;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = createChart(el, { ...options(isDarkMode()), autoSize: true });
    const unkeys = chartKeys(chart, el, () => result.time.length);
    const time = result.time.map(chartTime);
    addEquityPanes(chart, { time, equity: result.equity, drawdown: result.drawdown, buy_hold: result.equal_weight }, 0, {
      strategy: MANY_TEXT.portfolio,
      buyHold: MANY_TEXT.equalWeight,
      drawdown: MANY_TEXT.drawdown,
    });
    if (result.benchmark) addBenchmarkLine(chart, result.benchmark, time, 0);
    const positions = chart.addSeries(HistogramSeries, { color: POSITIONS_COLOR, priceLineVisible: false, priceFormat: { type: 'price', precision: 0, minMove: 1 }, title: MANY_TEXT.positions }, 2);
    positions.setData(result.positions.map((v, i) => ({ time: time[i], value: v })));
    chart.panes()[0]?.setStretchFactor(3);
    chart.panes()[1]?.setStretchFactor(1);
    chart.panes()[2]?.setStretchFactor(1);
    chart.timeScale().fitContent();
    describe(chart);

    // The app toggles the `dark` class on <html>; follow it.
    const observer = new MutationObserver(() => chart.applyOptions(options(isDarkMode())));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      unkeys();
      chart.remove();
    };
  }, [result, describe]);

  return (
    <Card>
      <CardHeader
        title={MANY_TEXT.equityTitle}
        subtitle={
          <span className="flex flex-wrap gap-x-4">
            <span><span className="mr-1 inline-block h-0.5 w-4 bg-blue-600 align-middle" />{MANY_TEXT.portfolio}</span>
            <span><span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-slate-400 align-middle" />{MANY_TEXT.equalWeight}</span>
            {result.benchmark && <span><span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dotted border-amber-600 align-middle" />{result.benchmark.symbol}</span>}
            <span><span className="mr-1 inline-block h-2 w-4 bg-red-600/40 align-middle" />{MANY_TEXT.drawdown}</span>
            <span><span className="mr-1 inline-block h-2 w-4 bg-blue-600/50 align-middle" />{MANY_TEXT.positions}</span>
          </span>
        }
      />
      <div ref={ref} className="h-[26rem] w-full sm:h-[32rem]" data-testid="portfolio-chart" role="img" aria-label={MANY_TEXT.equityTitle} aria-describedby={text.id} />
      <ChartText {...text} />
    </Card>
  );
}
