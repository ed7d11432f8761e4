/** The candlestick mark and the product name. */
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-slate-900 dark:fill-slate-800" />
        <path d="M9 8v16M16 6v18M23 5v16" stroke="#94a3b8" strokeWidth="1.5" strokeLinecap="round" />
        <rect x="7" y="12" width="4" height="8" rx="1" fill="#ef4444" />
        <rect x="14" y="9" width="4" height="10" rx="1" fill="#10b981" />
        <rect x="21" y="7" width="4" height="9" rx="1" fill="#10b981" />
      </svg>
      <span className="text-[15px] font-semibold tracking-tight text-slate-900 max-[359px]:sr-only dark:text-white">Stockbench</span>
    </span>
  );
}
