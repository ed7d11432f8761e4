import type { ReactNode } from 'react';

/** Page frame of the chart screens: heading row with optional controls, then the content. */
export function ChartFrame({ title, actions, children, wide }: { title: string; actions?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto px-4 py-6 sm:px-6 ${wide ? 'max-w-[1144px]' : 'max-w-6xl'}`}>
      <title>{`${title} · Stockbench`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl dark:text-white">{title}</h1>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
