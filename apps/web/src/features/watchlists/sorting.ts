import type { WatchlistRow } from '@app/contract';

// Sorting the /watchlists rows on the client (a list holds at most 500 symbols). Unsorted is the
// user's own order; a symbol without enough history sorts last whichever the direction.

export type SortKey = 'symbol' | 'close' | 'change' | 'change_pct' | 'rsi14' | 'sma50_dist_pct' | 'sma200_dist_pct';
export type SortDirection = 'asc' | 'desc';
export interface RowSort {
  key: SortKey;
  direction: SortDirection;
}

export function sortRows(rows: readonly WatchlistRow[], sort: RowSort | null): WatchlistRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null && y === null) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number));
  });
}

/** A header click: a new column sorts descending (symbols ascending), the same column flips, and a
 *  third click goes back to the list's own order. */
export function nextSort(current: RowSort | null, key: SortKey): RowSort | null {
  const first: SortDirection = key === 'symbol' ? 'asc' : 'desc';
  if (!current || current.key !== key) return { key, direction: first };
  if (current.direction === first) return { key, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

export function ariaSort(current: RowSort | null, key: SortKey): 'ascending' | 'descending' | 'none' {
  if (!current || current.key !== key) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const out = [...items];
  if (from < 0 || from >= out.length) return out;
  const [it] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, it);
  return out;
}
