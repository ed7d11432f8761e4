import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@app/contract';
import { call } from '../../lib/api.ts';
import { rememberList, WATCHLISTS_KEY } from '../../lib/watchlistStar.ts';

// The calls of /watchlists. Every key starts with WATCHLISTS_KEY, so a star clicked elsewhere (or a
// change here) refreshes the lists, the rows and the stars together.

const w = endpoints.watchlists;

export function useWatchlists() {
  return useQuery({ queryKey: [...WATCHLISTS_KEY, 'list'], queryFn: () => call(w.list) });
}

export function useWatchlistRows(id: number | null) {
  return useQuery({ queryKey: [...WATCHLISTS_KEY, 'rows', id ?? 0], queryFn: () => call(w.rows, { params: { id } }), enabled: id !== null });
}

/** Every change to a list: the call, then the lists, rows and stars are refreshed before it resolves
 *  (also after a failure, so a refused reorder puts the rows back in the server's order). */
export function useWatchlistActions() {
  const qc = useQueryClient();
  const then = async <R,>(p: Promise<R>): Promise<R> => {
    try {
      return await p;
    } finally {
      await qc.invalidateQueries({ queryKey: WATCHLISTS_KEY });
    }
  };
  return {
    create: (name: string) =>
      then(call(w.create, { body: { name } })).then((list) => {
        rememberList(list.id);
        return list;
      }),
    rename: (id: number, name: string) => then(call(w.rename, { params: { id }, body: { name } })),
    remove: (id: number) => then(call(w.remove, { params: { id } })),
    add: (id: number, symbols: string[]) => then(call(w.addSymbols, { params: { id }, body: { symbols } })),
    removeSymbol: (id: number, symbol: string) => then(call(w.removeSymbol, { params: { id, symbol } })),
    reorder: (id: number, symbols: string[]) => then(call(w.reorder, { params: { id }, body: { symbols } })),
    importCsv: (id: number, csv: string) => then(call(w.importCsv, { params: { id }, body: { csv } })),
  };
}

export const exportCsv = (id: number) => call(w.exportCsv, { params: { id } });
