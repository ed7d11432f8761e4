import type { UniverseRun } from '@app/contract';
import { Badge, type BadgeTone } from '../../../components/index.ts';

const statusTone: Record<UniverseRun['status'], BadgeTone> = { queued: 'neutral', running: 'blue', done: 'green', failed: 'red', cancelled: 'amber' };

/** What ran: the template on the universe, the dates and the status. */
export function RunHeader({ run, extra }: { run: Pick<UniverseRun, 'status' | 'request' | 'id'>; extra?: string }) {
  const r = run.request;
  return (
    <div className="min-w-0">
      <h2 className="flex flex-wrap items-center gap-x-2 gap-y-1 text-lg font-semibold" data-testid="run-title">
        <span className="break-words">{r.template_name}</span>
        <span className="text-slate-500 dark:text-slate-400">on</span>
        <span className="break-words">{r.universe.label}</span>
        <Badge tone={statusTone[run.status]}>{run.status}</Badge>
      </h2>
      <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
        {r.start_date} → {r.end_date} · {r.symbols.toLocaleString('en-US')} symbol{r.symbols === 1 ? '' : 's'}
        {extra ? ` · ${extra}` : ''} · run #{run.id}
      </p>
    </div>
  );
}
