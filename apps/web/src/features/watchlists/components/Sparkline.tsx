import { sparklinePath, sparklineTrend } from '../sparkline.ts';

const W = 96;
const H = 28;
const stroke = { up: 'stroke-emerald-500', down: 'stroke-red-500', flat: 'stroke-slate-400' };

/** ~3 months of closes as a small inline SVG line, green when up over the span, red when down. */
export function Sparkline({ closes, symbol }: { closes: readonly number[]; symbol: string }) {
  const d = sparklinePath(closes, { width: W, height: H, pad: 2 });
  if (!d) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const trend = sparklineTrend(closes);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${symbol}: 3 months, ${trend}`} className="overflow-visible" data-trend={trend}>
      <path d={d} fill="none" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" className={stroke[trend]} />
    </svg>
  );
}
