import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { ALERT_MESSAGES, WEBHOOK_SIGNATURE_HEADER, type WebhookPayload, type WebhookTestResult } from '@app/contract';
import type { Config } from '../config.ts';
import { PrivateTargetError, publicOnlyLookup, webhookUrlProblem } from './webhookTarget.ts';

// A webhook attempt: one POST of JSON, signed with the alert's secret, under one deadline. Alerts'
// deliveries are queued and retried by webhookDelivery.ts, never inside the market update.

/** "sha256=" + hex HMAC-SHA256 of the exact body bytes, keyed by the alert's secret. */
export const signBody = (secret: string, body: string) => 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');

export interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
  /** asking again cannot help: a refused target, a redirect, a client error */
  final: boolean;
  /** the deadline ended it (the target accepted nothing or answered too slowly) */
  timedOut?: boolean;
}

/** What an answer's status means for the delivery. A redirect is not followed (its target was never
 *  checked) and not retried: the same URL will redirect again. */
export function answerOutcome(status: number): Attempt {
  if (status >= 200 && status < 300) return { ok: true, status, error: null, final: true };
  if (status >= 300 && status < 400) return { ok: false, status, error: ALERT_MESSAGES.webhookRedirected, final: true };
  const final = status >= 400 && status < 500 && status !== 408 && status !== 429;
  return { ok: false, status, error: `HTTP ${status}`, final };
}

/** One POST; never throws. One deadline covers the whole attempt — the name's lookup, the
 *  connection, TLS, sending and the answer's status line — so a target that trickles cannot
 *  hold a delivery slot longer than config.alertWebhookTimeoutMs. */
export function postOnce(config: Config, url: string, secret: string, payload: WebhookPayload | string): Promise<Attempt> {
  const problem = webhookUrlProblem(url, config.alertWebhookAllowPrivate);
  if (problem) return Promise.resolve({ ok: false, status: null, error: `refused: ${problem}`, final: true });
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  const deadline = new AbortController();
  const timeoutMessage = `timeout after ${config.alertWebhookTimeoutMs} ms`;
  const timer = setTimeout(() => deadline.abort(new Error(timeoutMessage)), config.alertWebhookTimeoutMs);
  return new Promise<Attempt>((resolve) => {
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
        agent: false, // a socket of its own, closed after the answer: nothing pooled to a target
        signal: deadline.signal,
        // the socket connects to the address the lookup checked (the name stays the Host and SNI)
        ...(config.alertWebhookAllowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        resolve(answerOutcome(res.statusCode ?? 0));
        // the body is not read, only drained, still under the deadline
        res.on('error', () => {});
        res.resume();
        res.on('close', () => clearTimeout(timer));
      },
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      const refused = err instanceof PrivateTargetError;
      const message = deadline.signal.aborted ? timeoutMessage : err.message.slice(0, 300);
      resolve({ ok: false, status: null, error: message, final: refused, ...(deadline.signal.aborted && { timedOut: true }) });
    });
    req.end(body);
  });
}

/** The wait after the `attempt`-th failed attempt: the backoff, doubling each time. */
export const retryDelayMs = (config: Pick<Config, 'alertWebhookBackoffMs'>, attempt: number) => config.alertWebhookBackoffMs * 2 ** (attempt - 1);

export const testResult = (a: Attempt): WebhookTestResult => ({ ok: a.ok, status: a.status, error: a.error });
