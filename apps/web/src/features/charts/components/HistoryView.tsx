import { SYMBOL_NOT_FOUND } from '@app/contract';
import { DemoMarketNote, ErrorText, Loading } from '../../../components/index.ts';
import type { HistoryResult } from '../api.ts';
import { CHART_TEXT } from '../texts.ts';
import { CandleChart } from './CandleChart.tsx';

/** Loading..., then the red message (if any) above the chart; an error clears the data (spec §4).
 *  A ticker the demo market lacks also gets why, and the way to load real data. */
export function HistoryView({ symbol, isPending, error, data }: { symbol?: string; isPending: boolean; error: Error | null; data: HistoryResult | undefined }) {
  if (isPending) return <Loading text={CHART_TEXT.loading} />;
  const message = error ? error.message : data?.message;
  return (
    <div className="space-y-3">
      <ErrorText>{message}</ErrorText>
      {symbol && message === SYMBOL_NOT_FOUND && <DemoMarketNote symbol={symbol} chartLinks />}
      <CandleChart symbol={symbol ?? ''} candles={error ? [] : (data?.candles ?? [])} />
    </div>
  );
}
