import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Watchlist } from '@app/contract';
import { call } from './api.ts';

// The star toggle's data, shared by the scanner rows, the chart headers, the Backtest page and the
// /watchlists page: every list of the user with its symbols, fetched once and kept in one cache entry,
// so a table of 50 starred rows costs the same few requests as one chart header.

export const WATCHLISTS_KEY = ['watchlists'] as const;
const INDEX_KEY = [...WATCHLISTS_KEY, 'index'] as const;
const LAST_USED = 'watchlists.lastUsed';
/** The list a first star creates when the user has none. */
export const FIRST_LIST_NAME = 'My watchlist';

export interface WatchlistIndex {
  lists: Watchlist[];
}

async function fetchIndex(): Promise<WatchlistIndex> {
  const items = await call(endpoints.watchlists.list);
  const lists = await Promise.all(items.map((w) => call(endpoints.watchlists.get, { params: { id: w.id } })));
  return { lists };
}

export function useWatchlistIndex(enabled = true) {
  return useQuery({ queryKey: INDEX_KEY, queryFn: fetchIndex, enabled, staleTime: 30_000 });
}

export function lastUsedList(): number | null {
  try {
    const v = Number(localStorage.getItem(LAST_USED));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export function rememberList(id: number) {
  try {
    localStorage.setItem(LAST_USED, String(id));
  } catch {
    // private mode: the first list stays the default
  }
}

/** The list one click adds to: the last one used while it exists, else the first by name. */
export function defaultList(lists: readonly Pick<Watchlist, 'id'>[], lastUsed: number | null): number | null {
  if (lastUsed !== null && lists.some((l) => l.id === lastUsed)) return lastUsed;
  return lists[0]?.id ?? null;
}

/** Add or remove a symbol, then refresh every watchlist view (the index, the page's lists and rows). */
export function useStarActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: WATCHLISTS_KEY });
  return {
    async add(listId: number, symbol: string) {
      await call(endpoints.watchlists.addSymbols, { params: { id: listId }, body: { symbols: [symbol] } });
      rememberList(listId);
      await refresh();
    },
    async remove(listId: number, symbol: string) {
      await call(endpoints.watchlists.removeSymbol, { params: { id: listId, symbol } });
      rememberList(listId);
      await refresh();
    },
    /** The user's first list, created with the symbol in it. */
    async createWith(symbol: string) {
      const w = await call(endpoints.watchlists.create, { body: { name: FIRST_LIST_NAME, symbols: [symbol] } });
      rememberList(w.id);
      await refresh();
    },
  };
}
