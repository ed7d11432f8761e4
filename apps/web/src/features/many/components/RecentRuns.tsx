import { Link } from 'react-router';
import type { ManyKind } from '../../../lib/manyLinks.ts';
import { Badge, Card, CardHeader, Spinner } from '../../../components/index.ts';
import { useRecentRuns } from '../api.ts';
import { MANY_TEXT } from '../texts.ts';

/** The user's latest runs of this kind, each opening its result. */
export function RecentRuns({ kind }: { kind: ManyKind }) {
  const runs = useRecentRuns(kind);
  return (
    <Card>
      <CardHeader title={MANY_TEXT.recent} />
      {runs.isPending ? (
        <p className="flex items-center gap-2 p-4 text-sm text-slate-500"><Spinner /> Loading...</p>
      ) : runs.isError ? (
        <p className="p-4 text-sm text-red-600 dark:text-red-400">Failed to fetch your runs.</p>
      ) : runs.data.length === 0 ? (
        <p className="p-4 text-sm text-slate-500 dark:text-slate-400">{MANY_TEXT.noRecent}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={MANY_TEXT.recent}>
          {runs.data.map((r) => (
            <li key={r.id}>
              <Link to={`/many/${kind}/${r.id}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2.5 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:-outline-offset-2 dark:hover:bg-slate-800/50 dark:focus-visible:bg-slate-800/50">
                <span className="min-w-0">
                  <span className="font-medium text-blue-700 dark:text-blue-300">{r.request.template_name}</span>
                  <span className="text-slate-500 dark:text-slate-400"> on {r.request.universe.label}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {r.request.start_date} → {r.request.end_date} · {new Date(r.created_at).toLocaleString()}
                  </span>
                </span>
                <Badge tone={r.status === 'done' ? 'green' : r.status === 'failed' ? 'red' : r.status === 'cancelled' ? 'amber' : 'blue'}>{r.status}</Badge>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
