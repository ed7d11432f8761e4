import type { FastifyBaseLogger } from 'fastify';
import type { WebhookPayload } from '@app/contract';
import type { AppDeps } from '../deps.ts';
import { createMailer, type Mailer } from '../accounts/mailer.ts';
import { registerMarketFollowUp } from '../jobs/market.ts';
import { evaluateAlerts, type EvaluationOutcome } from './evaluate.ts';
import { alertMail } from './mail.ts';
import type { EnabledAlert, Firing } from './repository.ts';
import { nudgeWebhooks } from './webhookDelivery.ts';
import { queueDeliveries } from './webhookQueue.ts';

// Alerts run as a market follow-up (jobs/market.ts): once after every market data update, on
// whichever process's worker takes the job. Webhooks go to a delivery table of their own
// (webhookQueue.ts, sent by webhookDelivery.ts), so a slow or failing target never holds up the
// evaluation or the next update.

const FOLLOW_UP = 'alerts';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
const silent: Log = { info() {}, warn() {}, error() {} };

export function webhookPayload(alert: Pick<EnabledAlert, 'id' | 'name' | 'kind'>, firings: Firing[], test = false): WebhookPayload {
  return {
    alert: { id: alert.id, name: alert.name, kind: alert.kind },
    as_of: firings.length ? firings.map((f) => f.barDate).sort().at(-1)! : null,
    test,
    events: firings.map((f) => ({ symbol: f.symbol, message: f.message, close: f.close, values: f.values, link: f.link })),
  };
}

/** Evaluates the update's alerts, then sends the e-mails (one per user) and queues the webhooks. */
export async function runAlertFollowUp(deps: Pick<AppDeps, 'db' | 'series' | 'config'>, importId: number, opts: { mailer?: Mailer; log?: Log; now?: number } = {}): Promise<EvaluationOutcome> {
  const log = opts.log ?? silent;
  // The job may run on a process whose cache has not yet picked up the import (each process
  // catches up on a timer): catch up first.
  await deps.series.catchUp(deps.db);
  const outcome = await evaluateAlerts(deps, importId, opts.now, async (t, o) => {
    await queueDeliveries(t, o.webhooks.map(({ alert, firings }) => ({
      userId: alert.user_id, alertId: alert.id, url: alert.webhook_url!, secret: alert.webhook_secret, body: JSON.stringify(webhookPayload(alert, firings)),
    })));
  });
  if (!outcome.evaluated) return outcome;
  if (outcome.webhooks.length) nudgeWebhooks(deps.db);
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

let current: { deps: AppDeps; log: Log } | null = null;
/** Registers the follow-up (every process, before the jobs start). */
export function registerAlertFollowUp(deps: AppDeps, log: Log = silent) {
  current = { deps, log };
  registerMarketFollowUp(FOLLOW_UP, async (event) => {
    if (!current) return;
    await runAlertFollowUp(current.deps, event.importId, { log: current.log });
  });
}
