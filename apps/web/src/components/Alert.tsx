import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<AlertTone, string> = {
  info: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-900/60 dark:bg-blue-950/50 dark:text-blue-100',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/50 dark:text-amber-100',
  error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-100',
};

/** A boxed message. Errors and warnings are announced at once (role alert); others politely (role status). */
export function Alert({ tone = 'info', title, children, action, className }: { tone?: AlertTone; title?: ReactNode; children?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'} className={cx('flex items-start gap-3 rounded-md border px-4 py-3 text-sm', tones[tone], className)}>
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}

/** A load that failed, with a button that tries again. */
export function RetryAlert({ retryText, onRetry, children, className }: { retryText: ReactNode; onRetry: () => unknown; children?: ReactNode; className?: string }) {
  return (
    <Alert tone="error" className={className} action={<Button variant="secondary" size="sm" onClick={() => void onRetry()}>{retryText}</Button>}>
      {children}
    </Alert>
  );
}

/** The spec's "red error text": a single line under a form or chart. Renders nothing when empty. */
export function ErrorText({ children, className }: { children?: ReactNode; className?: string }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p role="alert" className={cx('text-sm text-red-600 dark:text-red-400', className)}>
      {children}
    </p>
  );
}
