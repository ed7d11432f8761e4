import { useEffect, useRef } from 'react';
import { createChart, LineSeries, LineStyle, type Time } from 'lightweight-charts';
import type { Indicator, OptimizationRequest, OptimizationResult } from '@app/contract';
import { Alert, Card, CardBody, CardHeader, ChartText, useChartText } from '../../../components/index.ts';
import { chartOptions, isDarkMode, WHOLE_DOLLARS } from '../../../lib/chartTheme.ts';
import { EQUITY_COLORS } from '../../../lib/equityChart.ts';
import { foldGap, paramLabel, showValue } from '../grid.ts';
import { formatValue } from '../heatmap.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';
import { chartKeys } from '../../../lib/chartKeys.ts';

type Walk = NonNullable<OptimizationResult['walk_forward']>;

interface Props {
  request: OptimizationRequest;
  walk: Walk;
  rows: readonly Pick<Indicator, 'name' | 'indicator_type'>[];
}

/** A walk-forward analysis: its efficiency, one table row per fold (windows, the in-sample best
 *  values, the objective in and out of sample), and the stitched out-of-sample equity beside the
 *  whole period's best cell run over the same days. */
export function WalkForward({ request, walk, rows }: Props) {
  const values = (params: Walk['folds'][number]['params']) =>
    params === null ? '—' : request.params.map((p, k) => `${paramLabel(rows, p)} ${showValue(p, params[k])}`).join(', ');
  const noOosTrades = walk.folds.every((f) => !f.out_of_sample_stats || !f.out_of_sample_stats['# Trades']);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title={T.walkTitle} subtitle={T.efficiencyHint} />
        <CardBody className="space-y-1">
          <p className="text-sm text-slate-600 dark:text-slate-300">{T.efficiency}</p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="wf-efficiency">
            {walk.efficiency === null ? '—' : `${(walk.efficiency * 100).toFixed(0)} %`}
          </p>
          {noOosTrades ? (
            <div data-testid="wf-no-trades">
              <Alert tone="warning" title={T.noOosTrades}>{T.noOosTradesFix}</Alert>
            </div>
          ) : (
            walk.efficiency === null && <p className="text-xs text-slate-500 dark:text-slate-400">{T.noEfficiency}</p>
          )}
        </CardBody>
        <div className="overflow-x-auto border-t border-slate-200 dark:border-slate-800" data-scroll-x>
          <table className="w-full text-sm" aria-label={T.walkTitle}>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">{T.fold}</th>
                <th scope="col" className="px-3 py-2 text-left whitespace-nowrap">{T.inSampleWindow}</th>
                <th scope="col" className="px-3 py-2 text-left whitespace-nowrap">{T.outOfSampleWindow}</th>
                <th scope="col" className="px-3 py-2 text-left">{T.bestParams}</th>
                <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">{T.isValue(request.objective)}</th>
                <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">{T.oosValue(request.objective)}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {walk.folds.map((f, k) => (
                <tr key={k} data-testid="wf-fold">
                  <td className="px-3 py-1.5 tabular-nums">{k + 1}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{f.in_sample.start} → {f.in_sample.end}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{f.out_of_sample.start} → {f.out_of_sample.end}</td>
                  <td className="min-w-48 px-3 py-1.5">{values(f.params)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    <FoldValue value={f.in_sample_value} objective={request.objective} why={foldGap(f, request, 'in')} />
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    <FoldValue value={f.out_of_sample_value} objective={request.objective} why={foldGap(f, request, 'out')} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {walk.out_of_sample.time.length > 0 && <WalkForwardChart walk={walk} />}
    </div>
  );
}

/** A fold's number, or a dash with the reason it has none beside it (and read out with it). */
function FoldValue({ value, objective, why }: { value: number | null; objective: string; why: string | null }) {
  if (value !== null || why === null) return <>{formatValue(value, objective)}</>;
  return (
    <span className="inline-flex flex-col items-end">
      <span aria-hidden="true">—</span>
      <span className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400" data-testid="wf-why">{why}</span>
    </span>
  );
}

/** Two equity lines on one time axis: the honest out-of-sample account and the hindsight one. */
function WalkForwardChart({ walk }: { walk: Walk }) {
  const ref = useRef<HTMLDivElement>(null);
  const text = useChartText();
  const { describe } = text;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = createChart(el, { ...chartOptions(isDarkMode()), autoSize: true });
    const unkeys = chartKeys(chart, el, () => walk.out_of_sample.time.length);
    const { time, equity } = walk.out_of_sample;
    const line = { lineWidth: 2, priceLineVisible: false, priceFormat: WHOLE_DOLLARS } as const;
    const points = (ys: number[]) => ys.slice(0, time.length).map((value, i) => ({ time: time[i] as Time, value }));
    chart.addSeries(LineSeries, { ...line, color: EQUITY_COLORS.buyHold, lineStyle: LineStyle.Dashed, title: T.isLine }).setData(points(walk.in_sample.equity));
    chart.addSeries(LineSeries, { ...line, color: EQUITY_COLORS.strategy, title: T.oosLine }).setData(points(equity));
    chart.timeScale().fitContent();
    describe(chart);
    const observer = new MutationObserver(() => chart.applyOptions(chartOptions(isDarkMode())));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      unkeys();
      chart.remove();
    };
  }, [walk, describe]);
  return (
    <Card>
      <CardHeader
        title={T.walkChart}
        subtitle={
          <span className="flex flex-wrap gap-x-4">
            <span><span className="mr-1 inline-block h-0.5 w-4 bg-blue-600 align-middle" />{T.oosLine}</span>
            <span><span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-slate-400 align-middle" />{T.isLine}</span>
          </span>
        }
      />
      <div ref={ref} className="h-72 w-full sm:h-80" data-testid="wf-chart" role="img" aria-label={T.walkChart} aria-describedby={text.id} />
      <ChartText {...text} />
    </Card>
  );
}
