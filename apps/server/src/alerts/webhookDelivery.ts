import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/index.ts';
import { postOnce, retryDelayMs, type Attempt } from './webhook.ts';
import { claimDelivery, finishDelivery, retryDelivery, type ClaimedDelivery } from './webhookQueue.ts';

// Sends the queued alert webhooks of every user fairly: a free slot goes to the user who has waited
// longest, each user has at most one attempt in flight per process, and every attempt ends by its
// deadline (webhook.ts). Retries wait in the table (with a doubling backoff), not in a slot.
// Targets that hang must not make everyone else wait for their deadlines:
// - an attempt still going after `slowAfterMs` steps aside: it goes on, but its slot is free for the
//   next user (at most `concurrency` attempts aside at once, so sockets stay bounded). So five users
//   whose targets hang, however many slots they took first, delay a sixth by about slowAfterMs;
// - a user whose last attempt timed out has one slot for all such users (the slow lane), never the
//   regular ones, until an attempt of theirs ends otherwise. Known per process: a process that has
//   not seen them time out lets them in once, and the rule above bounds what that costs.
// Each attempt's outcome is on the alert at once (webhookQueue.ts), not only after the last retry.

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

/** What the alert shows after a failed attempt that will be tried again. */
export const retryingMessage = (a: Attempt, attempt: number, attempts: number) => `${a.error} (attempt ${attempt} of ${attempts}; trying again)`;

/** How long an attempt holds a regular slot before it steps aside (see above). */
export const slowAfterMsOf = (timeoutMs: number) => Math.min(500, Math.floor(timeoutMs / 2));

/** What the alert shows after the delivery's last attempt. */
export function outcomeMessage(a: Attempt, attempts: number): string | null {
  if (a.ok) return null;
  if (a.status !== null && a.status >= 300 && a.status < 400) return a.error; // the redirect message, as is
  return `${a.error} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`;
}

export function startWebhookDelivery(
  deps: Pick<AppDeps, 'db' | 'config'>,
  opts: { concurrency?: number; pollMs?: number; slowAfterMs?: number; log?: Log } = {},
): WebhookDispatcher {
  const { db, config } = deps;
  const concurrency = opts.concurrency ?? config.alertWebhookConcurrency;
  const slowAfterMs = opts.slowAfterMs ?? slowAfterMsOf(config.alertWebhookTimeoutMs);
  const log = opts.log ?? { error() {} };
  // a claimed row comes back to other processes after this long (an attempt ends by its deadline)
  const leaseSeconds = Math.ceil(config.alertWebhookTimeoutMs / 1000) + 30;
  const busyUsers = new Set<number>();
  /** users whose last attempt here timed out: the slow lane only */
  const slowUsers = new Set<number>();
  /** attempts in flight per lane: regular slots, stepped aside, the slow lane */
  const lanes = { regular: 0, aside: 0, slow: 0 };
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
    if (a.timedOut) slowUsers.add(d.user_id);
    else slowUsers.delete(d.user_id);
    if (a.ok || a.final || d.attempts > config.alertWebhookRetries) {
      await finishDelivery(db, d, a.ok, outcomeMessage(a, d.attempts));
    } else {
      const delay = retryDelayMs(config, d.attempts);
      await retryDelivery(db, d, delay, retryingMessage(a, d.attempts, config.alertWebhookRetries + 1));
      wakeAfter(delay);
    }
  }

  function start(d: ClaimedDelivery, lane: 'regular' | 'slow') {
    busyUsers.add(d.user_id);
    let at: keyof typeof lanes = lane;
    lanes[at]++;
    const stepAside =
      lane === 'regular'
        ? setTimeout(() => {
            if (lanes.aside >= concurrency) return;
            lanes.regular--;
            lanes.aside++;
            at = 'aside';
            nudge();
          }, slowAfterMs)
        : null;
    stepAside?.unref();
    const p: Promise<void> = attempt(d)
      .catch((err) => log.error({ err }, `webhook delivery ${d.id} failed to record`))
      .finally(() => {
        if (stepAside) clearTimeout(stepAside);
        lanes[at]--;
        busyUsers.delete(d.user_id);
        running.delete(p);
        nudge();
      });
    running.add(p);
  }

  /** Fills free slots, one claim at a time (so busyUsers is exact). */
  async function fill() {
    filling = true;
    try {
      do {
        again = false;
        while (!stopped) {
          // let I/O in between: on the embedded database, queries that answer at once would otherwise
          // keep the attempts in flight from their sockets' events (and push them past their deadline)
          await new Promise((r) => setImmediate(r));
          let d: ClaimedDelivery | null = null;
          if (lanes.regular < concurrency) {
            d = await claimDelivery(db, [...busyUsers, ...slowUsers], leaseSeconds);
            if (d) start(d, 'regular');
          }
          if (!d && lanes.slow === 0 && slowUsers.size) {
            d = await claimDelivery(db, [...busyUsers], leaseSeconds, [...slowUsers]);
            if (d) start(d, 'slow');
          }
          if (!d) break;
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
