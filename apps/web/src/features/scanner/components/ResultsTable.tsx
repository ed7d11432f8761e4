import type { OrderingField, ScanResult } from '@app/contract';
import { cx, StarToggle } from '../../../components/index.ts';
import { changeTone, formatDecimal, formatGrouped, formatPercent, formatText } from '../format.ts';
import { ariaSort, type SortState } from '../sorting.ts';
import { RESULT_COLUMNS, SCANNER_TEXT } from '../texts.ts';

const toneClass = { positive: 'text-emerald-600 dark:text-emerald-400', negative: 'text-red-600 dark:text-red-400', none: 'text-slate-500 dark:text-slate-400' };
const numeric = new Set<OrderingField>(['price', 'diff', 'chg', 'market_cap', 'volume']);

export interface ResultsTableProps {
  results: ScanResult[];
  sort: SortState;
  onSort: (field: OrderingField) => void;
  disabled?: boolean;
}

/** The results (spec §2): sortable headers, symbols opening the advanced chart in a new tab. */
export function ResultsTable({ results, sort, onSort, disabled }: ResultsTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="min-w-full text-sm" aria-label={SCANNER_TEXT.resultsTable}>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-900 dark:text-slate-400">
          <tr>
            {RESULT_COLUMNS.map((c) => {
              const state = ariaSort(sort, c.field);
              return (
                <th key={c.field} scope="col" aria-sort={state} className={cx('px-3 py-2 whitespace-nowrap', numeric.has(c.field) && 'text-right', c.field === 'symbol' && 'sticky left-0 z-10 bg-slate-50 dark:bg-slate-900')}>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => onSort(c.field)}
                    data-sort-field={c.field}
                    className="inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:cursor-wait dark:hover:text-white"
                  >
                    {c.label}
                    <span aria-hidden="true" className={cx('text-[10px]', state === 'none' && 'opacity-30')}>
                      {state === 'descending' ? '▼' : state === 'ascending' ? '▲' : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {results.map((r) => {
            return (
              <tr key={r.symbol} className="hover:bg-slate-50 dark:hover:bg-slate-900/60">
                <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-semibold whitespace-nowrap dark:bg-slate-950">
                  <StarToggle symbol={r.symbol} className="mr-1 align-middle" />
                  <a
                    href={`/rchart/${encodeURIComponent(r.symbol)}/`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                  >
                    {r.symbol}
                  </a>
                </th>
                <td className="max-w-56 truncate px-3 py-2 text-slate-700 dark:text-slate-300" title={r.name}>
                  {formatText(r.name)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatDecimal(r.price)}</td>
                <td className={cx('px-3 py-2 text-right tabular-nums', toneClass[changeTone(r.diff)])} data-tone={changeTone(r.diff)}>
                  {formatDecimal(r.diff)}
                </td>
                <td className={cx('px-3 py-2 text-right tabular-nums', toneClass[changeTone(r.chg)])} data-tone={changeTone(r.chg)}>
                  {formatPercent(r.chg)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-300">{formatText(r.sector)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatGrouped(r.market_cap)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatGrouped(r.volume)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
