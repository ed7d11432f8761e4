import { useEffect, useRef } from 'react';
import { AreaSeries, createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import type { EquityCurve } from '@app/contract';
import { Card, CardHeader } from '../../../components/index.ts';
import { chartOptions, isDarkMode, PERCENT_1, WHOLE_DOLLARS } from '../../../lib/chartTheme.ts';

import { STUDIES_TEXT } from '../texts.ts';



/** The strategy's equity beside buying and holding the stock with the same cash, and the
 *  strategy's drawdown in a pane below. Follows the light/dark theme. */
export function EquityChart({ equity }: { equity: EquityCurve }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = createChart(el, { ...chartOptions(isDarkMode()), autoSize: true });
    const t = (i: number) => equity.time[i] as UTCTimestamp;
    const strategy = chart.addSeries(LineSeries, { color: '#2563eb', lineWidth: 2, title: STUDIES_TEXT.strategy, priceLineVisible: false, priceFormat: WHOLE_DOLLARS });
    const hold = chart.addSeries(LineSeries, { color: '#94a3b8', lineWidth: 2, lineStyle: 2, title: STUDIES_TEXT.buyHold, priceLineVisible: false, priceFormat: WHOLE_DOLLARS });
    strategy.setData(equity.equity.map((v, i) => ({ time: t(i), value: v })));
    hold.setData(equity.buy_hold.map((v, i) => ({ time: t(i), value: v })));
    const dd = chart.addSeries(
      AreaSeries,
      {
        lineColor: '#dc2626',
        topColor: 'rgba(220,38,38,0.05)',
        bottomColor: 'rgba(220,38,38,0.35)',
        lineWidth: 1,
        title: STUDIES_TEXT.drawdown,
        priceLineVisible: false,
        priceFormat: PERCENT_1,
      },
      1,
    );
    dd.setData(equity.drawdown.map((v, i) => ({ time: t(i), value: v * 100 })));
    chart.panes()[0]?.setStretchFactor(3);
    chart.panes()[1]?.setStretchFactor(1);
    chart.timeScale().fitContent();

    // The app toggles the `dark` class on <html>; follow it.
    const observer = new MutationObserver(() => chart.applyOptions(chartOptions(isDarkMode())));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      chart.remove();
    };
  }, [equity]);

  const last = equity.equity.length - 1;
  return (
    <Card>
      <CardHeader
        title={STUDIES_TEXT.equityTitle}
        subtitle={
          last >= 0 ? (
            <span className="flex flex-wrap gap-x-4">
              <span><span className="mr-1 inline-block h-0.5 w-4 bg-blue-600 align-middle" />{STUDIES_TEXT.strategy}</span>
              <span><span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-slate-400 align-middle" />{STUDIES_TEXT.buyHold}</span>
              <span><span className="mr-1 inline-block h-2 w-4 bg-red-600/40 align-middle" />{STUDIES_TEXT.drawdown}</span>
            </span>
          ) : undefined
        }
      />
      <div ref={ref} className="h-80 w-full sm:h-96" data-testid="equity-chart" role="img" aria-label={STUDIES_TEXT.equityTitle} />
    </Card>
  );
}
