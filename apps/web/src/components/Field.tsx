import { useId, type ReactNode } from 'react';
import { cx } from './cx.ts';

export const controlClass = (invalid: boolean, className?: string) =>
  cx(
    'block w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm transition-colors placeholder:text-slate-400',
    'focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60',
    'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
    invalid ? 'border-red-500 dark:border-red-500' : 'border-slate-300 dark:border-slate-700',
    className,
  );

export interface FieldProps {
  label?: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error text under the control; also marks the control aria-invalid. */
  error?: ReactNode;
}

/** Label, control and help/error text wired together by ids (used by Input and Select). */
export function useField({ label, hint, error }: FieldProps, id?: string) {
  const auto = useId();
  const controlId = id ?? auto;
  // The hint gives way to an error, so only a shown hint is referenced by aria-describedby.
  const hintId = hint && !error ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const wrap = (control: ReactNode, className?: string) => (
    <div className={cx('space-y-1', className)}>
      {label && (
        <label htmlFor={controlId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
      )}
      {control}
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
  return { controlId, describedBy, invalid: Boolean(error), wrap };
}
