import type { UniverseSummary } from '@app/contract';
import { Card, CardHeader, cx } from '../../../components/index.ts';
import { summaryTiles } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';

const toneClass = { up: 'text-up', down: 'text-down', none: '' } as const;

/** The distribution of the returns: median, quartiles, the shares profitable and beating buy & hold. */
export function SummaryTiles({ summary }: { summary: UniverseSummary }) {
  return (
    <Card>
      <CardHeader title={MANY_TEXT.summaryTitle} />
      <dl className="grid grid-cols-2 gap-px bg-slate-200 sm:grid-cols-3 lg:grid-cols-5 dark:bg-slate-800" data-testid="summary">
        {summaryTiles(summary).map((t) => (
          <div key={t.label} className="bg-white px-4 py-3 last:col-span-2 lg:last:col-span-1 dark:bg-slate-900">
            <dt className="truncate text-xs text-slate-500 dark:text-slate-400">{t.label}</dt>
            <dd className={cx('mt-0.5 text-lg font-semibold tabular-nums', toneClass[t.tone])}>{t.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
