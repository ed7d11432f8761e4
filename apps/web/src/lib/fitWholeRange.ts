import type { IChartApi } from 'lightweight-charts';

/** Opens a chart on all of its bars, first to last. lightweight-charts keeps bars at least 0.5 px
 *  apart by default, so fitContent alone shows only the last ~2,400 bars at 1280 px (a decade
 *  opens some years in) and the last ~2.5 years on a phone. The fit waits for the chart's first
 *  measured width (autoSize measures after creation), lets the bars sit closer when they must, and
 *  keeps the fitted range when the box is resized; zooming in afterwards works as usual. */
export function fitWholeRange(chart: IChartApi, bars: number): () => void {
  const scale = chart.timeScale();
  const onSize = (width: number) => {
    if (width <= 0) return;
    scale.unsubscribeSizeChange(onSize);
    // half the spacing that just fits, so a narrower box later still holds every bar
    scale.applyOptions({ minBarSpacing: Math.min(0.5, width / Math.max(1, bars) / 2), lockVisibleTimeRangeOnResize: true });
    scale.fitContent();
  };
  scale.subscribeSizeChange(onSize);
  onSize(scale.width());
  return () => scale.unsubscribeSizeChange(onSize);
}
