import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/index.ts';
import { postOnce, retryDelayMs, type Attempt } from './webhook.ts';
import { claimDelivery, finishDelivery, retryDelivery, type ClaimedDelivery } from './webhookQueue.ts';

// Sends the queued alert webhooks of every user fairly: a free slot goes to the user who has waited
// longest, each user has at most one attempt in flight per process, and every attempt ends by its
// deadline (webhook.ts). So however many of one user's targets hang, another user's delivery waits
// at most one attempt's deadline for a slot. Retries wait in the table (with a doubling backoff),
// not in a slot.

type Log = Pick<FastifyBaseLogger, 'error'>;

export interface WebhookDispatcher {
  /** Looks for due deliveries now (after this process queued some). */
  nudge(): void;
  /** Takes no more deliveries and waits for the attempts in flight (each ends by its deadline). */
  stop(): Promise<void>;
}

const dispatchers = new WeakMap<Db, WebhookDispatcher>();

/** Wakes this process's dispatcher on that database, if it has one. */
export const nudgeWebhooks = (db: Db) => dispatchers.get(db)?.nudge();

/** What the alert shows after the delivery's last attempt. */
export function outcomeMessage(a: Attempt, attempts: number): string | null {
  if (a.ok) return null;
  if (a.status !== null && a.status >= 300 && a.status < 400) return a.error; // the redirect message, as is
  return `${a.error} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`;
}

export function startWebhookDelivery(
  deps: Pick<AppDeps, 'db' | 'config'>,
  opts: { concurrency?: number; pollMs?: number; log?: Log } = {},
): WebhookDispatcher {
  const { db, config } = deps;
  const concurrency = opts.concurrency ?? config.alertWebhookConcurrency;
  const log = opts.log ?? { error() {} };
  // a claimed row comes back to other processes after this long (an attempt ends by its deadline)
  const leaseSeconds = Math.ceil(config.alertWebhookTimeoutMs / 1000) + 30;
  const busyUsers = new Set<number>();
  const running = new Set<Promise<void>>();
  const wakeups = new Set<NodeJS.Timeout>();
  let stopped = false;
  let filling = false;
  let again = false;

  const wakeAfter = (ms: number) => {
    const t = setTimeout(() => {
      wakeups.delete(t);
      nudge();
    }, ms);
    t.unref();
    wakeups.add(t);
  };

  async function attempt(d: ClaimedDelivery) {
    const a = await postOnce(config, d.url, d.secret, d.body);
    if (a.ok || a.final || d.attempts > config.alertWebhookRetries) {
      await finishDelivery(db, d, a.ok, outcomeMessage(a, d.attempts));
    } else {
      const delay = retryDelayMs(config, d.attempts);
      await retryDelivery(db, d.id, delay);
      wakeAfter(delay);
    }
  }

  /** Fills free slots, one claim at a time (so busyUsers is exact). */
  async function fill() {
    filling = true;
    try {
      do {
        again = false;
        while (!stopped && busyUsers.size < concurrency) {
          // let I/O in between: on the embedded database, queries that answer at once would otherwise
          // keep the attempts in flight from their sockets' events (and push them past their deadline)
          await new Promise((r) => setImmediate(r));
          const d = await claimDelivery(db, [...busyUsers], leaseSeconds);
          if (!d) break;
          busyUsers.add(d.user_id);
          const p: Promise<void> = attempt(d)
            .catch((err) => log.error({ err }, `webhook delivery ${d.id} failed to record`))
            .finally(() => {
              busyUsers.delete(d.user_id);
              running.delete(p);
              nudge();
            });
          running.add(p);
        }
      } while (again && !stopped);
    } catch (err) {
      log.error({ err }, 'webhook delivery: claiming failed');
    } finally {
      filling = false;
    }
  }

  function nudge() {
    if (stopped) return;
    if (filling) again = true;
    else void fill();
  }

  // other processes' deliveries, retries come due, rows of a process that died
  const poll = setInterval(nudge, opts.pollMs ?? 1000);
  poll.unref();
  const dispatcher: WebhookDispatcher = {
    nudge,
    async stop() {
      stopped = true;
      clearInterval(poll);
      for (const t of wakeups) clearTimeout(t);
      while (filling || running.size) {
        await Promise.allSettled([...running]);
        if (filling) await new Promise((r) => setTimeout(r, 10));
      }
      if (dispatchers.get(db) === dispatcher) dispatchers.delete(db);
    },
  };
  dispatchers.set(db, dispatcher);
  nudge();
  return dispatcher;
}
