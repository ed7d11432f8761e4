import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type SymbolSearchResult } from '@app/contract';
import { call } from './api.ts';

// The symbol box's search (GET /api/symbols/search/), shared by every screen where a symbol is typed.

/** Pause after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 150;
export const SEARCH_LIMIT = 8;

/** What to ask the server for what is in the box: trimmed, inner spaces kept (name words), at most 50
 *  characters; '' asks nothing. */
export const searchTerm = (typed: string) => typed.trim().replace(/\s+/g, ' ').slice(0, 50);

export const searchSymbols = (q: string, limit = SEARCH_LIMIT) => call(endpoints.symbols.search, { query: { q, limit: String(limit) } });

/** The value, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Matches for the typed text (debounced); the previous answer stays shown while the next loads. */
export function useSymbolSearch(typed: string, enabled = true) {
  const q = useDebounced(searchTerm(typed), SEARCH_DEBOUNCE_MS);
  return useQuery<SymbolSearchResult>({
    queryKey: ['symbol-search', q],
    queryFn: () => searchSymbols(q),
    enabled: enabled && q.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Suggestions for a ticker the market does not hold: listings starting like it, else the most traded
 *  ones sharing its first letter, so the user always has something to pick. */
export function useSuggestions(symbol: string | null) {
  return useQuery<SymbolSearchResult>({
    queryKey: ['symbol-suggestions', symbol],
    enabled: Boolean(symbol),
    staleTime: 60_000,
    queryFn: async () => {
      const q = searchTerm(symbol ?? '');
      const first = await searchSymbols(q, 5);
      if (first.results.length || q.length < 2) return first;
      return searchSymbols(q[0], 5);
    },
  });
}

/** The option the arrow keys lead to: -1 is none (the box itself); the list wraps around. */
export function moveActive(active: number, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End', count: number): number {
  if (count <= 0) return -1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'ArrowDown') return active + 1 >= count ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
