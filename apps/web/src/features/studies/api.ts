import { useMutation, useQuery } from '@tanstack/react-query';
import { endpoints, type SubmitSelectionInput } from '@app/contract';
import { call, fetchPage } from '../../lib/api.ts';
import { CHART_PAGE, CHART_PAGE_MARKER } from './texts.ts';

// The calls of the Backtest screen (spec §7). Same cache keys as the Templates and Periods screens,
// so a template or period just created there shows here without a refetch.
export function useTemplateList() {
  return useQuery({ queryKey: ['templates'], queryFn: () => call(endpoints.templates.list) });
}

export function useTemplateDetail(id: number | null) {
  return useQuery({ queryKey: ['templates', id ?? 0], queryFn: () => call(endpoints.templates.get, { params: { id } }), enabled: id !== null });
}

export function usePeriodList() {
  return useQuery({ queryKey: ['periods'], queryFn: () => call(endpoints.periods.list) });
}

export function useRunBacktest() {
  return useMutation({ mutationFn: (ids: SubmitSelectionInput) => call(endpoints.submitSelection, { body: ids }) });
}

/** GET /public/chart.html: true when the static chart page is served. */
export async function chartPageExists(): Promise<boolean> {
  return (await fetchPage(CHART_PAGE))?.includes(CHART_PAGE_MARKER) ?? false;
}
