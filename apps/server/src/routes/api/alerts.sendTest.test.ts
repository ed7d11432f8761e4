import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { Alert, ALERT_LIMITS, ALERT_MESSAGES, AlertTestResult, NotificationPage, WEBHOOK_SIGNATURE_HEADER } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { closesMarket, flatThen } from '../../test/alertMarket.ts';
import { startTestMailbox, type TestMailbox } from '../../test/mailbox.ts';
import { webhookReceiver, type WebhookReceiver } from '../../test/webhookReceiver.ts';

// POST /api/alerts/{id}/test/: one test notification through each channel the alert has — the bell
// (a real notification row), an e-mail over real SMTP to a loopback mailbox, and a signed webhook
// delivery to a loopback HTTP server — with each channel's outcome, failures included.

type Headers = Record<string, string>;

describe.each(dbKinds)('POST /api/alerts/{id}/test/ on %s', (kind) => {
  let t: TestApp;
  let mailbox: TestMailbox;
  let hook: WebhookReceiver;
  let hookUrl: string;

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    t = await testApp(kind, { smtpUrl: mailbox.url, alertWebhookAllowPrivate: true, alertWebhookTimeoutMs: 2000 });
    t.deps.series.setEntries(closesMarket({ AAA: flatThen(30, 10) }));
    hook = await webhookReceiver();
    hookUrl = hook.url;
  });
  afterAll(async () => {
    await hook.close();
    await mailbox.close().catch(() => {});
    await t.close();
  });

  const call = (headers: Headers | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as any });
  const create = async (headers: Headers, extra: Record<string, unknown>) => {
    const r = await call(headers, 'POST', '/api/alerts/', { kind: 'price', name: 'AAA over 20', symbol: 'AAA', direction: 'above', level: 20, ...extra });
    expect(r.statusCode, r.body).toBe(201);
    return Alert.parse(r.json());
  };
  const sendTest = async (headers: Headers, id: number) => {
    const r = await call(headers, 'POST', `/api/alerts/${id}/test/`);
    expect(r.statusCode, r.body).toBe(200);
    return AlertTestResult.parse(r.json());
  };
  const notifications = async (headers: Headers) => NotificationPage.parse((await call(headers, 'GET', '/api/notifications/')).json());

  it('sends through in-app, e-mail and webhook, each marked as a test, and says so per channel', async () => {
    const email = `dana-test-${kind}@example.com`;
    const dana = (await signedInAs(t, email)).headers;
    const a = await create(dana, { name: 'Breakout', email: true, webhook_url: `${hookUrl}/ok` });
    expect((await notifications(dana)).unread).toBe(0);
    hook.received.length = 0;

    const r = await sendTest(dana, a.id);
    expect(r.channels).toEqual([
      { channel: 'in_app', outcome: 'sent', detail: ALERT_MESSAGES.testInAppSent },
      { channel: 'email', outcome: 'sent', detail: ALERT_MESSAGES.testEmailSent(email) },
      { channel: 'webhook', outcome: 'sent', detail: ALERT_MESSAGES.testWebhookSent(204) },
    ]);

    // the bell: one unread notification of this alert, saying it is a test
    const page = await notifications(dana);
    expect(page.unread).toBe(1);
    expect((await call(dana, 'GET', '/api/notifications/unread_count/')).json()).toEqual({ unread: 1 });
    expect(page.results[0]).toMatchObject({ alert_id: a.id, alert_name: 'Breakout', kind: 'price', symbol: null, message: ALERT_MESSAGES.testMessage('Breakout'), link: '/alerts', read_at: null, bar_date: null });
    expect(page.results[0].message).toMatch(/^Test notification/);

    // the e-mail, over SMTP, marked as a test, with the unsubscribe link
    const mail = await mailbox.next(email);
    expect(mail.raw).toMatch(/^Subject: Test: alert Breakout/m);
    expect(mail.text).toContain('Nothing fired');
    expect(mail.text).toMatch(/\/unsubscribe\?token=\d+\.[\w-]+/);

    // the webhook: one signed delivery with test: true
    expect(hook.received).toHaveLength(1);
    const { headers, body } = hook.received[0];
    expect(headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]).toBe('sha256=' + createHmac('sha256', a.webhook_secret).update(body).digest('hex'));
    expect(JSON.parse(body)).toMatchObject({ alert: { id: a.id, name: 'Breakout', kind: 'price' }, test: true, events: [{ symbol: 'AAA', message: ALERT_MESSAGES.testMessage('Breakout') }] });
  });

  it('tries only the channels the alert has, and reports a failing one with its reason', async () => {
    const erin = (await signedInAs(t, `erin-test-${kind}@example.com`)).headers;
    const plain = await create(erin, { name: 'In-app only' });
    expect((await sendTest(erin, plain.id)).channels).toEqual([{ channel: 'in_app', outcome: 'sent', detail: ALERT_MESSAGES.testInAppSent }]);

    const failing = await create(erin, { name: 'Failing hook', webhook_url: `${hookUrl}/fail` });
    expect((await sendTest(erin, failing.id)).channels).toEqual([
      { channel: 'in_app', outcome: 'sent', detail: ALERT_MESSAGES.testInAppSent },
      { channel: 'webhook', outcome: 'failed', detail: 'HTTP 503' },
    ]);
    expect((await notifications(erin)).unread).toBe(2);
  });

  it('is the owner’s only, needs sign-in, and counts with the webhook tests per minute', async () => {
    const fay = (await signedInAs(t, `fay-test-${kind}@example.com`)).headers;
    const gus = (await signedInAs(t, `gus-test-${kind}@example.com`)).headers;
    const a = await create(fay, { name: 'Mine' });
    expect((await call(undefined, 'POST', `/api/alerts/${a.id}/test/`)).statusCode).toBe(401);
    expect((await call(gus, 'POST', `/api/alerts/${a.id}/test/`)).statusCode).toBe(404);
    expect((await notifications(fay)).count).toBe(0);

    const hooked = await create(fay, { name: 'Hooked', webhook_url: `${hookUrl}/ok` });
    expect((await call(fay, 'POST', `/api/alerts/${hooked.id}/test_webhook/`)).statusCode).toBe(200);
    for (let i = 1; i < ALERT_LIMITS.webhookTestsPerMinute; i++) await sendTest(fay, a.id);
    const limited = await call(fay, 'POST', `/api/alerts/${a.id}/test/`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: ALERT_MESSAGES.testsLimited(Number(limited.headers['retry-after'])) });
    // nothing more reached the bell once limited
    expect((await notifications(fay)).count).toBe(ALERT_LIMITS.webhookTestsPerMinute - 1);
  });

  it('says why the e-mail failed when the mail server is gone', async () => {
    const hal = (await signedInAs(t, `hal-test-${kind}@example.com`)).headers;
    const a = await create(hal, { name: 'Mail down', email: true });
    await mailbox.close();
    const r = await sendTest(hal, a.id);
    expect(r.channels[0]).toEqual({ channel: 'in_app', outcome: 'sent', detail: ALERT_MESSAGES.testInAppSent });
    expect(r.channels[1]).toMatchObject({ channel: 'email', outcome: 'failed' });
    expect(r.channels[1].detail).toMatch(/ECONNREFUSED|connect|Connection/i);
  });
});
