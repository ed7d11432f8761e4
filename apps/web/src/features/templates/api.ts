import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Indicator, IndicatorCreateBody, TemplateDetail, TemplateListItem, TemplateWriteBody } from '@app/contract';
import { api } from '../../lib/api.ts';

// /api/templates/ and /api/indicators/ (spec §7). The list and each detail are cached separately;
// writes update the cache from the answer so the screen never shows a stale name or indicator list.
const LIST_KEY = ['templates'] as const;
const detailKey = (id: number) => ['templates', id] as const;

export function useTemplates() {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => api.get<TemplateListItem[]>('/api/templates/') });
}

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: () => api.get<TemplateDetail>(`/api/templates/${id}/`),
    enabled: id !== null,
  });
}

const listItem = (t: TemplateDetail): TemplateListItem => ({ id: t.id, name: t.name });

export function useCreateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateWriteBody) => api.post<TemplateDetail>('/api/templates/', body),
    onSuccess: (t) => {
      qc.setQueryData<TemplateListItem[]>(LIST_KEY, (old) => [...(old ?? []), listItem(t)]);
      qc.setQueryData(detailKey(t.id), t);
    },
  });
}

export function useUpdateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TemplateWriteBody }) => api.put<TemplateDetail>(`/api/templates/${id}/`, body),
    onSuccess: (t) => {
      qc.setQueryData<TemplateListItem[]>(LIST_KEY, (old) => old?.map((x) => (x.id === t.id ? listItem(t) : x)));
      qc.setQueryData(detailKey(t.id), t);
    },
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/templates/${id}/`),
    onSuccess: (_, id) => {
      qc.setQueryData<TemplateListItem[]>(LIST_KEY, (old) => old?.filter((x) => x.id !== id));
      qc.removeQueries({ queryKey: detailKey(id) });
    },
  });
}

export function useCreateIndicator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: IndicatorCreateBody) => api.post<Indicator>('/api/indicators/', body),
    // Spec §4: the new indicator is appended to the template's list.
    onSuccess: (ind) =>
      qc.setQueryData<TemplateDetail>(detailKey(ind.template), (t) => (t ? { ...t, indicators: [...t.indicators, ind] } : t)),
  });
}

export function useDeleteIndicator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ind: Indicator) => api.delete<void>(`/api/indicators/${ind.id}/`),
    onSuccess: (_, ind) =>
      qc.setQueryData<TemplateDetail>(detailKey(ind.template), (t) => (t ? { ...t, indicators: t.indicators.filter((x) => x.id !== ind.id) } : t)),
  });
}
