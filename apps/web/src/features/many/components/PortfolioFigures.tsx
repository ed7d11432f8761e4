import type { PortfolioResult } from '@app/contract';
import { Card, CardHeader, cx } from '../../../components/index.ts';
import { costsBreakdown, portfolioFigures, turnoverYears } from '../figures.ts';
import { FIGURE_LABELS } from '../texts.ts';

const toneClass = { up: 'text-up', down: 'text-down', none: '' } as const;

/** Alpha and beta against the benchmark, turnover per year, costs paid and average holdings. */
export function PortfolioFigures({ result }: { result: PortfolioResult }) {
  const tiles = portfolioFigures(result);
  if (!tiles.length) return null;
  return (
    <Card>
      <CardHeader title={FIGURE_LABELS.title} subtitle={FIGURE_LABELS.help} />
      <dl className="grid grid-cols-2 gap-px bg-slate-200 sm:grid-cols-3 lg:grid-cols-5 dark:bg-slate-800" data-testid="portfolio-figures">
        {tiles.map((t) => (
          <div key={t.label} className="bg-white px-4 py-3 dark:bg-slate-900">
            <dt className="truncate text-xs text-slate-500 dark:text-slate-400" title={t.label}>{t.label}</dt>
            <dd className={cx('mt-0.5 text-lg font-semibold tabular-nums', toneClass[t.tone])}>{t.value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-1 px-4 py-3 text-xs text-slate-600 dark:text-slate-400">
        {result.costs && <p data-testid="costs-breakdown">{costsBreakdown(result.costs)}</p>}
        {result.turnover && result.turnover.length > 0 && (
          <p data-testid="turnover-years">
            {FIGURE_LABELS.turnoverYears}: {turnoverYears(result.turnover).join(' · ')}
          </p>
        )}
      </div>
    </Card>
  );
}
