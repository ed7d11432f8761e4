import { useCallback, useId, useState } from 'react';
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import { chartText } from '../lib/chartText.ts';

/** A chart's text alternative: `describe(chart)` once its series are drawn; the chart's box (role
 *  "img") takes `id` as its aria-describedby, and <ChartText {...t} /> renders the words. */
export function useChartText() {
  const id = useId();
  const [text, setText] = useState('');
  const describe = useCallback((chart: IChartApi, names?: ReadonlyMap<ISeriesApi<SeriesType>, string>) => setText(chartText(chart, names)), []);
  return { id, text, describe };
}

/** The last value of each series (lib/chartText.ts), for screen readers only; a change (new data, a
 *  new overlay) is announced. */
export function ChartText({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="sr-only" aria-live="polite" data-testid="chart-text">
      {text}
    </p>
  );
}
