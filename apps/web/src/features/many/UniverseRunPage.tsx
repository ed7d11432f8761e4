import { useParams, useSearchParams } from 'react-router';
import { Alert, Button, Loading } from '../../components/index.ts';
import { ApiError } from '../../lib/api.ts';
import { useUniverseRun } from './api.ts';
import { RunFrame } from './components/RunFrame.tsx';
import { RunHeader } from './components/RunHeader.tsx';
import { RunLoadError } from './components/RunLoadError.tsx';
import { RunState } from './components/RunState.tsx';
import { UniverseResult } from './components/UniverseResult.tsx';
import { MANY_TEXT } from './texts.ts';
import { orderingParam, readOrdering, readRunId, type Sort } from './format.ts';

const PAGE_SIZE = 50;

/** /many/universe (the form) and /many/universe/:runId (a run: progress, then the result). The
 *  table's order and page are in the address too (?ordering=-sharpe&page=2), so a reload keeps them. */
export default function UniverseRunPage() {
  const runId = readRunId(useParams().runId);
  return (
    <RunFrame kind="universe" runId={runId}>
      {runId !== null && (Number.isNaN(runId) ? <RunLoadError error="not-found" /> : <UniverseRunView id={runId} />)}
    </RunFrame>
  );
}

function UniverseRunView({ id }: { id: number }) {
  const [search, setSearch] = useSearchParams();
  const sort = readOrdering(search.get('ordering'));
  const page = Math.max(1, Number(search.get('page')) || 1);
  const q = useUniverseRun(id, { ordering: orderingParam(sort), page, page_size: PAGE_SIZE });
  // a sort or a page is a step of its own in the history (Back returns to the table before it); the
  // way back from a page past the end replaces the address that led nowhere
  const onPage = (p: number, s: Sort, replace = false) => setSearch({ ordering: orderingParam(s), page: String(p) }, { replace });

  if (q.isPending) return <Loading />;
  // a page past the end (an old address after fewer rows, or typed): back to the first
  if (q.isError && q.error instanceof ApiError && q.error.status === 400 && q.error.body?.page)
    return (
      <Alert tone="warning" action={<Button size="sm" variant="secondary" onClick={() => onPage(1, sort, true)}>{MANY_TEXT.firstPage}</Button>}>
        {MANY_TEXT.noSuchPage}
      </Alert>
    );
  if (q.isError && !q.data) return <RunLoadError error={q.error} onRetry={() => void q.refetch()} />;
  const run = q.data!;
  return (
    <>
      <RunHeader run={run} />
      <RunState kind="universe" run={run} />
      {q.isError && <RunLoadError error={q.error} onRetry={() => void q.refetch()} />}
      {run.status === 'done' && run.summary && run.rows && (
        <UniverseResult run={run} sort={sort} page={page} pageSize={PAGE_SIZE} fetching={q.isPlaceholderData} onPage={onPage} />
      )}
    </>
  );
}
