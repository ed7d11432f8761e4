import type { UniverseRow, UniverseSortField } from '@app/contract';
import { cx, KeyColumnsTable, PhoneSortBar, SortButton, Spinner, type KeyColumn } from '../../../components/index.ts';
import { ariaSort, toneOf, UNIVERSE_COLUMNS, type Sort } from '../format.ts';
import { MANY_TEXT } from '../texts.ts';

const toneClass = { up: 'text-up', down: 'text-down', none: '' } as const;
/** What a phone keeps in the row: the symbol, its return and its Sharpe ratio (the rest in the details). */
const ON_PHONE = new Set<UniverseSortField>(['symbol', 'return_pct', 'sharpe']);

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
  const columns = UNIVERSE_COLUMNS.map(
    (c): KeyColumn<UniverseRow> => ({
      key: c.field,
      label: c.label,
      phone: ON_PHONE.has(c.field),
      rowHeader: c.field === 'symbol',
      align: c.numeric ? 'right' : 'left',
      sort: ariaSort(sort, c.field),
      header: (
        <SortButton state={ariaSort(sort, c.field)} onClick={() => onSort(c.field)} align={c.numeric ? 'right' : 'left'} data-sort-field={c.field}>
          {c.label}
        </SortButton>
      ),
      headerClassName: 'whitespace-nowrap',
      className: (r) => cx('whitespace-nowrap', !c.numeric && c.field !== 'symbol' && 'max-w-40 truncate text-slate-700 dark:text-slate-300', c.signed && toneClass[toneOf(r[c.field] as number | null)]),
      cell: (r) =>
        c.field === 'symbol' ? (
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
        ) : (
          c.show(r)
        ),
    }),
  );
  return (
    <div className={cx(busy && 'opacity-60')}>
      <PhoneSortBar
        id="universe-sort-by"
        value={sort.field}
        desc={sort.desc}
        options={UNIVERSE_COLUMNS.map((c) => ({ value: c.field, label: c.label }))}
        onSort={onSort}
        disabled={busy}
      />
      <div className="overflow-x-auto">
        <KeyColumnsTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.symbol}
          detailsLabel={(r) => `Details of ${r.symbol}`}
          label={MANY_TEXT.tableTitle}
          headClassName="text-[11px] text-slate-600 dark:bg-slate-800/60"
          rowProps={() => ({ 'data-testid': 'universe-row' })}
          busy={busy}
          dense
        />
      </div>
    </div>
  );
}
