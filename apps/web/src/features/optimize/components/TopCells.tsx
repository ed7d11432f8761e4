import { useState } from 'react';
import { Link } from 'react-router';
import type { Indicator, OptimizationRequest, OptimizationResult } from '@app/contract';
import { Button, buttonClass, Card, CardHeader, cx } from '../../../components/index.ts';
import { paramLabel, showValue } from '../grid.ts';
import { formatValue } from '../heatmap.ts';
import { OPTIMIZE_TEXT as T } from '../texts.ts';
import { sortCells, type SortKey } from '../sort.ts';

const STAT_COLUMNS = ['# Trades', 'Return [%]', 'Max. Drawdown [%]', 'Win Rate [%]', 'Sharpe Ratio'] as const;

interface Props {
  request: OptimizationRequest;
  top: OptimizationResult['top'];
  bestIndex: number | null;
  rows: readonly Pick<Indicator, 'name' | 'indicator_type'>[];
  onApply: (index: number) => void;
  applying: number | null;
  /** the cell last applied, and the link that opens its copy as a backtest */
  opened: { index: number; link: string } | null;
}

/** The best cells with their values and headline statistics; every column sorts (click its header,
 *  again to reverse); each row can be applied to a copy of the template. */
export function TopCells({ request, top, bestIndex, rows, onApply, applying, opened }: Props) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: { kind: 'rank' }, desc: false });
  const stats = STAT_COLUMNS.filter((s) => s !== request.objective);
  const sorted = sortCells(top, sort.key, sort.desc);
  const same = (a: SortKey, b: SortKey) => JSON.stringify(a) === JSON.stringify(b);

  const header = (k: SortKey, children: React.ReactNode, align: 'left' | 'right' = 'right', key?: string | number) => {
    const on = same(sort.key, k);
    return (
      <th key={key} scope="col" aria-sort={on ? (sort.desc ? 'descending' : 'ascending') : 'none'} className={cx('px-3 py-2 whitespace-nowrap', align === 'right' ? 'text-right' : 'text-left')}>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded font-semibold uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none dark:hover:text-white"
          onClick={() => setSort({ key: k, desc: on ? !sort.desc : k.kind !== 'rank' && k.kind !== 'param' })}
        >
          {children}
          <span aria-hidden className={on ? '' : 'invisible'}>{sort.desc ? '▼' : '▲'}</span>
        </button>
      </th>
    );
  };

  return (
    <Card>
      <CardHeader title={T.topTitle} subtitle={`${top.length} of ${request.cells.toLocaleString('en-US')} cells, by ${request.objective} (${request.direction === 'maximize' ? 'highest' : 'lowest'} first)`} />
      <div className="max-h-[32rem] overflow-auto" data-scroll-x>
        <table className="w-full text-sm" aria-label={T.topTitle}>
          <thead className="sticky top-0 z-10 bg-slate-50 text-xs tracking-wide text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <tr>
              {header({ kind: 'rank' }, T.rank, 'left')}
              {request.params.map((p, k) => (
                header({ kind: 'param', k }, paramLabel(rows, p), 'right', k)
              ))}
              {header({ kind: 'value' }, request.objective)}
              {stats.map((s) => (
                header({ kind: 'stat', key: s }, s, 'right', s)
              ))}
              <th scope="col" className="px-3 py-2"><span className="sr-only">{T.apply}</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {sorted.map(({ cell, rank }) => (
              <tr key={cell.index} data-testid="top-row" className={cx('hover:bg-slate-50 dark:hover:bg-slate-800/50', cell.index === bestIndex && 'bg-blue-50/60 dark:bg-blue-950/30')}>
                <td className="px-3 py-1.5 tabular-nums">{rank}</td>
                {request.params.map((p, k) => (
                  <td key={k} className="px-3 py-1.5 text-right tabular-nums">{showValue(p, cell.params[k])}</td>
                ))}
                <td className="px-3 py-1.5 text-right font-medium tabular-nums">{formatValue(cell.value)}</td>
                {stats.map((s) => (
                  <td key={s} className="px-3 py-1.5 text-right tabular-nums">{formatValue(typeof cell.stats[s] === 'number' ? (cell.stats[s] as number) : null)}</td>
                ))}
                <td className="px-3 py-1 text-right">
                  {opened?.index === cell.index ? (
                    <Link to={opened.link} className={buttonClass('primary', 'sm')}>{T.openBacktest}</Link>
                  ) : (
                    <Button size="sm" variant="secondary" loading={applying === cell.index} onClick={() => onApply(cell.index)} aria-label={`${T.apply}: row ${rank}`}>
                      {T.apply}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
