import type { BacktestStats } from '@app/contract';
import { Card, CardHeader, cx } from '../../../components/index.ts';
import { formatStat, HEADLINE_STATS } from '../format.ts';
import { STUDIES_ERRORS, STUDIES_TEXT } from '../texts.ts';

const tone = (key: string, v: unknown) =>
  typeof v !== 'number' || key === '# Trades' || key === 'Win Rate [%]' ? '' : v > 0 ? 'text-up' : v < 0 ? 'text-down' : '';

/** Headline tiles and the full key/value table, numbers with 2 decimals (spec §2). */
export function StatsPanel({ stats, actions }: { stats: BacktestStats; actions?: React.ReactNode }) {
  const entries = Object.entries(stats);
  return (
    <Card>
      <CardHeader title={STUDIES_TEXT.statsTitle} actions={actions} />
      {entries.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{STUDIES_ERRORS.noStats}</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-px border-b border-slate-200 bg-slate-200 sm:grid-cols-3 lg:grid-cols-6 dark:border-slate-800 dark:bg-slate-800">
            {HEADLINE_STATS.filter((k) => k in stats).map((k) => (
              <div key={k} className="bg-white px-4 py-3 dark:bg-slate-900">
                <dt className="truncate text-xs text-slate-500 dark:text-slate-400">{k}</dt>
                <dd className={cx('mt-0.5 text-lg font-semibold tabular-nums', tone(k, stats[k]))}>{formatStat(stats[k], k)}</dd>
              </div>
            ))}
          </dl>
          <div className="max-h-[28rem] overflow-y-auto">
            <table className="w-full text-sm" aria-label={STUDIES_TEXT.statsTitle}>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {entries.map(([k, v]) => (
                  <tr key={k} data-stat={k}>
                    <th scope="row" className="px-4 py-1.5 text-left font-normal text-slate-600 dark:text-slate-400">{k}</th>
                    <td className="px-4 py-1.5 text-right font-medium tabular-nums" data-testid="stat-value">{formatStat(v, k)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
