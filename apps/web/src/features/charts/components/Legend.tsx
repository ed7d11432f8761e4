import type { Ref } from 'react';
import type { Candle } from '@app/contract';
import type { CompanyInfo } from '../companyInfo.ts';
import { CHANGE_TOOLTIP, barChange, formatChange } from '../legendChange.ts';


const fmt = (x: number) => x.toFixed(2);
const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/** Top-left legend (spec §2): symbol, company name, exchange and sector (not in compact mode), time,
 *  O/H/L/C, change and percent from the previous close (see legendChange.ts); red when the close is
 *  below the open, else green; − collapses, + expands. */
export function Legend({ ref, symbol, company, bar, prevClose, compact, expanded, onToggle }: {
  ref?: Ref<HTMLDivElement>;
  symbol: string;
  company: CompanyInfo | undefined;
  bar: Candle | null;
  /** the close of the bar before `bar` (null for the first bar) */
  prevClose: number | null;
  compact: boolean;
  expanded: boolean;
  onToggle?: () => void;
}) {
  const change = bar ? barChange(bar, prevClose) : null;
  const down = bar ? bar.close < bar.open : false;
  const tone = down ? 'text-red-600 dark:text-red-400' : 'text-emerald-600 dark:text-emerald-400';
  return (
    <div ref={ref} data-testid="chart-legend" className="pointer-events-none absolute top-2 left-2 z-10 max-w-[calc(100%-5rem)] rounded-md bg-white/85 px-2 py-1 text-xs text-slate-700 shadow-sm backdrop-blur-sm dark:bg-slate-900/85 dark:text-slate-200">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        {onToggle && (
          <button
            type="button"
            onClick={onToggle}
            aria-label={expanded ? 'Collapse legend' : 'Expand legend'}
            aria-expanded={expanded}
            className="pointer-events-auto inline-flex size-5 items-center justify-center rounded border border-slate-300 font-bold leading-none hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {expanded ? '−' : '+'}
          </button>
        )}
        <span className="font-semibold text-slate-900 dark:text-white">{symbol}</span>
        {expanded && !compact && company && (
          <>
            {company.name && company.name !== symbol && <span data-testid="legend-name">{company.name}</span>}
            {company.exchange && <span className="text-slate-500 dark:text-slate-400">{company.exchange}</span>}
            {company.sector && <span className="text-slate-500 dark:text-slate-400">{company.sector}</span>}
          </>
        )}
      </div>
      {expanded && bar && (
        <div data-testid="legend-ohlc" className="mt-0.5 flex flex-wrap gap-x-2 tabular-nums">
          <span>{day(bar.time)}</span>
          <span>O <b className={tone}>{fmt(bar.open)}</b></span>
          <span>H <b className={tone}>{fmt(bar.high)}</b></span>
          <span>L <b className={tone}>{fmt(bar.low)}</b></span>
          <span>C <b className={tone}>{fmt(bar.close)}</b></span>
          {change && (
            <span data-testid="legend-change" className={tone} title={CHANGE_TOOLTIP}>
              {formatChange(change)}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
