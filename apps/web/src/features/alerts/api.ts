import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type AlertPatch, type AlertWrite } from '@app/contract';
import { call } from '../../lib/api.ts';
import { WATCHLISTS_KEY } from '../../lib/watchlistStar.ts';

// The calls of /alerts, and the lists its form picks from (saved scans, templates, watchlists) under
// the keys their own screens use, so what was just created there shows here.

const a = endpoints.alerts;
const KEY = ['alerts'] as const;

export function useAlerts() {
  return useQuery({ queryKey: KEY, queryFn: () => call(a.list) });
}

export function usePickLists(enabled: boolean) {
  const scans = useQuery({ queryKey: ['scanner', 'templates'], queryFn: () => call(endpoints.scanner.templates.list), enabled });
  const templates = useQuery({ queryKey: ['templates'], queryFn: () => call(endpoints.templates.list), enabled });
  const watchlists = useQuery({ queryKey: [...WATCHLISTS_KEY, 'list'], queryFn: () => call(endpoints.watchlists.list), enabled });
  return { scans, templates, watchlists };
}

export function useAlertActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  return {
    create: (body: AlertWrite) => call(a.create, { body }).finally(refresh),
    update: (id: number, body: AlertWrite) => call(a.update, { params: { id }, body }).finally(refresh),
    patch: (id: number, body: AlertPatch) => call(a.patch, { params: { id }, body }).finally(refresh),
    remove: (id: number) => call(a.remove, { params: { id } }).finally(refresh),
    testWebhook: (id: number) => call(a.testWebhook, { params: { id } }).finally(refresh),
    check: (id: number) => call(a.check, { params: { id } }),
    /** a test through every channel; the bell asks again at once, so the test shows there */
    sendTest: (id: number) => call(a.test, { params: { id } }).finally(() => qc.invalidateQueries({ queryKey: ['notifications'] })),
  };
}
