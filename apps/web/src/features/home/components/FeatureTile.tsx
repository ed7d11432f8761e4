import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, BacktestIcon, CalendarIcon, FilterIcon, ResultsIcon, TemplateIcon } from '../../../components/index.ts';
import type { HomeTile, TileIcon } from '../homeTiles.ts';

const icons: Record<TileIcon, (p: { className?: string }) => ReactElement> = {
  backtest: BacktestIcon,
  template: TemplateIcon,
  calendar: CalendarIcon,
  results: ResultsIcon,
  filter: FilterIcon,
};

/** A home tile: the whole card is one link. Compact row on phones, card from sm up. */
export function FeatureTile({ tile }: { tile: HomeTile }) {
  const Icon = icons[tile.icon];
  return (
    <Link
      to={tile.to}
      data-testid="home-tile"
      className="group flex h-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-300 motion-safe:hover:-translate-y-0.5 hover:shadow-md sm:flex-col sm:items-start sm:gap-0 sm:p-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500/50"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 ring-1 ring-blue-600/10 dark:bg-blue-500/10 dark:text-blue-400 dark:ring-blue-400/20">
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col sm:mt-4">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{tile.title}</h2>
        <p className="mt-0.5 text-sm text-slate-600 sm:mt-1 dark:text-slate-400">{tile.description}</p>
      </div>
      <ArrowRightIcon className="size-4 shrink-0 text-slate-400 sm:hidden" />
      <span className="mt-4 hidden items-center gap-1 text-sm font-medium text-blue-700 sm:inline-flex dark:text-blue-400">
        {tile.action}
        <ArrowRightIcon className="size-4 transition-transform motion-safe:group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}
