import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from './cx.ts';

/** A bordered surface; the building block of panels, tiles and forms. */
export function Card({ className, ...rest }: ComponentPropsWithoutRef<'div'>) {
  return (
    <div
      className={cx('rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900', className)}
      {...rest}
    />
  );
}

/** A card's title row with optional actions on the right. */
export function CardHeader({ title, subtitle, actions, className }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    // A lone title sits level with the action buttons; with a subtitle, the text block starts at the top.
    <div className={cx('flex justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800', subtitle ? 'items-start' : 'items-center', className)}>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
        {subtitle && <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{subtitle}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}

export function CardBody({ className, ...rest }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cx('p-4', className)} {...rest} />;
}
