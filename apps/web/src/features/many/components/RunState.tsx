import type { UniverseRun } from '@app/contract';
import { Alert } from '../../../components/index.ts';
import type { ManyKind } from '../../../lib/manyLinks.ts';
import { useCancelRun } from '../api.ts';
import { MANY_TEXT } from '../texts.ts';
import { RunProgress } from './RunProgress.tsx';

/** A run that has no result to show: its progress with Cancel, or why it stopped. Null once done. */
export function RunState({ kind, run }: { kind: ManyKind; run: Pick<UniverseRun, 'id' | 'status' | 'progress' | 'error'> }) {
  const cancel = useCancelRun(kind, run.id);
  if (run.status === 'queued' || run.status === 'running')
    return (
      <>
        <RunProgress status={run.status} progress={run.progress} onCancel={() => cancel.mutate()} cancelling={cancel.isPending} />
        {cancel.isError && <Alert tone="error">Failed to cancel the run. Please try again.</Alert>}
      </>
    );
  if (run.status === 'cancelled') return <Alert tone="warning">{MANY_TEXT.cancelled}</Alert>;
  if (run.status === 'failed') return <Alert tone="error" title={MANY_TEXT.failed}>{run.error}</Alert>;
  return null;
}
