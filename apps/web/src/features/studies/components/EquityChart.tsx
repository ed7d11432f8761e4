import { useEffect, useRef } from 'react';
import { AreaSeries, ColorType, createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import type { EquityCurve } from '@app/contract';
import { Card, CardHeader } from '../../../components/index.ts';

/** Account values on the axis as whole dollars with separators ("25,251", not "25250.60"). */
const DOLLARS = { type: 'custom' as const, minMove: 1, formatter: (v: number) => Math.round(v).toLocaleString('en-US') };
import { STUDIES_TEXT } from '../texts.ts';

const isDark = () => document.documentElement.classList.contains('dark');

function themeOptions(dark: boolean) {
  const grid = dark ? '#1e293b' : '#eef2f6';
  return {
    layout: {
      background: { type: ColorType.Solid, color: dark ? '#0f172a' : '#ffffff' },
      textColor: dark ? '#cbd5e1' : '#334155',
      attributionLogo: false,
      panes: { separatorColor: dark ? '#334155' : '#cbd5e1' },
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    rightPriceScale: { borderColor: dark ? '#334155' : '#cbd5e1' },
    timeScale: { borderColor: dark ? '#334155' : '#cbd5e1' },
  };
}

/** The strategy's equity beside buying and holding the stock with the same cash, and the
 *  strategy's drawdown in a pane below. Follows the light/dark theme. */
export function EquityChart({ equity }: { equity: EquityCurve }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = createChart(el, { ...themeOptions(isDark()), autoSize: true, crosshair: { mode: 0 } });
    const t = (i: number) => equity.time[i] as UTCTimestamp;
    const strategy = chart.addSeries(LineSeries, { color: '#2563eb', lineWidth: 2, title: STUDIES_TEXT.strategy, priceLineVisible: false, priceFormat: DOLLARS });
    const hold = chart.addSeries(LineSeries, { color: '#94a3b8', lineWidth: 2, lineStyle: 2, title: STUDIES_TEXT.buyHold, priceLineVisible: false, priceFormat: DOLLARS });
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
        priceFormat: { type: 'custom', formatter: (v: number) => `${v.toFixed(1)}%`, minMove: 0.01 },
      },
      1,
    );
    dd.setData(equity.drawdown.map((v, i) => ({ time: t(i), value: v * 100 })));
    chart.panes()[0]?.setStretchFactor(3);
    chart.panes()[1]?.setStretchFactor(1);
    chart.timeScale().fitContent();

    // The app toggles the `dark` class on <html>; follow it.
    const observer = new MutationObserver(() => chart.applyOptions(themeOptions(isDark())));
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
