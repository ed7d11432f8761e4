import type { ReactNode } from 'react';

/** A labelled native checkbox (the label is its accessible name). */
export function Checkbox({ checked, onChange, children, className }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode; className?: string }) {
  return (
    <label className={`inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700 select-none dark:text-slate-300 ${className ?? ''}`}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4 rounded border-slate-300 accent-blue-600 dark:border-slate-600" />
      {children}
    </label>
  );
}
