import type { FastifyBaseLogger } from 'fastify';
import type { WebhookPayload } from '@app/contract';
import type { AppDeps } from '../deps.ts';
import { createMailer, type Mailer } from '../accounts/mailer.ts';
import { registerMarketFollowUp } from '../jobs/market.ts';
import { evaluateAlerts, type EvaluationOutcome } from './evaluate.ts';
import { alertMail } from './mail.ts';
import { lastMarketChange, recordWebhookOutcome, type EnabledAlert, type Firing } from './repository.ts';
import type { SeriesCache } from '../market/seriesCache.ts';
import { deliver } from './webhook.ts';

// Alerts run as a market follow-up (jobs/market.ts): once after every market data update, on
// whichever process's worker takes the job. Webhooks go to a queue of their own, so a slow or
// failing target never holds up the evaluation or the next update.

export const WEBHOOK_QUEUE = 'alert-webhook';
const FOLLOW_UP = 'alerts';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
const silent: Log = { info() {}, warn() {}, error() {} };

export interface WebhookJob {
  alertId: number;
  url: string;
  secret: string;
  payload: WebhookPayload;
}

export function webhookPayload(alert: Pick<EnabledAlert, 'id' | 'name' | 'kind'>, firings: Firing[], test = false): WebhookPayload {
  return {
    alert: { id: alert.id, name: alert.name, kind: alert.kind },
    as_of: firings.length ? firings.map((f) => f.barDate).sort().at(-1)! : null,
    test,
    events: firings.map((f) => ({ symbol: f.symbol, message: f.message, close: f.close, values: f.values, link: f.link })),
  };
}

const seenChange = new WeakMap<SeriesCache, number>();
/** The job may run on a process whose cache has not yet picked up the import (each process reloads
 *  changed symbols on a timer): load the last change's symbols first, once per change. */
async function freshenCache(deps: Pick<AppDeps, 'db' | 'series'>) {
  const change = await lastMarketChange(deps.db);
  if (!change || seenChange.get(deps.series) === change.version) return;
  await deps.series.load(deps.db, change.symbols);
  seenChange.set(deps.series, change.version);
}

/** Evaluates the update's alerts, then sends the e-mails (one per user) and queues the webhooks. */
export async function runAlertFollowUp(deps: Pick<AppDeps, 'db' | 'series' | 'queue' | 'config'>, importId: number, opts: { mailer?: Mailer; log?: Log; now?: number } = {}): Promise<EvaluationOutcome> {
  const log = opts.log ?? silent;
  await freshenCache(deps);
  const outcome = await evaluateAlerts(deps, importId, opts.now, async (t, o) => {
    const jobs: WebhookJob[] = o.webhooks.map(({ alert, firings }) => ({ alertId: alert.id, url: alert.webhook_url!, secret: alert.webhook_secret, payload: webhookPayload(alert, firings) }));
    // retries are the delivery's own (with backoff, recorded on the alert), not the queue's
    await deps.queue.sendMany(WEBHOOK_QUEUE, jobs, { tx: t, retryLimit: 0, expireInSeconds: 3600 });
  });
  if (!outcome.evaluated) return outcome;
  if (outcome.webhooks.length) deps.queue.nudge(WEBHOOK_QUEUE, outcome.webhooks.length);
  log.info(`alerts: ${outcome.alerts} evaluated for import ${importId} in ${outcome.ms} ms, ${outcome.firings.length} fired`);
  const mailer = opts.mailer ?? createMailer(deps.config, log as FastifyBaseLogger);
  for (const m of outcome.mails) {
    try {
      await mailer.send(alertMail(deps.config, m.to, m.userId, m.firings));
    } catch (err) {
      log.error(`alerts: e-mail to user ${m.userId} failed: ${(err as Error).message}`);
    }
  }
  return outcome;
}

/** A queued webhook delivery: tried with retries, its outcome recorded on the alert. */
export async function runWebhookJob(deps: Pick<AppDeps, 'db' | 'config'>, job: WebhookJob) {
  const result = await deliver(deps.config, job.url, job.secret, job.payload);
  await recordWebhookOutcome(deps.db, job.alertId, result.ok, result.ok ? null : `${result.error} (after ${result.attempts} attempt${result.attempts === 1 ? '' : 's'})`);
}

let current: { deps: AppDeps; log: Log } | null = null;
/** Registers the follow-up (every process, before the jobs start). */
export function registerAlertFollowUp(deps: AppDeps, log: Log = silent) {
  current = { deps, log };
  registerMarketFollowUp(FOLLOW_UP, async (event) => {
    if (!current) return;
    await runAlertFollowUp(current.deps, event.importId, { log: current.log });
  });
}

/** The webhook queue: defined by every process, worked by those with workers. */
export async function defineAlertQueues(deps: Pick<AppDeps, 'db' | 'config' | 'queue'>, workers: boolean) {
  await deps.queue.define<WebhookJob>({ name: WEBHOOK_QUEUE, concurrency: workers ? 2 : 0, expireInSeconds: 3600 }, (job) => runWebhookJob(deps, job.data));
}
