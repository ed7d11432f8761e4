import { Fragment, useState } from 'react';
import type { OrderingField, ScanResult } from '@app/contract';
import { cx, StarToggle } from '../../../components/index.ts';
import { changeTone, formatCompact, formatDecimal, formatGrouped, formatPercent, formatText } from '../format.ts';
import { ariaSort, type SortState } from '../sorting.ts';
import { PHONE_COLUMNS, RESULT_COLUMNS, RESULTS_PHONE_TEXT, SCANNER_TEXT } from '../texts.ts';

const toneClass = { positive: 'text-emerald-600 dark:text-emerald-400', negative: 'text-red-600 dark:text-red-400', none: 'text-slate-500 dark:text-slate-400' };
const numeric = new Set<OrderingField>(['price', 'diff', 'chg', 'market_cap', 'volume']);
const onPhone = new Set<OrderingField>(PHONE_COLUMNS);
/** Columns a phone leaves out (they show in a row's details, on tap). */
const wideOnly = (field: OrderingField) => !onPhone.has(field) && 'hidden sm:table-cell';
const arrow = (state: 'ascending' | 'descending' | 'none') => (state === 'descending' ? '▼' : state === 'ascending' ? '▲' : '↕');

export interface ResultsTableProps {
  results: ScanResult[];
  sort: SortState;
  onSort: (field: OrderingField) => void;
  disabled?: boolean;
}

/** The results (spec §2): sortable headers (the whole header cell is the button), symbols opening the
 *  advanced chart in a new tab. On a phone the table keeps Symbol, Price, Change and % Change; a tap on
 *  a row's ⌄ shows the rest, and a "Sort by" picker reaches the columns a phone leaves out. */
export function ResultsTable({ results, sort, onSort, disabled }: ResultsTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (symbol: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(symbol)) next.add(symbol);
      return next;
    });
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2 sm:hidden">
        <label htmlFor="scanner-sort-by" className="text-sm text-slate-600 dark:text-slate-400">{RESULTS_PHONE_TEXT.sortBy}</label>
        <select
          id="scanner-sort-by"
          value={sort.field}
          disabled={disabled}
          onChange={(e) => onSort(e.target.value as OrderingField)}
          className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {RESULT_COLUMNS.map((c) => (
            <option key={c.field} value={c.field}>{c.label}</option>
          ))}
        </select>
        <button
          type="button"
          disabled={disabled}
          onClick={() => onSort(sort.field)}
          aria-label={sort.desc ? RESULTS_PHONE_TEXT.sortAscending : RESULTS_PHONE_TEXT.sortDescending}
          className="h-9 rounded-md border border-slate-300 px-3 text-sm dark:border-slate-700"
        >
          {sort.desc ? '▼' : '▲'}
        </button>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="min-w-full text-sm" aria-label={SCANNER_TEXT.resultsTable}>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-900 dark:text-slate-400">
            <tr>
              {RESULT_COLUMNS.map((c) => {
                const state = ariaSort(sort, c.field);
                return (
                  <th
                    key={c.field}
                    scope="col"
                    aria-sort={state}
                    className={cx('p-0 whitespace-nowrap', numeric.has(c.field) && 'text-right', c.field === 'symbol' && 'sticky left-0 z-10 bg-slate-50 dark:bg-slate-900', wideOnly(c.field))}
                  >
                    <button
                      type="button"
                      disabled={disabled}
                      onClick={() => onSort(c.field)}
                      data-sort-field={c.field}
                      className={cx(
                        'flex w-full items-center gap-1 px-2 py-2 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-500 disabled:cursor-wait sm:px-3 dark:hover:text-white',
                        numeric.has(c.field) && 'justify-end',
                      )}
                    >
                      {c.label}
                      <span aria-hidden="true" className={cx('text-[10px]', state === 'none' && 'opacity-30')}>
                        {arrow(state)}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {results.map((r) => {
              const expanded = open.has(r.symbol);
              return (
                <Fragment key={r.symbol}>
                  <tr className="hover:bg-slate-50 dark:hover:bg-slate-900/60">
                    <th scope="row" className="sticky left-0 bg-white px-2 py-2 text-left font-semibold whitespace-nowrap sm:px-3 dark:bg-slate-950">
                      {/* on a phone the star sits in the row's details (the row keeps its four columns) */}
                      <StarToggle symbol={r.symbol} className="mr-1 align-middle max-sm:hidden" />
                      <a
                        href={`/rchart/${encodeURIComponent(r.symbol)}/`}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                      >
                        {r.symbol}
                      </a>
                      <button
                        type="button"
                        onClick={() => toggle(r.symbol)}
                        aria-expanded={expanded}
                        aria-label={RESULTS_PHONE_TEXT.details(r.symbol)}
                        className="ml-1 rounded px-1 text-slate-500 sm:hidden dark:text-slate-400"
                      >
                        <span aria-hidden="true" className={cx('inline-block transition-transform', expanded && 'rotate-180')}>⌄</span>
                      </button>
                    </th>
                    <td className={cx('max-w-56 truncate px-3 py-2 text-slate-700 dark:text-slate-300', wideOnly('name'))} title={r.name}>
                      {formatText(r.name)}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">{formatDecimal(r.price)}</td>
                    <td className={cx('px-2 py-2 text-right tabular-nums sm:px-3', toneClass[changeTone(r.diff)])} data-tone={changeTone(r.diff)}>
                      {formatDecimal(r.diff)}
                    </td>
                    <td className={cx('px-2 py-2 text-right tabular-nums sm:px-3', toneClass[changeTone(r.chg)])} data-tone={changeTone(r.chg)}>
                      {formatPercent(r.chg)}
                    </td>
                    <td className={cx('px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-300', wideOnly('sector'))}>{formatText(r.sector)}</td>
                    <td className={cx('px-3 py-2 text-right tabular-nums', wideOnly('market_cap'))} title={r.market_cap === null ? undefined : formatGrouped(r.market_cap)} data-testid="market-cap">{formatCompact(r.market_cap)}</td>
                    <td className={cx('px-3 py-2 text-right tabular-nums', wideOnly('volume'))}>{formatGrouped(r.volume)}</td>
                  </tr>
                  {expanded && (
                    <tr className="bg-slate-50 sm:hidden dark:bg-slate-900/60" data-testid="result-details">
                      <td colSpan={PHONE_COLUMNS.length} className="px-3 py-2">
                        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                          <dt className="text-slate-500 dark:text-slate-400">Name</dt>
                          <dd className="break-words">{formatText(r.name)}</dd>
                          <dt className="text-slate-500 dark:text-slate-400">Sector</dt>
                          <dd>{formatText(r.sector)}</dd>
                          <dt className="text-slate-500 dark:text-slate-400">Market Cap</dt>
                          <dd className="tabular-nums">{formatCompact(r.market_cap)}</dd>
                          <dt className="text-slate-500 dark:text-slate-400">Volume</dt>
                          <dd className="tabular-nums">{formatGrouped(r.volume)}</dd>
                          <dd className="col-span-2 pt-1"><StarToggle symbol={r.symbol} /></dd>
                        </dl>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
