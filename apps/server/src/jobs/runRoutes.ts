// What the routes of background runs (optimisations, universe and portfolio runs) share: starting
// one within the user's limit, and the run's head as the API answers it.
import { MAX_ACTIVE_OPTIMIZATIONS } from '@app/contract';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { BatchLimitError, startBatch, type BatchView } from './batch.ts';

/** Heavy background runs a user may have queued or running at once, of every kind together. */
export const MAX_ACTIVE_RUNS = MAX_ACTIVE_OPTIMIZATIONS;

/** Starts a batch run, or 429 with Retry-After when the user already has runs going. */
export async function startRun(deps: AppDeps, userId: number, kind: string, spec: unknown): Promise<number> {
  try {
    return await startBatch(deps, userId, kind, spec, { maxActive: MAX_ACTIVE_RUNS });
  } catch (e) {
    if (e instanceof BatchLimitError) {
      throw new HttpError(429, { detail: `You already have ${e.active} runs going; at most ${e.max} at once. Wait for one to finish or cancel it.` }, { 'Retry-After': '10' });
    }
    throw e;
  }
}

/** A run's head: progress counted in `units` (symbols, cells). */
export function runHead(r: BatchView, units: number) {
  return {
    id: r.id,
    status: r.status,
    progress: { done: Math.round(r.progress * units), total: units, eta_seconds: r.etaSeconds },
    created_at: r.createdAt,
    finished_at: r.finishedAt,
    error: r.error,
  };
}
