import type { UniverseRow, UniverseSortField } from '@app/contract';
import { cx, Spinner } from '../../../components/index.ts';
import { ariaSort, toneOf, UNIVERSE_COLUMNS, type Sort } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';

const toneClass = { up: 'text-up', down: 'text-down', none: '' } as const;

export interface UniverseTableProps {
  rows: UniverseRow[];
  sort: Sort;
  onSort: (field: UniverseSortField) => void;
  /** opens the single-symbol backtest of a row */
  onOpen: (symbol: string) => void;
  /** the symbol being opened */
  opening: string | null;
  busy: boolean;
}

/** One row per symbol, every column sortable (by the server, across all pages). The symbol opens its
 *  single backtest over the run's dates. */
export function UniverseTable({ rows, sort, onSort, onOpen, opening, busy }: UniverseTableProps) {
  return (
    <div className={cx('overflow-x-auto', busy && 'opacity-60')}>
      <table className="min-w-full text-sm" aria-label={MANY_TEXT.tableTitle} aria-busy={busy}>
        <thead className="bg-slate-50 text-[11px] font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-400">
          <tr>
            {UNIVERSE_COLUMNS.map((c) => {
              const state = ariaSort(sort, c.field);
              return (
                <th
                  key={c.field}
                  scope="col"
                  aria-sort={state}
                  className={cx('px-1.5 py-2 whitespace-nowrap', c.numeric ? 'text-right' : 'text-left', c.field === 'symbol' && 'sticky left-0 z-10 bg-slate-50 dark:bg-slate-800')}
                >
                  <button
                    type="button"
                    onClick={() => onSort(c.field)}
                    data-sort-field={c.field}
                    className="inline-flex items-center gap-0.5 rounded px-0.5 py-0.5 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-500 dark:hover:text-white"
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
          {rows.map((r) => (
            <tr key={r.symbol} data-testid="universe-row" className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
              {UNIVERSE_COLUMNS.map((c) =>
                c.field === 'symbol' ? (
                  <th key={c.field} scope="row" className="sticky left-0 bg-white px-2 py-1.5 text-left font-semibold dark:bg-slate-900">
                    <button
                      type="button"
                      onClick={() => onOpen(r.symbol)}
                      disabled={opening !== null}
                      aria-label={`Open the backtest of ${r.symbol}`}
                      className="inline-flex items-center gap-1 rounded px-1 text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-500 disabled:cursor-wait dark:text-blue-300"
                    >
                      {r.symbol}
                      {opening === r.symbol && <Spinner />}
                    </button>
                  </th>
                ) : (
                  <td
                    key={c.field}
                    className={cx(
                      'px-1.5 py-1.5 whitespace-nowrap tabular-nums',
                      c.numeric ? 'text-right' : 'max-w-40 truncate text-left text-slate-700 dark:text-slate-300',
                      c.signed && toneClass[toneOf(r[c.field] as number | null)],
                    )}
                    title={c.field === 'name' ? r.name : undefined}
                  >
                    {c.show(r)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
