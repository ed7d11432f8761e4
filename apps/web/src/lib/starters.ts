import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type StarterRunBody, type TemplateDetail, type TemplateListItem } from '@app/contract';
import { call } from './api.ts';
import { readDraft, writeDraft } from './sessionDraft.ts';

// The starter strategies (/api/starters/), shared by the home page, the Backtest screen (the first
// backtest) and the Templates screen (copy a starter). Writes refresh the caches of the Templates,
// Periods and Backtest screens, whose keys are these.
const TEMPLATES_KEY = ['templates'] as const;
const PERIODS_KEY = ['periods'] as const;

/** The library changes only with a new server version: fetched once per page load. */
export function useStarters() {
  return useQuery({ queryKey: ['starters'], queryFn: () => call(endpoints.starters.list), staleTime: Infinity });
}

/** The symbol a first backtest runs on unless the user types another. */
export function useStarterSymbol() {
  return useQuery({ queryKey: ['starters', 'symbol'], queryFn: () => call(endpoints.starters.symbol), staleTime: 5 * 60_000 });
}

export function useCopyStarter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => call(endpoints.starters.copy, { params: { slug } }),
    onSuccess: (t: TemplateDetail) => {
      qc.setQueryData<TemplateListItem[]>(TEMPLATES_KEY, (old) => (old ? [...old, { id: t.id, name: t.name }] : old));
      qc.setQueryData([...TEMPLATES_KEY, t.id], t);
    },
  });
}

export function useRunStarter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: StarterRunBody }) => call(endpoints.starters.run, { params: { slug }, body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true }), qc.invalidateQueries({ queryKey: PERIODS_KEY })]),
  });
}

// ───────────── the Backtest screen's link: open with this template and period, and run once ─────────────

export interface RunLink {
  templateId: number;
  periodId: number;
  /** Run the backtest as soon as the screen has loaded. */
  run: boolean;
}

const positiveId = (s: string | null) => (s && /^\d{1,10}$/.test(s) && Number(s) > 0 ? Number(s) : null);

/** /studies?template_id=…&period_id=…&run=1 */
export function studiesLink({ templateId, periodId, run }: RunLink): string {
  return `/studies?template_id=${templateId}&period_id=${periodId}${run ? '&run=1' : ''}`;
}

/** The link's selection; null when the query string has none (or a malformed one). */
export function readStudiesLink(search: URLSearchParams): RunLink | null {
  const templateId = positiveId(search.get('template_id'));
  const periodId = positiveId(search.get('period_id'));
  if (templateId === null || periodId === null) return null;
  return { templateId, periodId, run: search.get('run') === '1' };
}

// ───────────── a first backtest asked for while signed out: kept across the login ─────────────

export interface PendingFirstRun {
  slug: string;
  symbol: string;
}

/** The page the login returns to: the same page, with the choice and the wish to run. */
export function firstRunReturnPath(pathname: string, pick: PendingFirstRun): string {
  const q = new URLSearchParams({ starter: pick.slug, ...(pick.symbol ? { symbol: pick.symbol } : {}), run: '1' });
  return `${pathname}?${q}`;
}

/** The choice a login brought back (?starter=…&symbol=…&run=1); null when there is none. */
export function readFirstRun(search: URLSearchParams): (PendingFirstRun & { run: boolean }) | null {
  const slug = search.get('starter');
  if (!slug) return null;
  return { slug, symbol: (search.get('symbol') ?? '').toUpperCase(), run: search.get('run') === '1' };
}

/** Whether a login's destination is a first backtest to resume (the login page then says so). */
export function isFirstRunPath(path: string): boolean {
  const q = path.indexOf('?');
  return q >= 0 && readFirstRun(new URLSearchParams(path.slice(q + 1)))?.run === true;
}

// The choice is also kept in the tab's session, so a detour that loses the return address (a reload of
// the sign-up page from a bookmark, the nav's Login, a provider's redirect) still runs it after sign-in.
const FIRST_RUN_DRAFT = 'first-run';
/** A choice older than this is not resumed: the user has long moved on. */
export const FIRST_RUN_TTL_MS = 30 * 60_000;

export function keepFirstRun(pick: PendingFirstRun, now = Date.now()) {
  writeDraft(FIRST_RUN_DRAFT, { ...pick, at: now });
}

/** The kept choice, if recent, forgotten as it is read (it runs once). */
export function takeKeptFirstRun(now = Date.now()): PendingFirstRun | null {
  const kept = readDraft(FIRST_RUN_DRAFT, (v) => {
    const { slug, symbol, at } = (v ?? {}) as { slug?: unknown; symbol?: unknown; at?: unknown };
    return typeof slug === 'string' && typeof symbol === 'string' && typeof at === 'number' && now - at >= 0 && now - at < FIRST_RUN_TTL_MS ? { slug, symbol } : null;
  });
  writeDraft(FIRST_RUN_DRAFT, null);
  return kept;
}

export function forgetKeptFirstRun() {
  writeDraft(FIRST_RUN_DRAFT, null);
}
