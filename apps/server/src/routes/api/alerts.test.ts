import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { Alert, ALERT_LIMITS, ALERT_MESSAGES, rowToSavedFilter, WEBHOOK_SIGNATURE_HEADER } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { closesMarket, flatThen } from '../../test/alertMarket.ts';
import { INSIDE_URLS } from '../../test/insideUrls.ts';
import { webhookReceiver, type WebhookReceiver } from '../../test/webhookReceiver.ts';

// /api/alerts/: CRUD, ownership, validation, the per-user limit, the webhook target rules (SSRF)
// and the rate-limited webhook test against a real local HTTP server.

type Headers = Record<string, string>;

describe.each(dbKinds)('/api/alerts/ on %s', (kind) => {
  let t: TestApp;
  let alice: Headers;
  let bob: Headers;
  let scanId: number;
  let templateId: number;
  let sellOnlyTemplateId: number;
  let watchlistId: number;
  let hook: WebhookReceiver;
  let hookUrl: string;

  beforeAll(async () => {
    t = await testApp(kind, { alertWebhookAllowPrivate: false });
    t.deps.series.setEntries(closesMarket({ AAA: flatThen(30, 10), BBB: flatThen(30, 12) }));
    alice = (await signedInAs(t, 'alice-alerts@example.com')).headers;
    bob = (await signedInAs(t, 'bob-alerts@example.com')).headers;
    const post = async (url: string, body: unknown) => {
      const r = await t.app.inject({ method: 'POST', url, headers: alice, payload: body as any });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    scanId = await post('/api/scanner/templates/', { name: 'Over 20', filters: [rowToSavedFilter({ category: 'Basic', type: 'price', operator: 'gte', value1: 20, value2: null }, 0)] });
    templateId = await post('/api/templates/', { name: 'Rising' });
    await post('/api/indicators/', { template: templateId, name: 'SMA', indicator_type: 'BUY', period: 3, compare: '<' });
    sellOnlyTemplateId = await post('/api/templates/', { name: 'Sell only' });
    await post('/api/indicators/', { template: sellOnlyTemplateId, name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: 70 });
    watchlistId = await post('/api/watchlists/', { name: 'Mine', symbols: ['AAA'] });
    hook = await webhookReceiver((path, res, base) => {
      if (path === '/moved') res.writeHead(302, { location: `${base}/elsewhere` });
      else res.statusCode = path === '/fail' ? 503 : 204;
    });
    hookUrl = hook.url;
  });
  afterAll(async () => {
    await hook.close();
    await t.close();
  });

  const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as any });
  const priceAlert = (extra: Record<string, unknown> = {}) => ({ kind: 'price', name: 'AAA over 20', symbol: 'aaa', direction: 'above', level: 20, ...extra });

  it('needs sign-in', async () => {
    for (const [method, url] of [['GET', '/api/alerts/'], ['POST', '/api/alerts/'], ['GET', '/api/alerts/1/'], ['PUT', '/api/alerts/1/'], ['PATCH', '/api/alerts/1/'], ['DELETE', '/api/alerts/1/'], ['POST', '/api/alerts/1/test_webhook/']] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates each kind, reads, replaces, patches and deletes', async () => {
    const scan = await call(alice, 'POST', '/api/alerts/', { kind: 'scan', name: 'New over 20', scanner_template_id: scanId, email: true });
    expect(scan.statusCode, scan.body).toBe(201);
    const a = Alert.parse(scan.json());
    expect(a).toMatchObject({ kind: 'scan', enabled: true, email: true, webhook_url: null, cooldown_minutes: 0, scanner_template_id: scanId, description: 'Saved query Over 20' });
    expect(a.webhook_secret).toMatch(/^[0-9a-f]{48}$/);
    expect(a.webhook_status).toEqual({ last_attempt_at: null, last_success_at: null, last_error: null, consecutive_failures: 0 });

    const tpl = await call(alice, 'POST', '/api/alerts/', { kind: 'template', name: 'Rising list', template_id: templateId, side: 'BUY', watchlist_id: watchlistId, cooldown_minutes: 1440 });
    expect(tpl.statusCode, tpl.body).toBe(201);
    expect(tpl.json()).toMatchObject({ side: 'BUY', watchlist_id: watchlistId, symbol: null, description: 'Template Rising (BUY) on watchlist Mine' });
    const price = await call(alice, 'POST', '/api/alerts/', priceAlert());
    expect(price.json()).toMatchObject({ symbol: 'AAA', direction: 'above', level: 20, description: 'AAA crosses above 20' });

    const list = await call(alice, 'GET', '/api/alerts/');
    expect(list.json().map((x: Alert) => x.id)).toEqual([price.json().id, tpl.json().id, a.id]);

    const put = await call(alice, 'PUT', `/api/alerts/${a.id}/`, priceAlert({ name: 'Now a price alert', direction: 'below', level: 5 }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ kind: 'price', scanner_template_id: null, direction: 'below', level: 5, webhook_secret: a.webhook_secret });

    const off = await call(alice, 'PATCH', `/api/alerts/${a.id}/`, { enabled: false, email: false });
    expect(off.json()).toMatchObject({ enabled: false, email: false, name: 'Now a price alert' });
    expect((await call(alice, 'PATCH', `/api/alerts/${a.id}/`, { kind: 'scan' })).statusCode).toBe(400);

    expect((await call(alice, 'DELETE', `/api/alerts/${a.id}/`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/alerts/${a.id}/`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's alert and refuses their saved query, template and list", async () => {
    const mine = (await call(alice, 'POST', '/api/alerts/', priceAlert({ webhook_url: null }))).json();
    for (const [method, url, body] of [
      ['GET', `/api/alerts/${mine.id}/`], ['PUT', `/api/alerts/${mine.id}/`, priceAlert()], ['PATCH', `/api/alerts/${mine.id}/`, { enabled: false }],
      ['DELETE', `/api/alerts/${mine.id}/`], ['POST', `/api/alerts/${mine.id}/test_webhook/`],
    ] as const) {
      expect((await call(bob, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(alice, 'GET', `/api/alerts/${mine.id}/`)).json().enabled).toBe(true);
    expect((await call(bob, 'POST', '/api/alerts/', { kind: 'scan', name: 'x', scanner_template_id: scanId })).json()).toEqual({ scanner_template_id: [ALERT_MESSAGES.scannerTemplateNotFound] });
    expect((await call(bob, 'POST', '/api/alerts/', { kind: 'template', name: 'x', template_id: templateId, side: 'BUY', symbol: 'AAA' })).json()).toEqual({ template_id: [ALERT_MESSAGES.templateNotFound] });
    const bobTemplate = (await call(bob, 'POST', '/api/templates/', { name: 'B' })).json().id;
    await call(bob, 'POST', '/api/indicators/', { template: bobTemplate, name: 'SMA', indicator_type: 'BUY', period: 3, compare: '<' });
    expect((await call(bob, 'POST', '/api/alerts/', { kind: 'template', name: 'x', template_id: bobTemplate, side: 'BUY', watchlist_id: watchlistId })).json()).toEqual({ watchlist_id: [ALERT_MESSAGES.watchlistNotFound] });
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ kind: 'sometimes', name: 'x' }, 'kind', ALERT_MESSAGES.kind],
      [priceAlert({ name: '' }), 'name', 'This field may not be blank.'],
      [priceAlert({ name: 'bell\u0007' }), 'name', 'Control characters are not allowed.'],
      [priceAlert({ name: 'x'.repeat(101) }), 'name', 'Ensure this field has no more than 100 characters.'],
      [priceAlert({ level: 0 }), 'level', ALERT_MESSAGES.levelPositive],
      [priceAlert({ direction: 'sideways' }), 'direction', ALERT_MESSAGES.direction],
      [priceAlert({ symbol: 'NOPE' }), 'symbol', ALERT_MESSAGES.symbolNotFound],
      [priceAlert({ cooldown_minutes: -1 }), 'cooldown_minutes', ALERT_MESSAGES.cooldown],
      [priceAlert({ cooldown_minutes: 1.5 }), 'cooldown_minutes', ALERT_MESSAGES.cooldown],
      [priceAlert({ email: 'yes' }), 'email', 'Must be a valid boolean.'],
      [priceAlert({ webhook_url: 'not a url' }), 'webhook_url', ALERT_MESSAGES.webhookUrl],
      [priceAlert({ webhook_url: 'ftp://example.com/x' }), 'webhook_url', ALERT_MESSAGES.webhookHttps],
      [priceAlert({ webhook_url: 'https://user:pw@example.com/x' }), 'webhook_url', ALERT_MESSAGES.webhookCredentials],
      [{ kind: 'template', name: 'x', template_id: templateId, side: 'HOLD', symbol: 'AAA' }, 'side', ALERT_MESSAGES.side],
      [{ kind: 'template', name: 'x', template_id: templateId, side: 'BUY' }, 'symbol', ALERT_MESSAGES.targetRequired],
      [{ kind: 'template', name: 'x', template_id: templateId, side: 'BUY', symbol: 'AAA', watchlist_id: watchlistId }, 'symbol', ALERT_MESSAGES.target],
      [{ kind: 'template', name: 'x', template_id: sellOnlyTemplateId, side: 'BUY', symbol: 'AAA' }, 'side', ALERT_MESSAGES.templateNoConditions('BUY')],
      [{ kind: 'scan', name: 'x' }, 'scanner_template_id', 'This field is required.'],
    ];
    for (const [body, field, message] of cases) {
      const r = await call(alice, 'POST', '/api/alerts/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()[field], JSON.stringify(body)).toEqual([message]);
    }
  });

  it('refuses http, private, loopback and link-local webhook targets (SSRF) unless allowed', async () => {
    for (const url of ['http://example.com/hook', 'https://127.0.0.1/hook', 'https://localhost:8443/hook', 'https://10.1.2.3/', 'https://192.168.0.10/',
      'https://169.254.169.254/latest/meta-data/', 'https://[::1]/', 'https://[fe80::1]/', 'https://[::ffff:127.0.0.1]/', 'https://0.0.0.0/']) {
      const r = await call(alice, 'POST', '/api/alerts/', priceAlert({ webhook_url: url }));
      expect(r.statusCode, url).toBe(400);
      expect(r.json().webhook_url, url).toHaveLength(1);
    }
    for (const url of INSIDE_URLS) {
      const r = await call(alice, 'POST', '/api/alerts/', priceAlert({ webhook_url: url }));
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toEqual({ webhook_url: [ALERT_MESSAGES.webhookPrivate] });
    }
    const backslash = await call(alice, 'POST', '/api/alerts/', priceAlert({ webhook_url: 'https://evil.example\\@127.0.0.1/' }));
    expect(backslash.statusCode).toBe(400);
    expect(backslash.json()).toEqual({ webhook_url: [ALERT_MESSAGES.webhookBackslash] });
    // a name that resolves to loopback passes the save-time check and is refused when delivered
    const sneaky = (await call(alice, 'POST', '/api/alerts/', priceAlert({ webhook_url: 'https://vm:1/hook' }))).json();
    const test = await call(alice, 'POST', `/api/alerts/${sneaky.id}/test_webhook/`);
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a private/) });
    const fine = await call(alice, 'POST', '/api/alerts/', priceAlert({ webhook_url: 'https://example.com/hook' }));
    expect(fine.statusCode).toBe(201);
    const patched = await call(alice, 'PATCH', `/api/alerts/${fine.json().id}/`, { webhook_url: 'https://127.0.0.1/' });
    expect(patched.json()).toEqual({ webhook_url: [ALERT_MESSAGES.webhookPrivate] });
  });

  it('sends a signed test delivery, rate limited per user', async () => {
    t.deps.config.alertWebhookAllowPrivate = true;
    const carol = (await signedInAs(t, 'carol-alerts@example.com')).headers; // no tests sent yet
    try {
      const a = Alert.parse((await call(carol, 'POST', '/api/alerts/', priceAlert({ webhook_url: `${hookUrl}/ok` }))).json());
      hook.received.length = 0;
      const r = await call(carol, 'POST', `/api/alerts/${a.id}/test_webhook/`);
      expect(r.json()).toEqual({ ok: true, status: 204, error: null });
      expect(hook.received).toHaveLength(1);
      const { headers, body } = hook.received[0];
      expect(headers['content-type']).toBe('application/json');
      expect(headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]).toBe('sha256=' + createHmac('sha256', a.webhook_secret).update(body).digest('hex'));
      expect(JSON.parse(body)).toMatchObject({ alert: { id: a.id, name: 'AAA over 20', kind: 'price' }, test: true, events: [{ symbol: 'AAA' }] });
      const failing = (await call(carol, 'POST', '/api/alerts/', priceAlert({ webhook_url: `${hookUrl}/fail` }))).json();
      expect((await call(carol, 'POST', `/api/alerts/${failing.id}/test_webhook/`)).json()).toEqual({ ok: false, status: 503, error: 'HTTP 503' });
      const redirecting = (await call(carol, 'POST', '/api/alerts/', priceAlert({ webhook_url: `${hookUrl}/moved` }))).json();
      expect((await call(carol, 'POST', `/api/alerts/${redirecting.id}/test_webhook/`)).json()).toEqual({ ok: false, status: 302, error: ALERT_MESSAGES.webhookRedirected });
      expect(hook.received.filter((r) => r.url === '/elsewhere')).toEqual([]);
      const none = (await call(carol, 'POST', '/api/alerts/', priceAlert())).json();
      expect((await call(carol, 'POST', `/api/alerts/${none.id}/test_webhook/`)).json()).toEqual({ webhook_url: [ALERT_MESSAGES.noWebhook] });

      // the limit is the user's, over all their alerts: spread over many alerts it is still reached
      const others = [];
      for (let i = 0; i < ALERT_LIMITS.webhookTestsPerMinute; i++) others.push(Alert.parse((await call(carol, 'POST', '/api/alerts/', priceAlert({ webhook_url: `${hookUrl}/ok` }))).json()));
      for (let i = 3; i < ALERT_LIMITS.webhookTestsPerMinute; i++) expect((await call(carol, 'POST', `/api/alerts/${others[i].id}/test_webhook/`)).statusCode).toBe(200);
      const limited = await call(carol, 'POST', `/api/alerts/${others[0].id}/test_webhook/`);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json()).toEqual({ detail: ALERT_MESSAGES.webhookTestsLimited(Number(limited.headers['retry-after'])) });
      expect((await call(carol, 'POST', `/api/alerts/${a.id}/test_webhook/`)).statusCode).toBe(429);
      expect(hook.received.filter((r) => r.url !== '/elsewhere')).toHaveLength(ALERT_LIMITS.webhookTestsPerMinute);
      // another user's tests are their own
      const bobs = (await call(bob, 'POST', '/api/alerts/', priceAlert({ webhook_url: `${hookUrl}/ok` }))).json();
      expect((await call(bob, 'POST', `/api/alerts/${bobs.id}/test_webhook/`)).json()).toEqual({ ok: true, status: 204, error: null });
    } finally {
      t.deps.config.alertWebhookAllowPrivate = false;
    }
  });

  it(`allows at most ${ALERT_LIMITS.maxAlerts} alerts per user`, async () => {
    const u = await signedInAs(t, 'many-alerts@example.com');
    await t.deps.db.query(
      `INSERT INTO alerts (user_id, kind, name, webhook_secret, symbol, direction, level)
       SELECT $1, 'price', 'bulk ' || g, 's', 'AAA', 'above', 20 FROM generate_series(1, $2) g`,
      [u.id, ALERT_LIMITS.maxAlerts - 1],
    );
    expect((await call(u.headers, 'POST', '/api/alerts/', priceAlert())).statusCode).toBe(201);
    const r = await call(u.headers, 'POST', '/api/alerts/', priceAlert());
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ detail: ALERT_MESSAGES.tooManyAlerts });
  });
});
