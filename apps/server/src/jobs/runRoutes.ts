// What the routes of background runs (optimisations, universe and portfolio runs) share: starting
// one within the user's limit, and the run's head as the API answers it.
import { MAX_ACTIVE_OPTIMIZATIONS, USER_LIMITS } from '@app/contract';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import type { HeavyOwner } from '../engine/fairShare.ts';
import { BatchLimitError, refuseWhenFull, SiteBusyError, startBatch, type BatchView, type StartLimits } from './batch.ts';

/** Heavy background runs a user may have queued or running at once, of every kind together. */
export const MAX_ACTIVE_RUNS = MAX_ACTIVE_OPTIMIZATIONS;

/** Seconds a client is told to wait when every user's runs together fill the queue. */
export const SITE_BUSY_RETRY_AFTER_SECONDS = 30;

/** Starts a batch run, or 429 with Retry-After when the user (or the client address it was sent
 *  from, whichever accounts started them) already has runs going, or 503 with
 *  Retry-After when RUNS_QUEUED_MAX runs of all users are going. The user keeps at most
 *  USER_LIMITS.runsKeptPerKind runs of each kind: the oldest finished one makes room. The spec is built
 *  (`buildSpec`: reading the template, checking a grid) only once the limits leave room, so a refused
 *  start is cheap. */
export async function startRun<S>(deps: AppDeps, owner: HeavyOwner, kind: string, buildSpec: () => S | Promise<S>): Promise<number> {
  const limits: StartLimits = {
    maxActive: MAX_ACTIVE_RUNS, client: owner.address, maxActiveTotal: deps.config.runsQueuedMax, keep: USER_LIMITS.runsKeptPerKind,
  };
  try {
    await refuseWhenFull(deps.db, owner.userId, limits);
    return await startBatch(deps, owner.userId, kind, await buildSpec(), limits);
  } catch (e) {
    if (e instanceof SiteBusyError) {
      throw new HttpError(
        503,
        { detail: `The server has ${e.active} runs queued or running, its most at once; try again in a minute.` },
        { 'Retry-After': String(SITE_BUSY_RETRY_AFTER_SECONDS) },
      );
    }
    if (e instanceof BatchLimitError && e.byClient) {
      throw new HttpError(429, { detail: `Your network address already has ${e.active} runs going; at most ${e.max} at once. Wait for one to finish or cancel it.` }, { 'Retry-After': '10' });
    }
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
