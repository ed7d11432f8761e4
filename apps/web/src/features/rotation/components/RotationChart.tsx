import { useEffect, useRef } from 'react';
import { createChart, type UTCTimestamp } from 'lightweight-charts';
import type { RotationResult } from '@app/contract';
import { Card, CardHeader, ChartText, useChartText } from '../../../components/index.ts';
import { chartOptions, isDarkMode } from '../../../lib/chartTheme.ts';
import { addBenchmarkLine, addEquityPanes } from '../../../lib/equityChart.ts';
import { chartKeys } from '../../../lib/chartKeys.ts';
import { ROTATION_SCREEN as T } from '../texts.ts';

const chartTime = (day: string) => (Date.parse(`${day}T00:00:00Z`) / 1000) as UTCTimestamp;

function options(dark: boolean) {
  const o = chartOptions(dark);
  return { ...o, timeScale: { ...o.timeScale, timeVisible: false } };
}

/** The drawdown from the running peak at each day, as a fraction ≤ 0. */
function drawdown(equity: number[]): number[] {
  let peak = -Infinity;
  return equity.map((e) => {
    peak = Math.max(peak, e);
    return e / peak - 1;
  });
}

/** The rotation's equity beside the same cash in an equal-weight basket of the universe and in the
 *  benchmark, its drawdown below: the portfolio screen's chart (lib/equityChart.ts). */
export function RotationChart({ result }: { result: RotationResult }) {
  const ref = useRef<HTMLDivElement>(null);
  const text = useChartText();
  const { describe } = text;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = createChart(el, { ...options(isDarkMode()), autoSize: true });
    const unkeys = chartKeys(chart, el, () => result.time.length);
    const time = result.time.map(chartTime);
    addEquityPanes(chart, { time, equity: result.equity, drawdown: drawdown(result.equity), buy_hold: result.equal_weight }, 0, {
      strategy: T.rotation,
      buyHold: T.equalWeight,
      drawdown: T.drawdown,
    });
    if (result.benchmark) addBenchmarkLine(chart, result.benchmark, time, 0);
    chart.panes()[0]?.setStretchFactor(3);
    chart.panes()[1]?.setStretchFactor(1);
    chart.timeScale().fitContent();
    describe(chart);
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
        title={T.chartTitle}
        subtitle={
          <span className="flex flex-wrap gap-x-4" data-testid="chart-legend">
            <span><span className="mr-1 inline-block h-0.5 w-4 bg-blue-600 align-middle" />{T.rotation}</span>
            <span><span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-slate-400 align-middle" />{T.equalWeight}</span>
            {result.benchmark && <span><span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dotted border-amber-600 align-middle" />{result.benchmark.symbol}</span>}
            <span><span className="mr-1 inline-block h-2 w-4 bg-red-600/40 align-middle" />{T.drawdown}</span>
          </span>
        }
      />
      <div ref={ref} className="h-[26rem] w-full sm:h-[32rem]" data-testid="rotation-chart" data-benchmark={result.benchmark?.symbol ?? ''} role="img" aria-label={T.chartTitle} aria-describedby={text.id} />
      <ChartText {...text} />
    </Card>
  );
}
