import { useEffect, useRef } from 'react';
import { CandlestickSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import type { Candle } from '@app/contract';
import { ohlcData } from '../series.ts';
import { candleColors, PRICE_SCALE_MODE, settingsChartOptions, showBarsInView } from '../chartTheme.ts';
import { useSavedDisplaySettings } from '../hooks/useChartState.ts';
import { useDarkMode } from '../hooks/useDarkMode.ts';
import { clearChart, exposeChart } from '../../../lib/chartDebug.ts';
import { ChartText, useChartText } from '../../../components/index.ts';
import { chartKeys } from '../../../lib/chartKeys.ts';

/** A 400px-high candlestick chart as wide as its container (/chart and /dchart), and its last candle
 *  in words for screen readers. It takes the Appearance and Performance settings chosen on /rchart. */
export function CandleChart({ symbol, candles, height = 400 }: { symbol: string; candles: readonly Candle[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkMode();
  const settings = useSavedDisplaySettings();
  const text = useChartText();
  const { describe } = text;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, { ...settingsChartOptions(dark, settings), autoSize: true });
    const unkeys = chartKeys(chart, el, () => candles.length);
    const series = chart.addSeries(CandlestickSeries, candleColors(settings));
    series.priceScale().applyOptions({ mode: PRICE_SCALE_MODE[settings.priceScale] });
    series.setData(ohlcData(candles) as { time: UTCTimestamp; open: number; high: number; low: number; close: number }[]);
    showBarsInView(chart, candles.length, settings, el.clientWidth);
    exposeChart(chart, { price: series });
    describe(chart, new Map([[series, symbol || 'Price']]));
    return () => {
      clearChart(chart);
      unkeys();
      chart.remove();
    };
  }, [candles, dark, symbol, describe, settings]);

  return (
    <>
      <div ref={box} data-testid="chart" role="img" aria-label={`${symbol} price chart`.trim()} aria-describedby={text.id} className="w-full overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" style={{ height }} />
      <ChartText {...text} />
    </>
  );
}
