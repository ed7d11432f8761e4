import { Button, Card, CardBody } from '../../../components/index.ts';
import { progressPercent } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';

export interface RunProgressProps {
  status: 'queued' | 'running';
  progress: { done: number; total: number; eta_seconds: number | null };
  onCancel: () => void;
  cancelling: boolean;
}

/** A queued or running run: a progress bar counting symbols, the time left, and Cancel. */
export function RunProgress({ status, progress, onCancel, cancelling }: RunProgressProps) {
  const pct = progressPercent(progress);
  const text = status === 'queued' ? MANY_TEXT.queued : MANY_TEXT.progress(progress.done, progress.total, progress.eta_seconds);
  return (
    <Card>
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status" data-testid="run-status">
            {text}
          </p>
          <Button size="sm" variant="secondary" onClick={onCancel} loading={cancelling}>
            {MANY_TEXT.cancel}
          </Button>
        </div>
        <div
          role="progressbar"
          aria-label={MANY_TEXT.progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          aria-valuetext={text}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full rounded-full bg-blue-600 transition-[width] duration-500 dark:bg-blue-500" style={{ width: `${Math.max(pct, status === 'running' ? 2 : 0)}%` }} />
        </div>
      </CardBody>
    </Card>
  );
}
