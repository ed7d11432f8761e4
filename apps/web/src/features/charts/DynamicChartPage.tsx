import { useParams } from 'react-router';
import { Page, StarToggle } from '../../components/index.ts';
import { useDailyHistory } from './api.ts';
import { HistoryView } from './components/HistoryView.tsx';
import { CHART_TEXT } from './texts.ts';

/** /dchart/{symbol}/: the full daily history (spec §2). */
export default function DynamicChartPage() {
  const symbol = (useParams().symbol ?? '').toUpperCase();
  const q = useDailyHistory(symbol);
  return (
    <Page compact tabTitle title={CHART_TEXT.dynamicTitle(symbol)} actions={<StarToggle symbol={symbol} />}>
      <HistoryView symbol={symbol} isPending={q.isPending} error={q.error} data={q.data} />
    </Page>
  );
}
