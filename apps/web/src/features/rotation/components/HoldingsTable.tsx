import { useState } from 'react';
import { ROTATION_TEXT, type RotationRebalanceRow } from '@app/contract';
import { cx } from '../../../components/index.ts';

const money = (v: number) => v.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const num = (v: number | null, d: number) => (v === null ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }));
const ACTION_TONE = {
  bought: 'text-emerald-700 dark:text-emerald-400', sold: 'text-red-700 dark:text-red-400', kept: 'text-slate-600 dark:text-slate-400',
  shorted: 'text-red-700 dark:text-red-400', covered: 'text-emerald-700 dark:text-emerald-400',
} as const;

/** Every rebalance, newest first, as a row that opens its holdings: what was bought, sold and kept at
 *  that fill, each target's score, rank and weight, and why. */
export function HoldingsTable({ rebalances }: { rebalances: RotationRebalanceRow[] }) {
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const toggle = (date: string) => setOpen((s) => {
    const next = new Set(s);
    if (next.has(date)) next.delete(date);
    else next.add(date);
    return next;
  });
  const rows = [...rebalances].reverse();
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800" data-testid="holdings-table">
      {rows.map((rb) => {
        const count = (a: string) => rb.holdings.filter((h) => h.action === a).length;
        const isOpen = open.has(rb.date);
        return (
          <li key={rb.date} data-testid="rebalance" data-date={rb.date}>
            <button
              type="button"
              aria-expanded={isOpen}
              onClick={() => toggle(rb.date)}
              className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-900"
            >
              <span className="font-medium text-slate-900 dark:text-slate-100">{rb.date} → {rb.fill_date || '—'}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {count('bought') + count('shorted')} in · {count('sold') + count('covered')} out · {count('kept')} kept · {rb.members} members · {money(rb.equity)}
              </span>
            </button>
            {isOpen && (
              <div className="overflow-x-auto px-3 pb-3">
                {rb.holdings.length === 0 ? (
                  <p className="text-sm text-slate-500 dark:text-slate-400">No trade: {rb.members} members ranked, {rb.floored} floored.</p>
                ) : (
                  <table className="w-full min-w-[36rem] text-sm tabular-nums">
                    <thead className="text-left text-xs text-slate-500 dark:text-slate-400">
                      <tr>
                        <th className="py-1 pr-3 font-medium">Symbol</th>
                        <th className="py-1 pr-3 font-medium">Action</th>
                        <th className="py-1 pr-3 text-right font-medium">Shares</th>
                        <th className="py-1 pr-3 text-right font-medium">Price</th>
                        <th className="py-1 pr-3 text-right font-medium">Score</th>
                        <th className="py-1 pr-3 text-right font-medium">Rank</th>
                        <th className="py-1 pr-3 text-right font-medium">Weight</th>
                        <th className="py-1 font-medium">Why</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rb.holdings.map((h) => (
                        <tr key={`${h.symbol}-${h.action}`} data-testid="holding" data-action={h.action} className="border-t border-slate-100 dark:border-slate-800">
                          <td className="py-1 pr-3 font-medium">{h.symbol}</td>
                          <td className={cx('py-1 pr-3', ACTION_TONE[h.action])}>{ROTATION_TEXT.action[h.action]}</td>
                          <td className="py-1 pr-3 text-right">{num(h.shares, 0)}</td>
                          <td className="py-1 pr-3 text-right">{num(h.price, 2)}</td>
                          <td className="py-1 pr-3 text-right" data-testid="holding-score">{num(h.score, 4)}</td>
                          <td className="py-1 pr-3 text-right">{h.rank ?? '—'}</td>
                          <td className="py-1 pr-3 text-right">{h.weight === null ? '—' : `${(h.weight * 100).toFixed(1)}%`}</td>
                          <td className="py-1 text-slate-600 dark:text-slate-400">{ROTATION_TEXT.reason[h.reason]}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
