import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER, type WebhookPayload, type WebhookTestResult } from '@app/contract';
import type { Config } from '../config.ts';
import { publicOnlyLookup, webhookUrlProblem } from './webhookTarget.ts';

// Webhook delivery: one POST of JSON, signed with the alert's secret, with a timeout; retried with
// a doubling wait. Runs in a job of its own (alerts/jobs.ts), never inside the market update.

/** "sha256=" + hex HMAC-SHA256 of the exact body bytes, keyed by the alert's secret. */
export const signBody = (secret: string, body: string) => 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');

export interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** One POST; never throws. */
export function postOnce(config: Config, url: string, secret: string, payload: WebhookPayload): Promise<Attempt> {
  const problem = webhookUrlProblem(url, config.alertWebhookAllowPrivate);
  if (problem) return Promise.resolve({ ok: false, status: null, error: problem });
  const body = JSON.stringify(payload);
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Stockbench-Alerts/1',
          [WEBHOOK_SIGNATURE_HEADER]: signBody(secret, body),
        },
        timeout: config.alertWebhookTimeoutMs,
        ...(config.alertWebhookAllowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        res.resume(); // the answer's body is not read, only drained
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        resolve({ ok, status, error: ok ? null : `HTTP ${status}` });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${config.alertWebhookTimeoutMs} ms`)));
    req.on('error', (err) => resolve({ ok: false, status: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}

/** Delivers with retries: the first attempt, then config.alertWebhookRetries more, waiting the
 *  backoff and twice as long after each failure. Answers the last attempt and how many were made. */
export async function deliver(config: Config, url: string, secret: string, payload: WebhookPayload): Promise<Attempt & { attempts: number }> {
  let wait = config.alertWebhookBackoffMs;
  let last: Attempt = { ok: false, status: null, error: 'not sent' };
  for (let attempt = 1; attempt <= config.alertWebhookRetries + 1; attempt++) {
    last = await postOnce(config, url, secret, payload);
    // a refused target or a client error will not get better by asking again
    const final = last.ok || (last.status !== null && last.status >= 400 && last.status < 500 && last.status !== 429) || last.error?.startsWith('refused') || last.error?.startsWith('Webhook URL');
    if (final) return { ...last, attempts: attempt };
    if (attempt <= config.alertWebhookRetries) {
      await new Promise((r) => setTimeout(r, wait));
      wait *= 2;
    }
  }
  return { ...last, attempts: config.alertWebhookRetries + 1 };
}

export const testResult = (a: Attempt): WebhookTestResult => ({ ok: a.ok, status: a.status, error: a.error });
