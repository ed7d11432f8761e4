import type { ReactNode } from 'react';
import { cx } from './cx.ts';

const WIDTHS = {
  '2xl': 'max-w-2xl',
  '5xl': 'max-w-5xl',
  '6xl': 'max-w-6xl',
  '7xl': 'max-w-7xl',
  /** the advanced chart: its 1096 px canvas plus the padding */
  chart: 'max-w-[1144px]',
} as const;

export interface PageProps {
  title: string;
  /** The lead line under the title. */
  intro?: ReactNode;
  /** Controls at the right of the title (a menu, a frequency select). */
  actions?: ReactNode;
  width?: keyof typeof WIDTHS;
  /** The tighter header of the chart screens: smaller title, no lead line. */
  compact?: boolean;
  /** Also names the browser tab after the title. */
  tabTitle?: boolean;
  children: ReactNode;
}

/** The title row of a screen: its one h1, a lead line, and controls on the right. */
export function PageHeader({ title, intro, actions, compact }: Pick<PageProps, 'title' | 'intro' | 'actions' | 'compact'>) {
  return (
    <header className={cx('flex flex-wrap justify-between', compact ? 'mb-4 items-center gap-3' : 'items-start gap-4')}>
      <div>
        <h1 className={cx('font-bold tracking-tight text-slate-900 dark:text-white', compact ? 'text-xl sm:text-2xl' : 'text-2xl sm:text-3xl')}>{title}</h1>
        {intro && <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{intro}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

/** The frame of a screen: a centred column, its header, then the content. */
export function Page({ width = '6xl', tabTitle, children, ...header }: PageProps) {
  return (
    <div className={cx('mx-auto w-full px-4 sm:px-6', header.compact ? 'py-6' : 'py-8 sm:py-10', WIDTHS[width])}>
      {tabTitle && <title>{`${header.title} · Stockbench`}</title>}
      <PageHeader {...header} />
      {children}
    </div>
  );
}
