import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createHmac } from 'node:crypto';
import { Alert, NotificationPage, rowToSavedFilter, WEBHOOK_SIGNATURE_HEADER, WebhookPayload } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../test/testApp.ts';
import { startTestMailbox, type TestMailbox } from '../test/mailbox.ts';
import { closesMarket, flatThen } from '../test/alertMarket.ts';
import { waitFor } from '../test/waitFor.ts';
import { dispatchFollowUps, marketJobs } from '../jobs/market.ts';
import { noteMarketChange } from '../market/importer/runImport.ts';
import { replaceBars, upsertSymbols } from '../market/repository.ts';
import { runAlertFollowUp } from './jobs.ts';
import { startWebhookDelivery, type WebhookDispatcher } from './webhookDelivery.ts';
import { pendingDeliveries } from './webhookQueue.ts';

// Alerts evaluated after market data updates, end to end: an "update" sets the market cache's
// closes and runs the follow-up for a new import id, as the market follow-up job does. E-mails go
// through a real local SMTP server, webhooks to a real local HTTP server, through the job queue.

type Headers = Record<string, string>;
const quiet = { info() {}, warn() {}, error() {} } as any;

describe.each(dbKinds)('alert evaluation on %s', (kind) => {
  let t: TestApp;
  let webhooks: WebhookDispatcher;
  let mailbox: TestMailbox;
  let alice: { id: number; headers: Headers };
  let bob: { id: number; headers: Headers };
  let hook: Server;
  let hookUrl: string;
  const hits: Record<string, Array<{ headers: Record<string, string | string[] | undefined>; body: string }>> = {};
  let flakyLeft = 0;
  let importId = 100;
  const ALICE = 'alice-eval@example.com';

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    t = await testApp(kind, { smtpUrl: mailbox.url, alertWebhookAllowPrivate: true, alertWebhookRetries: 2, alertWebhookBackoffMs: 20, alertWebhookTimeoutMs: 300 });
    webhooks = startWebhookDelivery(t.deps, { pollMs: 100 }); // this process delivers webhooks
    alice = await signedInAs(t, ALICE);
    bob = await signedInAs(t, 'bob-eval@example.com');
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        (hits[req.url!] ??= []).push({ headers: req.headers, body });
        if (req.url === '/slow') return void setTimeout(() => res.end(), 2000);
        if (req.url === '/flaky' && flakyLeft > 0) {
          flakyLeft--;
          res.statusCode = 500;
        } else res.statusCode = req.url === '/down' ? 500 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    // let every queued delivery and follow-up finish before the database goes
    await waitFor('the queues to drain', async () => Object.values(await t.deps.queue.stats()).every((q) => q.queued + q.active === 0), 20_000);
    await waitFor('the webhooks to be sent', async () => (await pendingDeliveries(t.deps.db)) === 0, 20_000);
    await webhooks.stop();
    hook.closeAllConnections();
    await new Promise((r) => hook.close(r));
    await t.close();
    await mailbox.close();
  });

  const call = (who: { headers: Headers }, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.headers, payload: payload as any });
  const created = async (who: { headers: Headers }, url: string, body: unknown) => {
    const r = await call(who, 'POST', url, body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  };
  /** A market data update: new closes in the cache, then the follow-up for a new import. */
  const update = async (closes: Record<string, number[]>, opts: { now?: number } = {}) => {
    t.deps.series.setEntries(closesMarket(closes));
    return runAlertFollowUp(t.deps, ++importId, { log: quiet, now: opts.now });
  };
  const notes = async (who: { headers: Headers }, query = '') => NotificationPage.parse((await call(who, 'GET', `/api/notifications/?page_size=100${query}`)).json());
  const firedFor = (outcome: Awaited<ReturnType<typeof update>>, alertId: number) => outcome.firings.filter((f) => f.alertId === alertId).map((f) => f.symbol).sort();
  const alertOf = async (who: { headers: Headers }, id: number) => Alert.parse((await call(who, 'GET', `/api/alerts/${id}/`)).json());

  // Day by day: AAA jumps over 20 on update 1 and stays; BBB joins on update 2; CCC never does.
  const day0 = { AAA: flatThen(30, 10), BBB: flatThen(30, 10), CCC: flatThen(30, 5) };
  const day1 = { AAA: flatThen(30, 10, 25), BBB: flatThen(30, 10, 11), CCC: flatThen(30, 5, 5) };
  const day2 = { AAA: flatThen(30, 10, 25, 26), BBB: flatThen(30, 10, 11, 25), CCC: flatThen(30, 5, 5, 5) };
  const day3 = { AAA: flatThen(30, 10, 25, 26, 9), BBB: flatThen(30, 10, 11, 25, 27), CCC: flatThen(30, 5, 5, 5, 5) };
  const day4 = { AAA: flatThen(30, 10, 25, 26, 9, 24), BBB: flatThen(30, 10, 11, 25, 27, 28), CCC: flatThen(30, 5, 5, 5, 5, 5) };

  let scan: Alert;
  let price: Alert;
  let tmpl: Alert;

  it('fires a saved scan for symbols that newly match, once per update', async () => {
    t.deps.series.setEntries(closesMarket(day0));
    const saved = await created(alice, '/api/scanner/templates/', { name: 'Over 20', filters: [rowToSavedFilter({ category: 'Basic', type: 'price', operator: 'gte', value1: 20, value2: null }, 0)] });
    scan = await created(alice, '/api/alerts/', { kind: 'scan', name: 'Breakouts', scanner_template_id: saved.id, email: true, webhook_url: `${hookUrl}/scan` });
    price = await created(alice, '/api/alerts/', { kind: 'price', name: 'AAA 20', symbol: 'AAA', direction: 'above', level: 20, email: true });
    const list = await created(alice, '/api/watchlists/', { name: 'Both', symbols: ['AAA', 'BBB', 'CCC'] });
    const template = await created(alice, '/api/templates/', { name: 'Rising' });
    await created(alice, '/api/indicators/', { template: template.id, name: 'SMA', indicator_type: 'BUY', period: 3, compare: '<' });
    tmpl = await created(alice, '/api/alerts/', { kind: 'template', name: 'Rising list', template_id: template.id, side: 'BUY', watchlist_id: list.id });

    const first = await update(day1);
    expect(first.evaluated).toBe(true);
    expect(firedFor(first, scan.id)).toEqual(['AAA']);
    expect(firedFor(first, price.id)).toEqual(['AAA']);
    expect(firedFor(first, tmpl.id)).toEqual(['AAA', 'BBB']); // closes above their SMA(3)

    // the same update again (a retried job, a second process): nothing more
    const again = await runAlertFollowUp(t.deps, importId, { log: quiet });
    expect(again.evaluated).toBe(false);
    const both = await Promise.all([runAlertFollowUp(t.deps, importId, { log: quiet }), runAlertFollowUp(t.deps, importId, { log: quiet })]);
    expect(both.map((o) => o.evaluated)).toEqual([false, false]);
    expect((await notes(alice)).count).toBe(4);

    // AAA matched yesterday: only BBB is new
    const second = await update(day2);
    expect(firedFor(second, scan.id)).toEqual(['BBB']);
    expect(firedFor(second, price.id)).toEqual([]); // 25 → 26 is no cross
    // AAA drops out, then comes back: it newly matches again
    expect(firedFor(await update(day3), scan.id)).toEqual([]);
    expect(firedFor(await update(day4), scan.id)).toEqual(['AAA']);
    const a = await alertOf(alice, scan.id);
    expect(a.last_fired_at).not.toBeNull();
    expect(a.last_evaluated_at).not.toBeNull();
  });

  it('does not fire twice on the same bar, and keeps quiet during the cooldown', async () => {
    // an update that left the bars alone: the template and price alerts hold on the same bar
    const same = await update(day4);
    expect(same.firings.filter((f) => f.alertId !== scan.id)).toEqual([]);

    // DDD goes 4 → 6 → 4 → 6…, crossing 5 upwards every other update (and never near the scan's 20)
    const up = (n: number) => ({ ...day4, DDD: flatThen(30, 4, ...Array.from({ length: n }, (_, i) => (i % 2 ? 4 : 6))) });
    t.deps.series.setEntries(closesMarket(up(0)));
    const cool = await created(alice, '/api/alerts/', { kind: 'price', name: 'DDD cool', symbol: 'DDD', direction: 'above', level: 5, cooldown_minutes: 60 });
    const hot = await created(alice, '/api/alerts/', { kind: 'price', name: 'DDD hot', symbol: 'DDD', direction: 'above', level: 5 });
    const start = Date.now();
    const o1 = await update(up(1), { now: start });
    expect([firedFor(o1, cool.id), firedFor(o1, hot.id)]).toEqual([['DDD'], ['DDD']]);
    await update(up(2), { now: start + 60_000 }); // back under 5
    const o3 = await update(up(3), { now: start + 120_000 }); // crosses again 2 minutes later
    expect([firedFor(o3, cool.id), firedFor(o3, hot.id)]).toEqual([[], ['DDD']]);
    await update(up(4), { now: start + 30 * 60_000 });
    const o5 = await update(up(5), { now: start + 61 * 60_000 }); // the hour is over
    expect([firedFor(o5, cool.id), firedFor(o5, hot.id)]).toEqual([['DDD'], ['DDD']]);
    // a switched-off alert is not evaluated
    await call(alice, 'PATCH', `/api/alerts/${hot.id}/`, { enabled: false });
    await update(up(6), { now: start + 62 * 60_000 });
    expect(firedFor(await update(up(7), { now: start + 63 * 60_000 }), hot.id)).toEqual([]);
  });

  it('lists notifications unread first, counts and marks them read', async () => {
    const all = await notes(alice);
    expect(all.count).toBeGreaterThan(6);
    const n = all.results.find((x) => x.alert_id === price.id && x.bar_date === '2022-02-07')!;
    expect(n).toMatchObject({ alert_name: 'AAA 20', kind: 'price', symbol: 'AAA', close: 25, link: '/rchart/AAA/', read_at: null, bar_date: '2022-02-07' });
    expect(n.values).toEqual({ close: 25, previous_close: 10, level: 20 });
    const scanNote = all.results.find((x) => x.alert_id === scan.id && x.symbol === 'BBB')!;
    expect(scanNote.message).toBe('BBB now matches the saved query Over 20 (closed 25, +127.27% on the day)');
    const tmplNote = all.results.find((x) => x.alert_id === tmpl.id)!;
    expect(tmplNote.values).toHaveProperty(['SMA(3) < Close']);

    expect((await call(alice, 'GET', '/api/notifications/unread_count/')).json()).toEqual({ unread: all.count });
    const read = await call(alice, 'POST', `/api/notifications/${n.id}/read/`);
    expect(read.json().read_at).not.toBeNull();
    expect((await call(bob, 'POST', `/api/notifications/${n.id}/read/`)).statusCode).toBe(404);
    expect((await notes(bob)).count).toBe(0);
    const unreadFirst = await notes(alice);
    expect(unreadFirst.unread).toBe(all.count - 1);
    expect(unreadFirst.results.at(-1)!.id).toBe(n.id); // the read one sorts last
    const newest = await notes(alice, '&order=newest');
    expect(newest.results.map((x) => x.id)).toEqual([...newest.results.map((x) => x.id)].sort((a, b) => b - a));
    const p = NotificationPage.parse((await call(alice, 'GET', '/api/notifications/?page_size=2&page=2&order=newest')).json());
    expect(p.results.map((x) => x.id)).toEqual(newest.results.slice(2, 4).map((x) => x.id));
    expect(p.next).toBe(3);
    expect((await call(alice, 'GET', '/api/notifications/?page_size=0')).json()).toEqual({ page_size: ['Enter a whole number between 1 and 100.'] });
    expect((await call(alice, 'GET', '/api/notifications/?order=oldest')).json()).toHaveProperty('order');
    expect((await call(alice, 'POST', '/api/notifications/read_all/')).json()).toEqual({ updated: all.count - 1 });
    expect((await call(alice, 'GET', '/api/notifications/unread_count/')).json()).toEqual({ unread: 0 });
  });

  it('e-mails each user once per update with what fired, the values, links and an unsubscribe link', async () => {
    // the first update fired two e-mail alerts for alice (the scan and the price level): one mail
    const mails = mailbox.mails.filter((m) => m.to.includes(ALICE));
    const firstMail = mails.find((m) => m.text.includes('AAA now matches the saved query Over 20'))!;
    expect(firstMail).toBeDefined();
    expect(firstMail.text).toContain('AAA closed above 20 (10 → 25, +150.00% on the day)');
    expect(firstMail.text).toContain('close 25 on 2022-02-07');
    expect(firstMail.text).toContain('previous_close: 10, level: 20');
    expect(firstMail.text).toContain('http://localhost:8000/rchart/AAA/');
    expect(firstMail.raw).toMatch(/^Subject: Alerts: 2 events/m);
    expect(mails.filter((m) => m.text.includes('(10 → 25, '))).toHaveLength(1);
    // the template alert has no e-mail channel; DDD's alerts neither
    expect(mails.some((m) => m.text.includes('Rising') || m.text.includes('DDD'))).toBe(false);

    const link = /(http:\/\/localhost:8000\/unsubscribe\?token=([\w.-]+))/.exec(firstMail.text);
    expect(link).not.toBeNull();
    const token = link![2];
    const bad = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe/', headers: { origin: t.deps.config.siteUrl }, payload: { token: `${bob.id}.${token.split('.')[1]}` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ token: ['This unsubscribe link is not valid.'] });
    const ok = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe/', headers: { origin: t.deps.config.siteUrl }, payload: { token } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: ALICE, alerts_updated: 2 });
    expect((await alertOf(alice, scan.id)).email).toBe(false);
    const before = mailbox.mails.length;
    const o = await update({ ...day4, EEE: flatThen(30, 30) });
    expect(firedFor(o, scan.id)).toEqual(['EEE']);
    expect(o.mails).toEqual([]);
    expect(mailbox.mails.length).toBe(before);
  });

  it('posts signed webhooks through the delivery queue, retrying with backoff and recording failures', async () => {
    // the scan alert's deliveries so far: signed with its secret
    await waitFor('the webhook outcome', async () => (hits['/scan']?.length ?? 0) >= 3);
    for (const h of hits['/scan']) {
      expect(h.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]).toBe('sha256=' + createHmac('sha256', scan.webhook_secret).update(h.body).digest('hex'));
      const payload = WebhookPayload.parse(JSON.parse(h.body));
      expect(payload.alert).toEqual({ id: scan.id, name: 'Breakouts', kind: 'scan' });
      expect(payload.test).toBe(false);
    }
    expect(hits['/scan'].map((h) => JSON.parse(h.body).events.map((e: { symbol: string }) => e.symbol).join())).toEqual(['AAA', 'BBB', 'AAA', 'EEE'].slice(0, hits['/scan'].length));
    await waitFor('the webhook outcome', async () => (await alertOf(alice, scan.id)).webhook_status.last_success_at !== null);

    const make = async (name: string, path: string) =>
      created(alice, '/api/alerts/', { kind: 'price', name, symbol: 'FFF', direction: 'above', level: 20, webhook_url: `${hookUrl}${path}` }) as Promise<Alert>;
    t.deps.series.setEntries(closesMarket({ FFF: flatThen(30, 10) }));
    const flaky = await make('flaky', '/flaky');
    const down = await make('down', '/down');
    const slow = await make('slow', '/slow');
    flakyLeft = 2;
    const o = await update({ FFF: flatThen(30, 10, 21) });
    expect(o.webhooks.map((w) => w.alert.name).sort()).toEqual(['Breakouts', 'down', 'flaky', 'slow']); // FFF is new to the scan too
    // the evaluation is done before any delivery finished: webhooks never hold up the update (a delivery
    // to the slow target takes three 300 ms attempts and their backoff; each attempt shows on the alert as
    // it ends, so only the delivery's end is checked)
    const right = (await alertOf(alice, slow.id)).webhook_status;
    expect(right.consecutive_failures).toBe(0);
    expect(right.last_error ?? '').not.toContain('after 3 attempts');

    // (each attempt shows on the alert at once: the delivery's outcome is its success)
    await waitFor('the webhook outcome', async () => (await alertOf(alice, flaky.id)).webhook_status.last_success_at !== null, 10_000);
    expect(hits['/flaky']).toHaveLength(3); // two failures, then success
    expect(new Set(hits['/flaky'].map((h) => h.body)).size).toBe(1);
    expect((await alertOf(alice, flaky.id)).webhook_status).toMatchObject({ last_error: null, consecutive_failures: 0 });
    // the third attempt's request reaches the target before its failure is recorded on the alert
    await waitFor('the webhook outcome', async () => (await alertOf(alice, down.id)).webhook_status.consecutive_failures === 1 && (hits['/down']?.length ?? 0) >= 3, 10_000);
    expect(hits['/down']).toHaveLength(3);
    expect((await alertOf(alice, down.id)).webhook_status).toMatchObject({ last_error: 'HTTP 500 (after 3 attempts)', last_success_at: null });
    await waitFor('the webhook outcome', async () => (await alertOf(alice, slow.id)).webhook_status.consecutive_failures === 1, 10_000);
    expect((await alertOf(alice, slow.id)).webhook_status.last_error).toBe('timeout after 300 ms (after 3 attempts)');
  });

  it('reports at most 20 symbols of a scan one by one per update, then how many more match', async () => {
    const wide = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`W${String(i).padStart(2, '0')}`, flatThen(30, 40)]));
    t.deps.series.setEntries(closesMarket(wide));
    const saved = await created(alice, '/api/scanner/templates/', { name: 'Over 50', filters: [rowToSavedFilter({ category: 'Basic', type: 'price', operator: 'gte', value1: 50, value2: null }, 0)] });
    const a = await created(alice, '/api/alerts/', { kind: 'scan', name: 'Wide', scanner_template_id: saved.id });
    const o = await update(Object.fromEntries(Object.keys(wide).map((s) => [s, flatThen(30, 40, 60)])));
    const mine = o.firings.filter((f) => f.alertId === a.id);
    expect(mine.map((f) => f.symbol)).toEqual([...Object.keys(wide).slice(0, 20), null]);
    const page = await notes(alice, '&order=newest');
    const summary = page.results.find((n) => n.alert_id === a.id && n.symbol === null)!;
    expect(summary).toMatchObject({ message: '5 more symbols now match the saved query Over 50', link: `/scanner?template=${saved.id}`, values: { more: 5 }, close: null });
  });

  it('runs as the market follow-up: once per finished import, whoever dispatches it', async () => {
    await marketJobs(t.deps, quiet).defineQueues(true);
    const [log] = await t.deps.db.query<{ id: number }>(
      `INSERT INTO market_import_log (command, sources, finished_at, summary) VALUES ('import', 'test', now(), '{}') RETURNING id`,
    );
    const sent = await Promise.all([dispatchFollowUps(t.deps.db, t.deps.queue), dispatchFollowUps(t.deps.db, t.deps.queue)]);
    expect(sent.flat()).toEqual([log.id]);
    await waitFor('the webhook outcome', async () => (await t.deps.db.query('SELECT 1 FROM alert_evaluations WHERE import_id = $1', [log.id])).length === 1, 10_000);
    const [row] = await t.deps.db.query<{ alerts: number }>('SELECT alerts FROM alert_evaluations WHERE import_id = $1', [log.id]);
    const [enabled] = await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts WHERE enabled');
    expect(row.alerts).toBe(enabled.n);
    expect(row.alerts).toBeGreaterThan(3);
  });

  it("evaluates on the import's data even when this process's cache has not reloaded it yet", async () => {
    t.deps.series.setEntries(closesMarket({ GGG: flatThen(30, 10) }));
    const a = await created(alice, '/api/alerts/', { kind: 'price', name: 'GGG 20', symbol: 'GGG', direction: 'above', level: 20 });
    // another process imported a new bar for GGG: it is in the database, not in this cache
    const [entry] = closesMarket({ GGG: flatThen(30, 10, 25) });
    await upsertSymbols(t.deps.db, [entry.info]);
    await replaceBars(t.deps.db, 'GGG', entry.bars);
    await noteMarketChange(t.deps.db, ['GGG']);
    expect(t.deps.series.get('GGG')!.bars.close.at(-1)).toBe(10);
    const o = await runAlertFollowUp(t.deps, ++importId, { log: quiet });
    expect(o.firings.filter((f) => f.alertId === a.id).map((f) => [f.symbol, f.close])).toEqual([['GGG', 25]]);
  });
});
