import { ErrorText, Loading } from '../../../components/index.ts';
import type { HistoryResult } from '../api.ts';
import { CHART_TEXT } from '../texts.ts';
import { CandleChart } from './CandleChart.tsx';

/** Loading..., then the red message (if any) above the chart; an error clears the data (spec §4). */
export function HistoryView({ isPending, error, data }: { isPending: boolean; error: Error | null; data: HistoryResult | undefined }) {
  if (isPending) return <Loading text={CHART_TEXT.loading} />;
  const message = error ? error.message : data?.message;
  return (
    <div className="space-y-3">
      <ErrorText>{message}</ErrorText>
      <CandleChart candles={error ? [] : (data?.candles ?? [])} />
    </div>
  );
}
