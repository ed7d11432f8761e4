import { useEffect, useRef } from 'react';
import { CandlestickSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import type { Candle } from '@app/contract';
import { ohlcData } from '../series.ts';
import { candleStyle, chartOptions, recentBars, showRecent } from '../chartTheme.ts';
import { useDarkMode } from '../hooks/useDarkMode.ts';
import { clearChart, exposeChart } from '../../../lib/chartDebug.ts';

/** A 400px-high candlestick chart as wide as its container (/chart and /dchart). */
export function CandleChart({ candles, height = 400 }: { candles: readonly Candle[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkMode();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, { ...chartOptions(dark), autoSize: true });
    const series = chart.addSeries(CandlestickSeries, candleStyle);
    series.setData(ohlcData(candles) as { time: UTCTimestamp; open: number; high: number; low: number; close: number }[]);
    showRecent(chart, candles.length, recentBars(el.clientWidth));
    exposeChart(chart, { price: series });
    return () => {
      clearChart(chart);
      chart.remove();
    };
  }, [candles, dark]);

  return <div ref={box} data-testid="chart" className="w-full overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" style={{ height }} />;
}
