import { cx } from './cx.ts';

/** A spinning ring; decorative unless given a label (then announced as a status). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} aria-label={label} className={cx('inline-block', className)}>
      <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** The page-level loading state: a spinner beside the text (default 'Loading...'). */
export function Loading({ text = 'Loading...', className }: { text?: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center gap-2 p-8 text-sm text-slate-500 dark:text-slate-400', className)}>
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
