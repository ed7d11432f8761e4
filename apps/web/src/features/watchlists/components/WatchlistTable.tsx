import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { WatchlistRow } from '@app/contract';
import { BellIcon, cx, KeyColumnsTable, SortButton, type KeyColumn } from '../../../components/index.ts';
import { formatChange, formatPercent, formatPrice, formatRsi, tone, toneClass } from '../format.ts';
import { ariaSort, sortRows, type RowSort, type SortKey } from '../sorting.ts';
import { COLUMNS, WATCHLIST_TEXT as T } from '../texts.ts';
import { Sparkline } from './Sparkline.tsx';

export interface WatchlistTableProps {
  /** in the list's order */
  rows: WatchlistRow[];
  sort: RowSort | null;
  onSort: (key: SortKey) => void;
  /** Moves the symbol at `from` to `to` (positions in the list's order). */
  onMove: (from: number, to: number) => void;
  onRemove: (symbol: string) => void;
  busy?: boolean;
}

const signed = new Set<SortKey>(['change', 'change_pct', 'sma50_dist_pct', 'sma200_dist_pct']);
const iconButton =
  'inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-30 dark:hover:bg-slate-800 dark:hover:text-white';

/** The rows of a list: sortable columns; in the list's own order, rows move by drag (the handle),
 *  by Alt+↑/↓ on the handle, or by the arrow buttons. */
