// The calls of the many-symbol screens. Templates, periods and saved scans use the same cache keys as
// their own screens, so what was just created there shows here without a refetch.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Period, type PortfolioRunCreateBody, type UniverseRunCreateBody } from '@app/contract';
import { call } from '../../lib/api.ts';
import type { ManyKind } from '../../lib/manyLinks.ts';

export function useTemplateList() {
  return useQuery({ queryKey: ['templates'], queryFn: () => call(endpoints.templates.list) });
}

export function useTemplateDetail(id: number | null) {
  return useQuery({ queryKey: ['templates', id ?? 0], queryFn: () => call(endpoints.templates.get, { params: { id } }), enabled: id !== null });
}

export function usePeriodList() {
  return useQuery({ queryKey: ['periods'], queryFn: () => call(endpoints.periods.list) });
}

export function useSavedScans() {
  return useQuery({ queryKey: ['scanner', 'templates'], queryFn: () => call(endpoints.scanner.templates.list) });
}

const runEndpoints = { universe: endpoints.universeRuns, portfolio: endpoints.portfolioRuns } as const;
const finished = (status: string | undefined) => status === 'done' || status === 'failed' || status === 'cancelled';
/** How often a running run is asked for its progress. */
export const POLL_MS = 1000;

export function useRecentRuns(kind: ManyKind) {
  return useQuery({ queryKey: ['many', kind, 'list'], queryFn: () => (kind === 'universe' ? call(endpoints.universeRuns.list) : call(endpoints.portfolioRuns.list)) });
}

export function useStartUniverseRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UniverseRunCreateBody) => call(endpoints.universeRuns.start, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['many', 'universe', 'list'] }),
  });
}

export function useStartPortfolioRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PortfolioRunCreateBody) => call(endpoints.portfolioRuns.start, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['many', 'portfolio', 'list'] }),
  });
}

/** A universe run and one sorted page of its table, asked again every second until it has finished. */
export function useUniverseRun(id: number, query: { ordering: string; page: number; page_size: number }) {
  return useQuery({
    queryKey: ['many', 'universe', id, query],
    queryFn: () => call(endpoints.universeRuns.get, { params: { id }, query }),
    refetchInterval: (q) => (q.state.error || finished(q.state.data?.status) ? false : POLL_MS),
    // another page or order of the same run keeps the table on screen (dimmed) until it arrives
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === id ? prev : undefined),
    retry: false,
  });
}

/** Every row of a finished universe run (for the CSV), in the table's order. */
export async function fetchAllRows(id: number, ordering: string, count: number) {
  const run = await call(endpoints.universeRuns.get, { params: { id }, query: { ordering, page: 1, page_size: Math.max(1, count) } });
  return run.rows?.results ?? [];
}

export function usePortfolioRun(id: number) {
  return useQuery({
    queryKey: ['many', 'portfolio', id],
    queryFn: () => call(endpoints.portfolioRuns.get, { params: { id } }),
    refetchInterval: (q) => (q.state.error || finished(q.state.data?.status) ? false : POLL_MS),
    retry: false,
  });
}

export function useCancelRun(kind: ManyKind, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(runEndpoints[kind].cancel, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['many', kind] }),
  });
}

/** The period of `symbol` over these dates: one of the user's own if it exists, else a new one (the
 *  Backtest screen runs a template on a saved period). */
export function useStudyPeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ symbol, start, end }: { symbol: string; start: string; end: string }): Promise<Period> => {
      const periods = await qc.fetchQuery({ queryKey: ['periods'], queryFn: () => call(endpoints.periods.list) });
      const same = periods.find((p) => p.stock_ticker === symbol && p.start_date === start && p.end_date === end);
      if (same) return same;
      const created = await call(endpoints.periods.create, { body: { stock_ticker: symbol, start_date: start, end_date: end } });
      await qc.invalidateQueries({ queryKey: ['periods'] });
      return created;
    },
  });
}
