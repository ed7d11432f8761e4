import type { RiskResult } from '@app/quant';
import { Card, CardHeader, cx } from '../../../components/index.ts';
import { RRC_TEXT } from '../texts.ts';
import { formatPercent, formatUsd } from '../format.ts';

/** The level traders aim for first; its column is highlighted. */
const HIGHLIGHT_LEVEL = 3;

/** One table of R levels (columns nR; rows dollar multiple, price target, gain %). */
export function RLevelsTable({ title, levels, result }: { title: string; levels: number[]; result: RiskResult | null }) {
  const rows: Array<{ label: string; value: (r: RiskResult, i: number) => string }> = [
    { label: RRC_TEXT.rowDollar, value: (r, i) => formatUsd(r.rMultiples[i]) },
    { label: RRC_TEXT.rowPrice, value: (r, i) => formatUsd(r.priceTargets[i]) },
    { label: RRC_TEXT.rowGain, value: (r, i) => formatPercent(r.gainPercents[i]) },
  ];
  const cell = (n: number) => cx('px-1 py-2 text-right tabular-nums whitespace-nowrap sm:px-3', n === HIGHLIGHT_LEVEL && 'bg-emerald-50 font-semibold text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300');
  return (
    <Card className="min-w-0">
      <CardHeader title={title} />
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-sm" aria-label={title}>
          <thead>
            <tr className="border-b border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <th scope="col" className="px-2 py-2 text-left font-medium sm:px-4">
                <span className="sr-only">Level</span>
              </th>
              {levels.map((n) => (
                <th key={n} scope="col" data-level={n} className={cx(cell(n), 'font-semibold')}>
                  {n}R
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-slate-100 last:border-0 dark:border-slate-800/70">
                <th scope="row" className="px-2 py-2 text-left leading-tight font-medium text-slate-700 sm:px-4 sm:whitespace-nowrap dark:text-slate-300">
                  {row.label}
                </th>
                {levels.map((n) => (
                  <td key={n} data-level={n} className={cell(n)}>
                    {result ? row.value(result, n - 1) : '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