export function WatchlistTable({ rows, sort, onSort, onMove, onRemove, busy }: WatchlistTableProps) {
  const shown = sortRows(rows, sort);
  const manual = sort === null;
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  // After a keyboard move the row re-renders elsewhere: focus follows its handle.
  const refocus = useRef<string | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (!refocus.current) return;
    body.current?.querySelector<HTMLButtonElement>(`[data-handle="${CSS.escape(refocus.current)}"]`)?.focus();
    refocus.current = null;
  });

  // The move controls stay enabled while a change is saved (a disabled button would drop the
  // keyboard focus); a move asked for meanwhile is ignored.
  const move = (from: number, to: number, byKey = false) => {
    if (busy || to < 0 || to >= rows.length || from === to) return;
    if (byKey) refocus.current = rows[from].symbol;
    setAnnounce(T.moved(rows[from].symbol, to + 1, rows.length));
    onMove(from, to);
  };

  const handle = (r: WatchlistRow, at: number) => (
    <button
      type="button"
      data-handle={r.symbol}
      aria-label={T.dragHandle(r.symbol)}
      aria-describedby="watchlist-reorder-hint"
      onKeyDown={(e) => {
        if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
        e.preventDefault();
        move(at, at + (e.key === 'ArrowUp' ? -1 : 1), true);
      }}
      className={cx(iconButton, 'cursor-grab')}
    >
      <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
        <circle cx="7" cy="5" r="1.5" />
        <circle cx="13" cy="5" r="1.5" />
        <circle cx="7" cy="10" r="1.5" />
        <circle cx="13" cy="10" r="1.5" />
        <circle cx="7" cy="15" r="1.5" />
        <circle cx="13" cy="15" r="1.5" />
      </svg>
    </button>
  );
  const actions = (r: WatchlistRow, at: number) => (
    <span className="whitespace-nowrap">
      {manual && (
        <>
          <button type="button" className={iconButton} aria-label={T.moveUp(r.symbol)} disabled={at === 0} onClick={() => move(at, at - 1)}>
            ↑
          </button>
          <button type="button" className={iconButton} aria-label={T.moveDown(r.symbol)} disabled={at === rows.length - 1} onClick={() => move(at, at + 1)}>
            ↓
          </button>
        </>
      )}
      <Link to={`/alerts?new=price&symbol=${encodeURIComponent(r.symbol)}`} className={iconButton} aria-label={T.alertOn(r.symbol)} title={T.alertOn(r.symbol)}>
        <BellIcon className="size-4" />
      </Link>
      <button type="button" className={cx(iconButton, 'hover:text-red-600')} aria-label={T.removeSymbol(r.symbol)} disabled={busy} onClick={() => onRemove(r.symbol)}>
        ×
      </button>
    </span>
  );

  const sortable = (key: SortKey, label: string): Pick<KeyColumn<WatchlistRow>, 'key' | 'label' | 'sort' | 'header' | 'align' | 'headerClassName'> => ({
    key,
    label,
    sort: ariaSort(sort, key),
    align: key === 'symbol' ? 'left' : 'right',
    headerClassName: 'whitespace-nowrap',
    header: (
      <SortButton state={ariaSort(sort, key)} onClick={() => onSort(key)} align={key === 'symbol' ? 'left' : 'right'} data-sort={key}>
        {label}
      </SortButton>
    ),
  });
  const label = (key: SortKey) => COLUMNS.find((c) => c.key === key)!.label;
  const at = (r: WatchlistRow) => rows.indexOf(r);
  // A phone keeps the symbol, its last price and its % change; the rest (and the row's buttons) in the details.
  const columns: KeyColumn<WatchlistRow>[] = [
    ...(manual ? [{ key: 'order', label: 'Order', header: <span className="sr-only">Order</span>, noDetails: true, headerClassName: 'w-8', className: 'text-center', cell: (r: WatchlistRow) => handle(r, at(r)) }] : []),
    {
      ...sortable('symbol', label('symbol')),
      phone: true,
      rowHeader: true,
      cell: (r) => (
        <>
          <Link to={`/rchart/${encodeURIComponent(r.symbol)}/`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300" title={r.name ?? undefined}>
            {r.symbol}
          </Link>
          {r.name && <span className="hidden max-w-40 truncate text-xs font-normal text-slate-500 md:block dark:text-slate-400">{r.name}</span>}
        </>
      ),
    },
    { ...sortable('close', label('close')), phone: true, cell: (r) => formatPrice(r.close) },
    { ...sortable('change', label('change')), className: (r) => toneClass[tone(r.change)], cell: (r) => formatChange(r.change) },
    { ...sortable('change_pct', label('change_pct')), phone: true, className: (r) => toneClass[tone(r.change_pct)], cell: (r) => formatPercent(r.change_pct) },
    { key: '3m', label: '3M', headerClassName: 'whitespace-nowrap', cell: (r) => <Sparkline closes={r.sparkline} symbol={r.symbol} /> },
    { ...sortable('rsi14', label('rsi14')), cell: (r) => formatRsi(r.rsi14) },
    ...(['sma50_dist_pct', 'sma200_dist_pct'] as const).map((k): KeyColumn<WatchlistRow> => ({ ...sortable(k, label(k)), className: (r) => signed.has(k) && toneClass[tone(r[k])], cell: (r) => formatPercent(r[k]) })),
    { key: 'actions', label: 'Actions', header: <span className="sr-only">Actions</span>, noDetails: true, cell: (r) => actions(r, at(r)) },
  ];

  return (
    // relative: the header's screen-reader-only labels stay inside the scrolling box on a phone.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <KeyColumnsTable
        rows={shown}
        columns={columns}
        rowKey={(r) => r.symbol}
        detailsLabel={(r) => T.details(r.symbol)}
        label={T.table}
        bodyRef={body}
        detailsExtra={(r) => actions(r, at(r))}
        headClassName="text-slate-600 dark:bg-slate-900"
        rowProps={(r) => {
          const i = at(r);
          return {
            'data-symbol': r.symbol,
            draggable: manual && !busy,
            onDragStart: (e) => {
              setDragFrom(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', r.symbol);
            },
            onDragOver: (e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              setDropAt(i);
            },
            onDrop: (e) => {
              e.preventDefault();
              if (dragFrom !== null) move(dragFrom, i);
              setDragFrom(null);
              setDropAt(null);
            },
            onDragEnd: () => {
              setDragFrom(null);
              setDropAt(null);
            },
            className: cx(dragFrom === i && 'opacity-50', dropAt === i && dragFrom !== i && 'outline-2 -outline-offset-2 outline-blue-500'),
          };
        }}
      />
    </div>
  );
}
