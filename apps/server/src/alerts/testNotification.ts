import { ALERT_MESSAGES, ALERT_TEST_LINK, type Alert, type AlertTestResult } from '@app/contract';
import type { AppDeps } from '../deps.ts';
import type { Mailer } from '../accounts/mailer.ts';
import { addNotification, userEmail } from '../notifications/repository.ts';
import { chartLink } from './evaluate.ts';
import { webhookPayload } from './jobs.ts';
import { alertTestMail } from './mail.ts';
import { postOnce } from './webhook.ts';

// An alert's test: one notification marked as a test through each channel the alert has, so a user
// sees the bell ring, the e-mail arrive and the webhook answer without waiting for the market to
// move. Each channel is tried whatever the others did, and answers what happened to it.

type Outcome = AlertTestResult['channels'][number];

/** A mail server that never answers must not hold the request: the mail counts as failed after this. */
const MAIL_DEADLINE_MS = 15_000;

const reason = (err: unknown) => ((err as Error)?.message ?? String(err)).slice(0, 300);

async function inApp(deps: Pick<AppDeps, 'db'>, userId: number, a: Alert): Promise<Outcome> {
  try {
    await addNotification(deps.db, { userId, alertId: a.id, alertName: a.name, kind: a.kind, symbol: null, message: ALERT_MESSAGES.testMessage(a.name), link: ALERT_TEST_LINK });
    return { channel: 'in_app', outcome: 'sent', detail: ALERT_MESSAGES.testInAppSent };
  } catch (err) {
    return { channel: 'in_app', outcome: 'failed', detail: reason(err) };
  }
}

async function email(deps: Pick<AppDeps, 'db' | 'config'>, mailer: Mailer, userId: number, a: Alert): Promise<Outcome> {
  const to = await userEmail(deps.db, userId);
  if (!to) return { channel: 'email', outcome: 'failed', detail: ALERT_MESSAGES.testEmailNoAddress };
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${MAIL_DEADLINE_MS / 1000} s`)), MAIL_DEADLINE_MS);
    });
    await Promise.race([mailer.send(alertTestMail(deps.config, to, userId, a.name)), deadline]);
  } catch (err) {
    return { channel: 'email', outcome: 'failed', detail: reason(err) };
  } finally {
    clearTimeout(timer);
  }
  // without SMTP_URL the mailer writes the mail to the log: nothing reaches the user's inbox
  if (!deps.config.smtpUrl) return { channel: 'email', outcome: 'failed', detail: ALERT_MESSAGES.testEmailNoServer };
  return { channel: 'email', outcome: 'sent', detail: ALERT_MESSAGES.testEmailSent(to) };
}

async function webhook(deps: Pick<AppDeps, 'config'>, userId: number, a: Alert, url: string): Promise<Outcome> {
  const symbol = a.symbol ?? 'TEST';
  const payload = webhookPayload(a, [{
    alertId: a.id, userId, alertName: a.name, kind: a.kind, symbol, message: ALERT_MESSAGES.testMessage(a.name),
    close: null, values: {}, link: chartLink(symbol), barDate: new Date().toISOString().slice(0, 10),
  }], true);
  const r = await postOnce(deps.config, url, a.webhook_secret, payload);
  return r.ok
    ? { channel: 'webhook', outcome: 'sent', detail: ALERT_MESSAGES.testWebhookSent(r.status) }
    : { channel: 'webhook', outcome: 'failed', detail: r.error ?? (r.status ? `HTTP ${r.status}` : 'no answer') };
}

/** Sends the alert's test through in-app, then e-mail and webhook (when the alert has them) side by side. */
export async function sendAlertTest(deps: Pick<AppDeps, 'db' | 'config'>, mailer: Mailer, userId: number, a: Alert): Promise<AlertTestResult> {
  const first = await inApp(deps, userId, a);
  const rest = await Promise.all([
    a.email ? email(deps, mailer, userId, a) : null,
    a.webhook_url ? webhook(deps, userId, a, a.webhook_url) : null,
  ]);
  return { channels: [first, ...rest.filter((o): o is Outcome => o !== null)] };
}
