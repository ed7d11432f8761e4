import { useMutation, useQuery } from '@tanstack/react-query';
import type { BacktestRun, Period, SubmitSelectionInput, TemplateDetail, TemplateListItem } from '@app/contract';
import { api } from '../../lib/api.ts';
import { CHART_PAGE, CHART_PAGE_MARKER } from './texts.ts';

// The calls of the Backtest screen (spec §7). Same cache keys as the Templates and Periods screens,
// so a template or period just created there shows here without a refetch.
export function useTemplateList() {
  return useQuery({ queryKey: ['templates'], queryFn: () => api.get<TemplateListItem[]>('/api/templates/') });
}

export function useTemplateDetail(id: number | null) {
  return useQuery({ queryKey: ['templates', id ?? 0], queryFn: () => api.get<TemplateDetail>(`/api/templates/${id}/`), enabled: id !== null });
}

export function usePeriodList() {
  return useQuery({ queryKey: ['periods'], queryFn: () => api.get<Period[]>('/api/periods/') });
}

export function useRunBacktest() {
  return useMutation({ mutationFn: (ids: SubmitSelectionInput) => api.post<BacktestRun>('/api/submit_selection/', ids) });
}

/** GET /public/chart.html: true when the static chart page is served. */
export async function chartPageExists(): Promise<boolean> {
  try {
    const res = await fetch(CHART_PAGE, { cache: 'no-store', credentials: 'include' });
    return res.ok && (await res.text()).includes(CHART_PAGE_MARKER);
  } catch {
    return false;
  }
}
