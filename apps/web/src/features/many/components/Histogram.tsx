import type { UniverseSummary } from '@app/contract';
import { Card, CardHeader, cx } from '../../../components/index.ts';
import { histogramBars } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';

const barTone = { up: 'bg-emerald-500/80 dark:bg-emerald-400/80', down: 'bg-red-500/80 dark:bg-red-400/80', none: 'bg-slate-400 dark:bg-slate-500' } as const;

/** The returns of the symbols in equal-width bins (the server's), one bar each, as plain divs: the
 *  count above, the bin's lower edge below; each bar says its range and count to a screen reader. */
export function Histogram({ bins }: { bins: UniverseSummary['histogram'] }) {
  const bars = histogramBars(bins);
  return (
    <Card>
      <CardHeader title={MANY_TEXT.histogramTitle} subtitle="Return over the period, %" />
      <div className="px-4 pt-4 pb-2">
        <ul className="flex h-44 items-end gap-0.5 sm:gap-1" aria-label={MANY_TEXT.histogramTitle} data-testid="histogram">
          {bars.map((b, i) => (
            <li key={i} className="flex h-full min-w-0 flex-1 flex-col justify-end" aria-label={MANY_TEXT.histogramLabel(b.fromText, b.toText, b.count)} data-count={b.count}>
              <span className="mb-0.5 hidden text-center text-[10px] text-slate-500 tabular-nums sm:block dark:text-slate-400" aria-hidden="true">
                {b.count || ''}
              </span>
              <div className={cx('w-full rounded-t-sm', barTone[b.tone])} style={{ height: `${b.count ? Math.max(b.height, 1.5) : 0}%` }} title={`${b.fromText}% to ${b.toText}%: ${b.count}`} />
            </li>
          ))}
        </ul>
        {bars.length > 0 && (
          <div className="mt-1 flex justify-between border-t border-slate-200 pt-1 text-[11px] text-slate-500 tabular-nums dark:border-slate-800 dark:text-slate-400" aria-hidden="true">
            <span>{bars[0].fromText}%</span>
            {bars.length > 2 && <span>{bars[Math.floor(bars.length / 2)].fromText}%</span>}
            <span>{bars[bars.length - 1].toText}%</span>
          </div>
        )}
      </div>
    </Card>
  );
}
