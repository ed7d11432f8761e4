import { useParams } from 'react-router';
import { RANK_BY_TEXT } from '@app/contract';
import { Loading } from '../../components/index.ts';
import { usePortfolioRun } from './api.ts';
import { PortfolioResultView } from './components/PortfolioResultView.tsx';
import { RunFrame } from './components/RunFrame.tsx';
import { RunHeader } from './components/RunHeader.tsx';
import { RunLoadError } from './components/RunLoadError.tsx';
import { RunState } from './components/RunState.tsx';
import { readRunId } from './format.ts';

/** /many/portfolio (the form) and /many/portfolio/:runId (a run: progress, then the result). */
export default function PortfolioRunPage() {
  const runId = readRunId(useParams().runId);
  return (
    <RunFrame kind="portfolio" runId={runId}>
      {runId !== null && (Number.isNaN(runId) ? <RunLoadError error="not-found" /> : <PortfolioRunView id={runId} />)}
    </RunFrame>
  );
}

function PortfolioRunView({ id }: { id: number }) {
  const q = usePortfolioRun(id);
  if (q.isPending) return <Loading />;
  if (q.isError && !q.data) return <RunLoadError error={q.error} onRetry={() => void q.refetch()} />;
  const run = q.data!;
  const r = run.request;
  return (
    <>
      <RunHeader run={run} extra={`at most ${r.max_positions} position${r.max_positions === 1 ? '' : 's'}, ranked by ${RANK_BY_TEXT[r.rank_by]}`} />
      <RunState kind="portfolio" run={run} />
      {q.isError && <RunLoadError error={q.error} onRetry={() => void q.refetch()} />}
      {run.status === 'done' && run.result && <PortfolioResultView run={run} />}
    </>
  );
}
