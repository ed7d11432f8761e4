import type { ReactNode } from 'react';
import type { IndicatorColumn, OrderingField, ScanResult } from '@app/contract';
import { KeyColumnsTable, PhoneSortBar, SortButton, StarToggle, type KeyColumn } from '../../../components/index.ts';
import { changeTone, formatCompact, formatDecimal, formatGrouped, formatPercent, formatText } from '../format.ts';
import { ariaSort, type SortState } from '../sorting.ts';
import { PHONE_COLUMNS, RESULT_COLUMNS, RESULTS_PHONE_TEXT, SCANNER_TEXT } from '../texts.ts';

const toneClass = { positive: 'text-emerald-600 dark:text-emerald-400', negative: 'text-red-600 dark:text-red-400', none: 'text-slate-500 dark:text-slate-400' };
const numeric = new Set<OrderingField>(['price', 'diff', 'chg', 'market_cap', 'volume']);
const onPhone = new Set<OrderingField>(PHONE_COLUMNS);
type Column = (typeof RESULT_COLUMNS)[number]['field'];

/** What each column shows of a result. */
const show: Record<Column, (r: ScanResult) => ReactNode> = {
  symbol: (r) => (
    <>
      {/* on a phone the star sits in the row's details (the row keeps its four columns) */}
      <StarToggle symbol={r.symbol} className="mr-1 align-middle max-sm:hidden" />
      <a href={`/rchart/${encodeURIComponent(r.symbol)}/`} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
        {r.symbol}
      </a>
    </>
  ),
  name: (r) => <span title={r.name}>{formatText(r.name)}</span>,
  price: (r) => formatDecimal(r.price),
  diff: (r) => formatDecimal(r.diff),
  chg: (r) => formatPercent(r.chg),
  sector: (r) => formatText(r.sector),
  market_cap: (r) => (
    <span data-testid="market-cap" title={r.market_cap === null ? undefined : formatGrouped(r.market_cap)}>
      {formatCompact(r.market_cap)}
    </span>
  ),
  volume: (r) => formatGrouped(r.volume),
};

/** How each column's cells look beyond their alignment. */
const cellClass: Partial<Record<Column, (r: ScanResult) => string>> = {
  name: () => 'max-w-56 truncate text-slate-700 dark:text-slate-300',
  diff: (r) => toneClass[changeTone(r.diff)],
  chg: (r) => toneClass[changeTone(r.chg)],
  sector: () => 'whitespace-nowrap text-slate-700 dark:text-slate-300',
};

export interface ResultsTableProps {
  results: ScanResult[];
  /** a column per indicator the scan filtered on, after the fixed ones (in a phone's row details) */
  indicators?: readonly IndicatorColumn[];
  sort: SortState;
  onSort: (field: OrderingField) => void;
  disabled?: boolean;
}

/** The results (spec §2), then the values of the indicators the scan filtered on: sortable headers (a click anywhere in a header cell sorts), symbols opening
 *  the advanced chart in a new tab. On a phone the table keeps Symbol, Price, Change and % Change; a
 *  tap on a row's ⌄ shows the rest, and a "Sort by" picker reaches the columns a phone leaves out. */
export function ResultsTable({ results, indicators = [], sort, onSort, disabled }: ResultsTableProps) {
  const columns = RESULT_COLUMNS.map((c): KeyColumn<ScanResult> => {
    const align = numeric.has(c.field) ? 'right' : 'left';
    return {
      key: c.field,
      label: c.label,
      phone: onPhone.has(c.field),
      rowHeader: c.field === 'symbol',
      align,
      sort: ariaSort(sort, c.field),
      header: (
        <SortButton state={ariaSort(sort, c.field)} onClick={() => onSort(c.field)} align={align} disabled={disabled} data-sort-field={c.field}>
          {c.label}
        </SortButton>
      ),
      headerClassName: 'whitespace-nowrap',
      className: cellClass[c.field],
      cell: show[c.field],
    };
  }).concat(
    indicators.map((c): KeyColumn<ScanResult> => ({
      key: c.field,
      label: c.label,
      align: 'right',
      sort: ariaSort(sort, c.field),
      header: (
        <SortButton state={ariaSort(sort, c.field)} onClick={() => onSort(c.field)} align="right" disabled={disabled} data-sort-field={c.field}>
          {c.label}
        </SortButton>
      ),
      headerClassName: 'whitespace-nowrap',
      className: () => 'tabular-nums',
      cell: (r) => (c.field === 'vol_avg' ? formatGrouped(r[c.field]) : formatDecimal(r[c.field])),
    })),
  );
  return (
    <div className="space-y-2">
      <PhoneSortBar
        id="scanner-sort-by"
        value={sort.field}
        desc={sort.desc}
        options={[...RESULT_COLUMNS, ...indicators].map((c): { value: OrderingField; label: string } => ({ value: c.field, label: c.label }))}
        onSort={onSort}
        disabled={disabled}
      />
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <KeyColumnsTable
          rows={results}
          columns={columns}
          rowKey={(r) => r.symbol}
          detailsLabel={(r) => RESULTS_PHONE_TEXT.details(r.symbol)}
          label={SCANNER_TEXT.resultsTable}
          headClassName="text-slate-600"
          detailsExtra={(r) => <StarToggle symbol={r.symbol} />}
          detailsTestId="result-details"
        />
      </div>
    </div>
  );
}
