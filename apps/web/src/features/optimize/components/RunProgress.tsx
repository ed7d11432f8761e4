import type { Optimization } from '@app/contract';
import { Button, Card, CardBody, Spinner } from '../../../components/index.ts';
import { formatEta } from '../heatmap.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';

/** A queued or running optimisation: cells done of the total, the time left, and Cancel. */
export function RunProgress({ run, onCancel, cancelling }: { run: Optimization; onCancel: () => void; cancelling: boolean }) {
  const { done, total, eta_seconds } = run.progress;
  const pct = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const eta = formatEta(eta_seconds);
  const label = run.status === 'queued' ? T.queued : T.running;
  return (
    <Card>
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-slate-100">
            <Spinner />
            {label} · <span className="tabular-nums">{T.progress(done.toLocaleString('en-US'), total.toLocaleString('en-US'))}</span>
            {eta && <span className="font-normal text-slate-500 dark:text-slate-400">· {T.eta(eta)}</span>}
          </p>
          <Button variant="secondary" size="sm" onClick={onCancel} loading={cancelling}>
            {T.cancel}
          </Button>
        </div>
        <div
          role="progressbar"
          aria-label={T.running}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={T.progress(done.toLocaleString('en-US'), total.toLocaleString('en-US'))}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full rounded-full bg-blue-600 transition-[width] duration-500 dark:bg-blue-500" style={{ width: `${pct}%` }} />
        </div>
      </CardBody>
    </Card>
  );
}
