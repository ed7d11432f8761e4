import { Link } from 'react-router';
import type { OptimizationListItem } from '@app/contract';
import { Badge, Card, CardHeader, cx, type BadgeTone } from '../../../components/index.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';

const TONES: Record<OptimizationListItem['status'], BadgeTone> = { queued: 'neutral', running: 'blue', done: 'green', failed: 'red', cancelled: 'amber' };
/** How many runs the list shows. */
const SHOWN = 8;

/** The user's latest runs, newest first: each opens with its results (the open one is marked). */
export function RecentRuns({ runs, current }: { runs: OptimizationListItem[]; current: number | null }) {
  if (runs.length === 0) return null;
  return (
    <Card>
      <CardHeader title={T.recentTitle} />
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={T.recentTitle}>
        {runs.slice(0, SHOWN).map((r) => {
          const q = r.request;
          return (
            <li key={r.id}>
              <Link
                to={`/optimize?template_id=${q.template_id}&period_id=${q.period_id}&run=${r.id}`}
                aria-current={r.id === current ? 'page' : undefined}
                className={cx(
                  'flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:-outline-offset-2 dark:hover:bg-slate-800/50 dark:focus-visible:bg-slate-800/50',
                  r.id === current && 'bg-blue-50/60 dark:bg-blue-950/30',
                )}
              >
                <Badge tone={TONES[r.status]}>{r.status}</Badge>
                <span className="min-w-0 font-medium break-words text-slate-900 dark:text-slate-100">{q.template_name}</span>
                <span className="text-slate-500 dark:text-slate-400">
                  {q.symbol} · {q.method === 'search' && q.budget !== null ? T.searchedCells(q.budget.toLocaleString('en-US'), q.cells.toLocaleString('en-US')) : `${q.cells.toLocaleString('en-US')} cells`} · {q.direction} {q.objective}
                  {q.walk_forward ? ` · ${T.walkForward} ${q.walk_forward.folds}` : ''}
                </span>
                <time className="ml-auto text-xs text-slate-500 tabular-nums dark:text-slate-400" dateTime={r.created_at}>
                  {new Date(r.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
