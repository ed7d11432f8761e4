import { cx } from '../../components/index.ts';

/** A top-bar link or trigger; `active` gets the accent tint. */
export const navLinkClass = (active: boolean) =>
  cx(
    'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors',
    active
      ? 'bg-blue-50 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

/** A row of the mobile menu. */
export const mobileLinkClass = (active: boolean) =>
  cx(
    'block rounded-md px-3 py-2.5 text-base font-medium',
    active
      ? 'bg-blue-50 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  );
