import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { useOpenRows } from './useOpenRows.ts';
import { cx } from './cx.ts';

// One table for every wide list of rows (best cells, universe results, portfolio trades, watchlist,
// scanner): on a wider screen every column shows; on a phone only the key columns stay, and a tap on
// the ⌄ beside a row's first cell opens a details line with the others (label: value).

export type SortState = 'ascending' | 'descending' | 'none';

export interface KeyColumn<R> {
  key: string;
  /** the column's name: its header, and its label in a row's details */
  label: string;
  /** the header cell's content when it is more than the label (a sort button) */
  header?: ReactNode;
  cell: (row: R) => ReactNode;
  align?: 'left' | 'right';
  /** a key column: it stays on a phone (the others move into the row's details) */
  phone?: boolean;
  /** the row's header cell (th scope=row), sticky on the left; the details toggle sits in it */
  rowHeader?: boolean;
  /** left out of a row's details (a drag handle that means nothing there) */
  noDetails?: boolean;
  /** the header's aria-sort, for a sortable column (its SortButton then takes the whole header cell) */
  sort?: SortState;
  className?: string | ((row: R) => string | false | undefined);
  headerClassName?: string;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string; [data: `data-${string}`]: string | undefined };

export interface KeyColumnsTableProps<R> {
  rows: readonly R[];
  columns: readonly KeyColumn<R>[];
  rowKey: (row: R) => string;
  /** the accessible name of a row's details toggle ("Details of AAPL") */
  detailsLabel: (row: R) => string;
  label: string;
  /** attributes of a row (test ids, drag handlers, highlight classes) */
  rowProps?: (row: R) => RowAttributes;
  /** something a row's details show after the columns (actions a phone has no room for in the row) */
  detailsExtra?: (row: R) => ReactNode;
  className?: string;
  headClassName?: string;
  bodyRef?: React.Ref<HTMLTableSectionElement>;
  busy?: boolean;
  /** narrower cell padding (a table of many columns) */
  dense?: boolean;
  /** the test id of a row's details line */
  detailsTestId?: string;
}

const hiddenOnPhone = 'max-sm:hidden';

export function KeyColumnsTable<R>({ rows, columns, rowKey, detailsLabel, label, rowProps, detailsExtra, className, headClassName, bodyRef, busy, dense, detailsTestId = 'row-details' }: KeyColumnsTableProps<R>) {
  const pad = dense ? 'px-1.5' : 'px-2 sm:px-3';
  const [open, toggle] = useOpenRows<string>();
  const toggleAt = Math.max(0, columns.findIndex((c) => c.rowHeader) >= 0 ? columns.findIndex((c) => c.rowHeader) : columns.findIndex((c) => c.phone));
  const phoneCount = columns.filter((c) => c.phone).length;
  const detailColumns = columns.filter((c) => !c.phone && !c.noDetails);
  const align = (c: KeyColumn<R>) => (c.align === 'right' ? 'text-right' : 'text-left');

  return (
    <table className={cx('w-full text-sm', className)} aria-label={label} aria-busy={busy || undefined}>
      <thead className={cx('bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400', headClassName)}>
        <tr>
          {columns.map((c) => (
            <th
              key={c.key}
              scope="col"
              aria-sort={c.sort}
              className={cx(
                pad,
                'py-2',
                align(c),
                !c.phone && hiddenOnPhone,
                c.rowHeader ? 'sticky left-0 z-10 bg-slate-50 dark:bg-slate-800' : c.sort && 'relative',
                c.headerClassName,
              )}
            >
              {c.header ?? c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody ref={bodyRef} className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((r) => {
          const key = rowKey(r);
          const expanded = open.has(key);
          const attrs = rowProps?.(r) ?? {};
          return (
            <Fragment key={key}>
              <tr {...attrs} className={cx('hover:bg-slate-50 dark:hover:bg-slate-800/50', attrs.className)}>
                {columns.map((c, i) => {
                  const extra = typeof c.className === 'function' ? c.className(r) : c.className;
                  const content = (
                    <>
                      {c.cell(r)}
                      {i === toggleAt && (
                        <button
                          type="button"
                          onClick={() => toggle(key)}
                          aria-expanded={expanded}
                          aria-label={detailsLabel(r)}
                          className="ml-1 rounded px-1 text-slate-500 sm:hidden dark:text-slate-400"
                        >
                          <span aria-hidden="true" className={cx('inline-block transition-transform', expanded && 'rotate-180')}>⌄</span>
                        </button>
                      )}
                    </>
                  );
                  const cls = cx(pad, 'py-1.5 tabular-nums', align(c), !c.phone && hiddenOnPhone, extra);
                  return c.rowHeader ? (
                    <th key={c.key} scope="row" className={cx('sticky left-0 bg-white font-semibold whitespace-nowrap dark:bg-slate-900', cls)}>
                      {content}
                    </th>
                  ) : (
                    <td key={c.key} className={cls}>
                      {content}
                    </td>
                  );
                })}
              </tr>
              {expanded && (
                <tr className="bg-slate-50 sm:hidden dark:bg-slate-900/60" data-testid={detailsTestId}>
                  <td colSpan={phoneCount} className="px-3 py-2">
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                      {detailColumns.map((c) => (
                        <Fragment key={c.key}>
                          <dt className="text-slate-500 dark:text-slate-400">{c.label}</dt>
                          <dd className="min-w-0 break-words tabular-nums">{c.cell(r)}</dd>
                        </Fragment>
                      ))}
                      {detailsExtra && <dd className="col-span-2 pt-1">{detailsExtra(r)}</dd>}
                    </dl>
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

/** A sortable column's header, with an arrow for the current order. Its ::after covers the whole header
 *  cell (which KeyColumnsTable positions), so a click anywhere in the cell sorts, not only on the label. */
export function SortButton({ state, onClick, children, align = 'left', disabled, ...data }: { state: SortState; onClick: () => void; children: ReactNode; align?: 'left' | 'right'; disabled?: boolean } & Record<`data-${string}`, string>) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      {...data}
      className={cx(
        "inline-flex items-center gap-1 rounded font-semibold uppercase after:absolute after:inset-0 after:content-[''] hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:cursor-wait dark:hover:text-white",
        align === 'right' && 'justify-end text-right',
      )}
    >
      {children}
      <span aria-hidden="true" className={cx('text-[10px]', state === 'none' && 'opacity-30')}>
        {state === 'descending' ? '▼' : state === 'ascending' ? '▲' : '↕'}
      </span>
    </button>
  );
}

/** On a phone, where most headers are in the details: which column the rows sort by, and which way. */
export function PhoneSortBar<F extends string>({ id, value, options, desc, onSort, disabled }: { id: string; value: F; options: readonly { value: F; label: string }[]; desc: boolean; onSort: (field: F) => void; disabled?: boolean }) {
  return (
    <div className="flex items-center gap-2 px-3 py-2 sm:hidden">
      <label htmlFor={id} className="text-sm text-slate-600 dark:text-slate-400">Sort by</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onSort(e.target.value as F)}
        className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onSort(value)}
        aria-label={desc ? 'Sort ascending' : 'Sort descending'}
        className="h-9 rounded-md border border-slate-300 px-3 text-sm dark:border-slate-700"
      >
        {desc ? '▼' : '▲'}
      </button>
    </div>
  );
}
