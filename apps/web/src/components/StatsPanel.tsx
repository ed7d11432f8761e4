import { orderedStats, type BacktestStats } from '@app/contract';
import { formatStat, HEADLINE_STATS } from '../lib/backtestFormat.ts';
import { Card, CardHeader } from './Card.tsx';
import { cx } from './cx.ts';

const tone = (key: string, v: unknown) =>
  typeof v !== 'number' || key === '# Trades' || key === 'Win Rate [%]' ? '' : v > 0 ? 'text-up' : v < 0 ? 'text-down' : '';

export interface StatsPanelProps {
  stats: BacktestStats;
  /** The card's title (also the table's accessible name). */
  title: string;
  /** Shown when there are no stats. */
  emptyText: string;
  actions?: React.ReactNode;
}

/** A backtest's statistics: headline tiles and the full key/value table, numbers with 2 decimals
 *  (spec §2). Used by the Backtest screen and by the portfolio result of the many-symbol runs. */
export function StatsPanel({ stats, title, emptyText, actions }: StatsPanelProps) {
  const entries = orderedStats(stats);
  return (
    <Card>
      <CardHeader title={title} actions={actions} />
      {entries.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
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
          {/* focusable, so the keyboard can scroll it too */}
          <div className="max-h-[28rem] overflow-y-auto focus-visible:-outline-offset-2" tabIndex={0} role="region" aria-label={title}>
            <table className="w-full text-sm" aria-label={title}>
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
