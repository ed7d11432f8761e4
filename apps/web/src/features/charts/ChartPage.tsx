import { useNavigate, useParams } from 'react-router';
import { Page, Select, StarToggle } from '../../components/index.ts';
import { useHistory } from './api.ts';
import { HistoryView } from './components/HistoryView.tsx';
import { FREQUENCIES } from './texts.ts';

const parseFrequency = (v: string | undefined) => (v === '1' ? 1 : v === '2' ? 2 : 0);

/** /chart/{symbol}/{frequencyID?}: candles at a frequency; the selector navigates (spec §2). */
export default function ChartPage() {
  const params = useParams();
  const symbol = (params.symbol ?? '').toUpperCase();
  const frequencyID = parseFrequency(params.frequencyID);
  const navigate = useNavigate();
  const q = useHistory(symbol, frequencyID);
  return (
    <Page
      compact
      tabTitle
      title={symbol}
      actions={
        <>
          <StarToggle symbol={symbol} />
          <Select
            label="Frequency"
            wrapperClassName="flex items-center gap-2 space-y-0"
            className="w-36"
            value={frequencyID}
            onChange={(e) => navigate(`/chart/${encodeURIComponent(params.symbol ?? symbol)}/${e.target.value}`)}
            options={FREQUENCIES.map((f) => ({ value: f.id, label: f.label }))}
          />
        </>
      }
    >
      <HistoryView symbol={symbol} isPending={q.isPending} error={q.error} data={q.data} />
    </Page>
  );
}
