import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Optimization, type OptimizationCreateBody, type TemplateListItem } from '@app/contract';
import { call } from '../../lib/api.ts';

// The calls of the Optimize screen. Templates and periods share the cache keys of the Templates,
// Periods and Backtest screens, so a template saved here ("Apply") shows there at once.

export function useTemplateList() {
  return useQuery({ queryKey: ['templates'], queryFn: () => call(endpoints.templates.list) });
}

export function useTemplateDetail(id: number | null) {
  return useQuery({ queryKey: ['templates', id ?? 0], queryFn: () => call(endpoints.templates.get, { params: { id } }), enabled: id !== null });
}

export function usePeriodList() {
  return useQuery({ queryKey: ['periods'], queryFn: () => call(endpoints.periods.list) });
}

const runKey = (id: number | null) => ['optimizations', id ?? 0];
const LIST_KEY = ['optimizations', 'list'];

/** The user's runs, newest first (asked again when a run starts or ends). */
export function useOptimizationList() {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => call(endpoints.optimizations.list) });
}
const active = (o: Optimization | undefined) => o?.status === 'queued' || o?.status === 'running';
/** How often a running optimisation is asked for its progress. */
export const POLL_MS = 1000;

/** A run, asked again every second while it is queued or running. */
export function useOptimization(id: number | null) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: runKey(id),
    queryFn: () => call(endpoints.optimizations.get, { params: { id } }),
    enabled: id !== null,
    refetchInterval: (q) => (active(q.state.data) ? POLL_MS : false),
    // a finished run does not change
    staleTime: (q) => (active(q.state.data) ? 0 : Infinity),
  });
  // the list shows each run's status: refresh it when this one ends
  const status = query.data?.status;
  useEffect(() => {
    if (status && status !== 'queued' && status !== 'running') void qc.invalidateQueries({ queryKey: LIST_KEY });
  }, [status, qc]);
  return query;
}

export function useStartOptimization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OptimizationCreateBody) => call(endpoints.optimizations.start, { body }),
    onSuccess: (run) => {
      qc.setQueryData(runKey(run.id), run);
      return qc.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

export function useCancelOptimization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.optimizations.cancel, { params: { id } }),
    onSuccess: (run) => {
      qc.setQueryData(runKey(run.id), run);
      return qc.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/** "Apply to template": the API saves a copy of the run's template with the cell's values. */
export function useApplyCell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, index }: { id: number; index: number }) => call(endpoints.optimizations.apply, { params: { id }, body: { index } }),
    onSuccess: (t) => {
      qc.setQueryData<TemplateListItem[]>(['templates'], (old) => (old ? [...old, { id: t.id, name: t.name }] : old));
      qc.setQueryData(['templates', t.id], t);
    },
  });
}
