import type { UniverseSummary } from '@app/contract';
import { Card, CardHeader, cx } from '../../../components/index.ts';
import { barHolding, formatPct, histogramBars } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';

const barTone = { up: 'bg-emerald-500/80 dark:bg-emerald-400/80', down: 'bg-red-500/80 dark:bg-red-400/80', none: 'bg-slate-400 dark:bg-slate-500' } as const;

/** The returns of the symbols in equal-width bins between robust limits (the server's), one bar each,
 *  as plain divs: the count above, the bin's lower edge below; an overflow bar at an end holds the
 *  returns beyond the limits (hatched, labelled "<" or "≥"); the median's bar is marked. Each bar says
 *  its range and count to a screen reader. */
export function Histogram({ bins, median }: { bins: UniverseSummary['histogram']; median: number | null }) {
  const bars = histogramBars(bins);
  const medianAt = barHolding(bins, median);
  const regular = bars.filter((b) => !b.overflow);
  const label = (b: (typeof bars)[number]) =>
    b.overflow === 'below' ? MANY_TEXT.histogramBelow(b.toText, b.fromText, b.count)
    : b.overflow === 'above' ? MANY_TEXT.histogramAbove(b.fromText, b.toText, b.count)
    : MANY_TEXT.histogramLabel(b.fromText, b.toText, b.count);
  return (
    <Card>
      <CardHeader title={MANY_TEXT.histogramTitle} subtitle="Return over the period, %" />
      <div className="px-4 pt-4 pb-2">
        <ul className="flex h-44 items-end gap-0.5 sm:gap-1" aria-label={MANY_TEXT.histogramTitle} data-testid="histogram">
          {bars.map((b, i) => (
            <li
              key={i}
              className="relative flex h-full min-w-0 flex-1 flex-col justify-end"
              aria-label={i === medianAt ? `${label(b)}; ${MANY_TEXT.histogramMedian(formatPct(median))}` : label(b)}
              data-count={b.count}
              data-overflow={b.overflow}
              data-median={i === medianAt || undefined}
            >
              {i === medianAt && (
                <span className="absolute inset-x-0 top-0 text-center text-[10px] font-semibold text-blue-700 dark:text-blue-300" aria-hidden="true" data-testid="histogram-median">
                  ▼
                </span>
              )}
              <span className="mb-0.5 hidden text-center text-[10px] text-slate-500 tabular-nums sm:block dark:text-slate-400" aria-hidden="true">
                {b.count || ''}
              </span>
              <div
                className={cx('w-full rounded-t-sm', barTone[b.tone], b.overflow && 'bg-[repeating-linear-gradient(45deg,transparent_0_3px,rgb(255_255_255/0.45)_3px_6px)]', i === medianAt && 'ring-2 ring-blue-600 dark:ring-blue-300')}
                style={{ height: `${b.count ? Math.max(b.height, 1.5) : 0}%` }}
                title={label(b)}
              />
            </li>
          ))}
        </ul>
        {regular.length > 0 && (
          <div className="mt-1 flex justify-between border-t border-slate-200 pt-1 text-[11px] text-slate-500 tabular-nums dark:border-slate-800 dark:text-slate-400" aria-hidden="true">
            <span>{bars[0].overflow ? `< ${regular[0].fromText}` : regular[0].fromText}%</span>
            {regular.length > 2 && <span>{regular[Math.floor(regular.length / 2)].fromText}%</span>}
            <span>{bars[bars.length - 1].overflow ? `≥ ${regular[regular.length - 1].toText}` : regular[regular.length - 1].toText}%</span>
          </div>
        )}
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          <span className="font-semibold text-blue-700 dark:text-blue-300">▼</span> {MANY_TEXT.histogramMedian(formatPct(median))}
          {bars.some((b) => b.overflow) && <> · {MANY_TEXT.histogramRobust}</>}
        </p>
      </div>
    </Card>
  );
}
