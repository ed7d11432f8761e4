import type { RiskResult } from '@app/quant';
import { formatUsd } from '../format.ts';

/**
 * The trade on one line, to scale: stop, entry, and each R up to the 3R target. 1R below the entry
 * (the loss) and 3R above it (the target) — the picture behind "risk one to make three".
 */
export function PriceLadder({ result }: { result: RiskResult }) {
  const entry = result.stopPrice + result.riskPerShare;
  return (
    <div className="px-4 pt-3 pb-5 text-xs" role="img" aria-label={`Stop ${formatUsd(result.stopPrice)}, entry ${formatUsd(entry)}, 3R target ${formatUsd(result.target3r)}`}>
      {/* Entry sits a quarter of the way along: one R of loss, three of gain. */}
      <div className="relative h-9">
        <div className="absolute bottom-1 flex -translate-x-1/2 flex-col items-center" style={{ left: '25%' }}>
          <span className="text-slate-500 dark:text-slate-400">Entry</span>
          <span className="font-semibold text-slate-700 tabular-nums dark:text-slate-200">{formatUsd(entry)}</span>
        </div>
      </div>
      <div className="relative h-2.5">
        <div className="absolute inset-y-0 left-0 w-1/4 rounded-l-full bg-red-500/80" />
        <div className="absolute inset-y-0 right-0 left-1/4 rounded-r-full bg-emerald-500/80" />
        {[25, 50, 75].map((at) => (
          <div key={at} className="absolute -top-1 -bottom-1 w-0.5 bg-white dark:bg-slate-900" style={{ left: `${at}%` }} />
        ))}
      </div>
      <div className="mt-1.5 flex justify-between">
        <div className="flex flex-col">
          <span className="text-slate-500 dark:text-slate-400">Stop</span>
          <span className="font-semibold text-down tabular-nums">{formatUsd(result.stopPrice)}</span>
        </div>
        <div className="flex flex-col items-end">
          <span className="text-slate-500 dark:text-slate-400">3R</span>
          <span className="font-semibold text-up tabular-nums">{formatUsd(result.target3r)}</span>
        </div>
      </div>
      <p className="mt-3 text-slate-500 dark:text-slate-400">
        Risk {formatUsd(result.riskPerShare)} per share to make {formatUsd(result.riskPerShare * 3)} at 3R.
      </p>
    </div>
  );
}
