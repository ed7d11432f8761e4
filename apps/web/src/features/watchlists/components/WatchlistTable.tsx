import { Fragment, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { WatchlistRow } from '@app/contract';
import { BellIcon, cx } from '../../../components/index.ts';
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

  return (
    // relative: the header's screen-reader-only labels stay inside the scrolling box on a phone.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <table className="min-w-full text-sm" aria-label={T.table}>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-900 dark:text-slate-400">
          <tr>
            {manual && (
              <th scope="col" className="w-8 px-1 py-2">
                <span className="sr-only">Order</span>
              </th>
            )}
            {COLUMNS.map((c, i) => {
              const state = ariaSort(sort, c.key);
              return (
                <Fragment key={c.key}>
                  {i === 4 && (
                    <th scope="col" className="px-3 py-2 whitespace-nowrap">
                      3M
                    </th>
                  )}
                  <th
                    scope="col"
                    aria-sort={state}
                    className={cx('px-3 py-2 whitespace-nowrap', c.key !== 'symbol' && 'text-right', c.key === 'symbol' && 'sticky left-0 z-10 bg-slate-50 dark:bg-slate-900')}
                  >
                    <button
                      type="button"
                      onClick={() => onSort(c.key)}
                      data-sort={c.key}
                      className="inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-500 dark:hover:text-white"
                    >
                      {c.label}
                      <span aria-hidden="true" className={cx('text-[10px]', state === 'none' && 'opacity-30')}>
                        {state === 'descending' ? '▼' : state === 'ascending' ? '▲' : '↕'}
                      </span>
                    </button>
                  </th>
                </Fragment>
              );
            })}
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody ref={body} className="divide-y divide-slate-100 dark:divide-slate-800">
          {shown.map((r) => {
            const at = rows.indexOf(r);
            return (
              <tr
                key={r.symbol}
                data-symbol={r.symbol}
                draggable={manual && !busy}
                onDragStart={(e) => {
                  setDragFrom(at);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', r.symbol);
                }}
                onDragOver={(e) => {
                  if (dragFrom === null) return;
                  e.preventDefault();
                  setDropAt(at);
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragFrom !== null) move(dragFrom, at);
                  setDragFrom(null);
                  setDropAt(null);
                }}
                onDragEnd={() => {
                  setDragFrom(null);
                  setDropAt(null);
                }}
                className={cx(
                  'hover:bg-slate-50 dark:hover:bg-slate-900/60',
                  dragFrom === at && 'opacity-50',
                  dropAt === at && dragFrom !== at && 'outline-2 -outline-offset-2 outline-blue-500',
                )}
              >
                {manual && (
                  <td className="px-1 py-1.5 text-center">
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
                  </td>
                )}
                <th scope="row" className="sticky left-0 bg-white px-3 py-1.5 text-left font-semibold dark:bg-slate-950">
                  <Link to={`/rchart/${encodeURIComponent(r.symbol)}/`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300" title={r.name ?? undefined}>
                    {r.symbol}
                  </Link>
                  {r.name && <span className="hidden max-w-40 truncate text-xs font-normal text-slate-500 md:block dark:text-slate-400">{r.name}</span>}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatPrice(r.close)}</td>
                {(['change', 'change_pct'] as const).map((k) => (
                  <td key={k} className={cx('px-3 py-1.5 text-right tabular-nums', toneClass[tone(r[k])])}>
                    {k === 'change' ? formatChange(r[k]) : formatPercent(r[k])}
                  </td>
                ))}
                <td className="px-3 py-1.5">
                  <Sparkline closes={r.sparkline} symbol={r.symbol} />
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatRsi(r.rsi14)}</td>
                {(['sma50_dist_pct', 'sma200_dist_pct'] as const).map((k) => (
                  <td key={k} className={cx('px-3 py-1.5 text-right tabular-nums', signed.has(k) && toneClass[tone(r[k])])}>
                    {formatPercent(r[k])}
                  </td>
                ))}
                <td className="px-2 py-1.5 whitespace-nowrap">
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
