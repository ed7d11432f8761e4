// The Rotation screen's calls.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type RotationRunCreateBody } from '@app/contract';
import { call } from '../../lib/api.ts';

const finished = (status: string | undefined) => status === 'done' || status === 'failed' || status === 'cancelled';
const POLL_MS = 1000;

// the same cache keys as the Templates and Scanner screens, so what was just saved there shows here
export function useTemplateList() {
  return useQuery({ queryKey: ['templates'], queryFn: () => call(endpoints.templates.list) });
}

export function useSavedScans() {
  return useQuery({ queryKey: ['scanner', 'templates'], queryFn: () => call(endpoints.scanner.templates.list) });
}

export function useRotationRuns() {
  return useQuery({ queryKey: ['rotation', 'list'], queryFn: () => call(endpoints.rotationRuns.list) });
}

export function useStartRotation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RotationRunCreateBody) => call(endpoints.rotationRuns.start, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rotation', 'list'] }),
  });
}

/** A run, asked again every second until it has finished. */
export function useRotationRun(id: number) {
  return useQuery({
    queryKey: ['rotation', id],
    queryFn: () => call(endpoints.rotationRuns.get, { params: { id } }),
    refetchInterval: (q) => (q.state.error || finished(q.state.data?.status) ? false : POLL_MS),
    retry: false,
  });
}

export function useCancelRotation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.rotationRuns.cancel, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['rotation'] }),
  });
}

/** One of a finished run's CSV files, as the server writes it. */
export async function fetchRotationCsv(id: number, file: 'orders' | 'holdings'): Promise<string> {
  const e = file === 'orders' ? endpoints.rotationRuns.ordersCsv : endpoints.rotationRuns.holdingsCsv;
  return String(await call(e, { params: { id } }));
}
