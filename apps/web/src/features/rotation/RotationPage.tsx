import { Link, useParams } from 'react-router';
import { Alert, Button, Card, CardBody, Loading, Page, textLinkClass } from '../../components/index.ts';
import { useCancelRotation, useRotationRun, useRotationRuns } from './api.ts';
import { RotationForm } from './components/RotationForm.tsx';
import { RotationResultView } from './components/RotationResultView.tsx';
import { ROTATION_SCREEN as T } from './texts.ts';

/** A run id from the URL: null without one, NaN when it cannot be one. */
const readRunId = (s: string | undefined) => (s === undefined ? null : /^\d{1,10}$/.test(s) && Number(s) > 0 ? Number(s) : NaN);

/** /rotation (the form and recent runs) and /rotation/:runId (a run: progress, then the result; the
 *  URL alone brings it back on reload). */
export default function RotationPage() {
  const runId = readRunId(useParams().runId);
  return (
    <Page
      title={T.title}
      intro={T.intro}
      width="7xl"
      tabTitle
      actions={runId !== null ? <Link to="/rotation" className={`text-sm ${textLinkClass}`}>{T.newRun}</Link> : undefined}
    >
      <div className="mt-6 space-y-6">
        {runId === null ? (
          <>
            <RotationForm />
            <RecentRotations />
          </>
        ) : Number.isNaN(runId) ? (
          <Alert tone="error">{T.notFound}</Alert>
        ) : (
          <RotationRunView id={runId} />
        )}
      </div>
    </Page>
  );
}

function RotationRunView({ id }: { id: number }) {
  const q = useRotationRun(id);
  const cancel = useCancelRotation(id);
  if (q.isPending) return <Loading />;
  if (!q.data) return <Alert tone="error">{T.notFound}</Alert>;
  const run = q.data;
  const r = run.request;
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="rotation-request">
        {r.universe.label} · {r.start_date} → {r.end_date} · top {r.top} · {r.rebalance} · {r.score.kind}
        {r.floors ? ` · floors $${r.floors.min_price}, $${r.floors.min_dollar_volume.toLocaleString('en-US')} over ${r.floors.window} days` : ' · no floors'}
        {r.template_name ? ` · gated by ${r.template_name}` : ''}
      </p>
      {(run.status === 'queued' || run.status === 'running') && (
        <Card>
          <CardBody className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" data-testid="run-status" className="text-sm text-slate-700 dark:text-slate-300">{run.status === 'queued' ? T.queued : T.running}</p>
            <div role="progressbar" aria-label={T.running} className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 sm:w-64 dark:bg-slate-800">
              <div className="h-full w-1/3 animate-pulse rounded-full bg-blue-600 dark:bg-blue-500" />
            </div>
            <Button size="sm" variant="secondary" onClick={() => cancel.mutate()} loading={cancel.isPending}>{T.cancel}</Button>
          </CardBody>
        </Card>
      )}
      {run.status === 'failed' && <Alert tone="error" title={T.failed}>{run.error}</Alert>}
      {run.status === 'cancelled' && <Alert tone="info">{T.cancelled}</Alert>}
      {run.status === 'done' && run.result && <RotationResultView run={run} />}
    </>
  );
}

function RecentRotations() {
  const q = useRotationRuns();
  if (!q.data?.length) return null;
  return (
    <Card>
      <CardBody>
        <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">{T.recent}</h2>
        <ul className="space-y-1 text-sm">
          {q.data.map((run) => (
            <li key={run.id}>
              <Link to={`/rotation/${run.id}`} className={textLinkClass}>
                {run.request.universe.label}, top {run.request.top} {run.request.rebalance}, {run.request.start_date} → {run.request.end_date}
              </Link>{' '}
              <span className="text-slate-500 dark:text-slate-400">({run.status})</span>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
