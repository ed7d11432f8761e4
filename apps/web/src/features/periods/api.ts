import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Period, type PeriodWriteBody } from '@app/contract';
import { call } from '../../lib/api.ts';

// /api/periods/ and /api/check_symbol/ (spec §7).
const LIST_KEY = ['periods'] as const;
const { periods } = endpoints;

export function usePeriods() {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => call(periods.list) });
}

export const checkSymbol = (symbol: string) => call(endpoints.checkSymbol, { query: { symbol } });

export function useSavePeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PeriodWriteBody }) =>
      id === null ? call(periods.create, { body }) : call(periods.update, { params: { id }, body }),
    onSuccess: (p) =>
      qc.setQueryData<Period[]>(LIST_KEY, (old) => (old?.some((x) => x.id === p.id) ? old.map((x) => (x.id === p.id ? p : x)) : [...(old ?? []), p])),
  });
}

export function useDeletePeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(periods.remove, { params: { id } }),
    onSuccess: (_, id) => qc.setQueryData<Period[]>(LIST_KEY, (old) => old?.filter((x) => x.id !== id)),
  });
}
