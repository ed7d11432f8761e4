import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { ALERT_MESSAGES, type Alert, type SymbolSearchResult } from '@app/contract';
import { startTestMailbox, type TestMailbox } from '@app/server/testing';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { startServer, type RunningServer } from '../harness/server.ts';
import { ALERT_TEXT } from '../../apps/web/src/features/alerts/texts.ts';
import { NOTIFICATION_TEXT } from '../../apps/web/src/features/notifications/texts.ts';

// "Send test" on an alert: one test notification through each of its channels, on a server of its
// own with a real mailbox (SMTP on loopback) and webhooks to loopback allowed. The dialog lists each
// channel's outcome; the bell then counts the test and /notifications shows it. At 1280 px and on a
// 390 px phone (the dialog must fit it).

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('Send test on an alert', () => {
  let server: RunningServer;
  let browser: Browser;
  let mailbox: TestMailbox;
  let hook: Server;
  let hookUrl: string;
  const deliveries: string[] = [];

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        deliveries.push(body);
        res.statusCode = req.url === '/fail' ? 500 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}`;
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: mailbox.url, ALERT_WEBHOOK_ALLOW_PRIVATE: 'true', DEMO_SYMBOLS: '20' }),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
    await new Promise((r) => hook?.close(r));
  });

  const createAlert = async (page: Page, body: object) => {
    const r = await page.request.post(`${server.url}/api/alerts/`, { data: body, headers: { origin: server.url } });
    expect(r.status(), await r.text()).toBe(201);
    return (await r.json()) as Alert;
  };

  for (const [name, opts, path] of [['1280 px', { viewport: { width: 1280, height: 800 } }, 'ok'], ['390 px', PHONE, 'fail']] as const) {
    it(`${name}: the dialog lists each channel's outcome, and the bell rings with the test`, async () => {
      const { page, context } = await newPage(browser, { ...opts, baseURL: server.url });
      const { email } = await signUpAndLogIn(page, { base: server.url });
      const found = (await (await page.request.get(`${server.url}/api/symbols/search/?q=A`)).json()) as SymbolSearchResult;
      const symbol = found.results[0].symbol;
      const alert = await createAlert(page, { kind: 'price', name: `Level ${name}`, symbol, direction: 'above', level: 1_000_000, email: true, webhook_url: `${hookUrl}/${path}` });
      await page.goto('/alerts');
      const card = page.locator(`li[data-alert="${alert.id}"]`);
      await card.waitFor();
      // a new user's bell shows nothing yet
      expect(await page.getByTestId('bell-count').count()).toBe(0);
      deliveries.length = 0;

      await card.getByRole('button', { name: ALERT_TEXT.sendTestLabel(alert.name) }).click();
      const dialog = page.getByRole('dialog', { name: ALERT_TEXT.testTitle(alert.name) });
      await dialog.waitFor();
      const channel = (c: string) => dialog.locator(`li[data-channel="${c}"]`);
      await channel('in_app').waitFor();
      expect(await dialog.locator('li[data-channel]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-channel'), e.getAttribute('data-outcome')]))).toEqual([
        ['in_app', 'sent'],
        ['email', 'sent'],
        ['webhook', path === 'ok' ? 'sent' : 'failed'],
      ]);
      expect(await channel('in_app').innerText()).toContain(ALERT_MESSAGES.testInAppSent);
      expect(await channel('email').innerText()).toContain(ALERT_MESSAGES.testEmailSent(email));
      expect(await channel('webhook').innerText()).toContain(path === 'ok' ? ALERT_MESSAGES.testWebhookSent(204) : 'HTTP 500');
      // the dialog fits the screen (no sideways scroll on a phone)
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(opts.viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(opts.viewport.width);

      // what arrived outside the app
      const mail = await mailbox.next(email);
      expect(mail.raw).toMatch(new RegExp(`^Subject: Test: alert ${alert.name}`, 'm'));
      expect(deliveries).toHaveLength(1);
      expect(JSON.parse(deliveries[0])).toMatchObject({ test: true, alert: { id: alert.id } });

      // the bell rings at once (no waiting for its minute), and the notification says it is a test
      await dialog.getByRole('button', { name: ALERT_TEXT.close, exact: true }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('bell-count').first().innerText().catch(() => '')).toBe('1');
      if (name === '1280 px') await page.getByRole('link', { name: NOTIFICATION_TEXT.bell(1) }).first().click();
      else await page.goto('/notifications');
      await page.getByText(ALERT_MESSAGES.testMessage(alert.name)).waitFor();
      await page.getByRole('link', { name: NOTIFICATION_TEXT.openAlerts }).waitFor();
      await context.close();
    });
  }
});
