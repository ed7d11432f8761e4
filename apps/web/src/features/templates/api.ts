import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Indicator, type IndicatorCreateBody, type IndicatorMoveBody, type IndicatorUpdateBody, type TemplateDetail, type TemplateListItem, type TemplateWriteBody } from '@app/contract';
import { call } from '../../lib/api.ts';

// /api/templates/ and /api/indicators/ (spec §7). The list and each detail are cached separately;
// writes update the cache from the answer so the screen never shows a stale name or indicator list.
const LIST_KEY = ['templates'] as const;
const detailKey = (id: number) => ['templates', id] as const;
const { templates, indicators } = endpoints;

export function useTemplates() {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => call(templates.list) });
}

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: () => call(templates.get, { params: { id } }),
    enabled: id !== null,
  });
}

const listItem = (t: TemplateDetail): TemplateListItem => ({ id: t.id, name: t.name });

export function useCreateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateWriteBody) => call(templates.create, { body }),
    onSuccess: (t) => {
      qc.setQueryData<TemplateListItem[]>(LIST_KEY, (old) => [...(old ?? []), listItem(t)]);
      qc.setQueryData(detailKey(t.id), t);
    },
  });
}

export function useUpdateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TemplateWriteBody }) => call(templates.update, { params: { id }, body }),
    onSuccess: (t) => {
      qc.setQueryData<TemplateListItem[]>(LIST_KEY, (old) => old?.map((x) => (x.id === t.id ? listItem(t) : x)));
      qc.setQueryData(detailKey(t.id), t);
    },
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(templates.remove, { params: { id } }),
    onSuccess: (_, id) => {
      qc.setQueryData<TemplateListItem[]>(LIST_KEY, (old) => old?.filter((x) => x.id !== id));
      qc.removeQueries({ queryKey: detailKey(id) });
    },
  });
}

export function useCreateIndicator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: IndicatorCreateBody) => call(indicators.create, { body }),
    // Spec §4: the new indicator is appended to the template's list.
    onSuccess: (ind) =>
      qc.setQueryData<TemplateDetail>(detailKey(ind.template), (t) => (t ? { ...t, indicators: [...t.indicators, ind] } : t)),
  });
}

export function useDeleteIndicator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ind: Indicator) => call(indicators.remove, { params: { id: ind.id } }),
    onSuccess: (_, ind) =>
      qc.setQueryData<TemplateDetail>(detailKey(ind.template), (t) => (t ? { ...t, indicators: t.indicators.filter((x) => x.id !== ind.id) } : t)),
  });
}

export function useUpdateIndicator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: IndicatorUpdateBody }) => call(indicators.update, { params: { id }, body }),
    // a row that changed block goes last: the server's order is refetched
    onSuccess: (ind) => {
      qc.setQueryData<TemplateDetail>(detailKey(ind.template), (t) => (t ? { ...t, indicators: t.indicators.map((x) => (x.id === ind.id ? ind : x)) } : t));
      void qc.invalidateQueries({ queryKey: detailKey(ind.template) });
    },
  });
}

/** Up, down, or to another block: the answer is the template in its new order. */
export function useMoveIndicator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ row, body }: { row: Indicator; body: IndicatorMoveBody }) => call(indicators.move, { params: { id: row.id }, body }),
    onSuccess: (t) => qc.setQueryData(detailKey(t.id), t),
  });
}
