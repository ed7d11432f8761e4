import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckSymbolResult, Period } from '@app/contract';
import { api } from '../../lib/api.ts';

// /api/periods/ and /api/check_symbol/ (spec §7).
const LIST_KEY = ['periods'] as const;
export type PeriodBody = Omit<Period, 'id'>;

export function usePeriods() {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => api.get<Period[]>('/api/periods/') });
}

export const checkSymbol = (symbol: string) => api.get<CheckSymbolResult>(`/api/check_symbol/?symbol=${encodeURIComponent(symbol)}`);

export function useSavePeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PeriodBody }) =>
      id === null ? api.post<Period>('/api/periods/', body) : api.put<Period>(`/api/periods/${id}/`, body),
    onSuccess: (p) =>
      qc.setQueryData<Period[]>(LIST_KEY, (old) => (old?.some((x) => x.id === p.id) ? old.map((x) => (x.id === p.id ? p : x)) : [...(old ?? []), p])),
  });
}

export function useDeletePeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/periods/${id}/`),
    onSuccess: (_, id) => qc.setQueryData<Period[]>(LIST_KEY, (old) => old?.filter((x) => x.id !== id)),
  });
}
