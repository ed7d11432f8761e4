import { useEffect, useRef } from 'react';
import { createChart } from 'lightweight-charts';
import type { EquityCurve, MonteCarlo } from '@app/contract';
import { Card, CardHeader, ChartText, useChartText } from '../../../components/index.ts';
import { chartOptions, isDarkMode } from '../../../lib/chartTheme.ts';
import { addEquityPanes } from '../../../lib/equityChart.ts';
import { STUDIES_TEXT } from '../texts.ts';
import { addMonteCarloBand, BAND_COLOR } from '../../../lib/monteCarloBand.ts';
import { MONTE_CARLO_TEXT } from '../../../lib/luckText.ts';
import { chartKeys } from '../../../lib/chartKeys.ts';
import { fitWholeRange } from '../../../lib/fitWholeRange.ts';
import { clearChart, exposeChart } from '../../../lib/chartDebug.ts';

/** The strategy's equity beside buying and holding the stock with the same cash, and the
 *  strategy's drawdown in a pane below. Follows the light/dark theme. */
export function EquityChart({ equity, band }: { equity: EquityCurve; band?: MonteCarlo['band'] | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const text = useChartText();
  const { describe } = text;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = createChart(el, { ...chartOptions(isDarkMode()), autoSize: true });
    const unkeys = chartKeys(chart, el, () => equity.time.length);
    addEquityPanes(chart, equity, 0, STUDIES_TEXT);
    if (band) addMonteCarloBand(chart, band, 0, MONTE_CARLO_TEXT.band);
    chart.panes()[0]?.setStretchFactor(3);
    chart.panes()[1]?.setStretchFactor(1);
    // the whole period in view, also on a phone's narrow chart
    const unfit = fitWholeRange(chart, equity.time.length);
    describe(chart);
    exposeChart(chart, {});

    // The app toggles the `dark` class on <html>; follow it.
    const observer = new MutationObserver(() => chart.applyOptions(chartOptions(isDarkMode())));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      unfit();
      unkeys();
      clearChart(chart);
      chart.remove();
    };
  }, [equity, band, describe]);

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
              {band && (
                <span data-testid="mc-band-legend">
                  <span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dotted align-middle" style={{ borderColor: BAND_COLOR }} />
                  {MONTE_CARLO_TEXT.band}
                </span>
              )}
            </span>
          ) : undefined
        }
      />
      <div ref={ref} className="h-80 w-full sm:h-96" data-testid="equity-chart" role="img" aria-label={STUDIES_TEXT.equityTitle} aria-describedby={text.id} />
      <ChartText {...text} />
    </Card>
  );
}
