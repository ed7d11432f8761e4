import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { ALERT_MESSAGES } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../test/testApp.ts';
import { openPostgres } from '../db/index.ts';
import { INSIDE_URLS } from '../test/insideUrls.ts';
import { waitFor } from '../test/waitFor.ts';
import { startWebhookDelivery, type WebhookDispatcher } from './webhookDelivery.ts';
import { pendingDeliveries, queueDeliveries } from './webhookQueue.ts';

// The delivery queue against real local HTTP servers: one user's hanging targets do not hold up
// another user's delivery, a redirect gets one attempt, and targets inside the network are refused
// when delivered, however they were stored.

const DEADLINE_MS = 2000;

describe.each(dbKinds)('webhook delivery on %s', (kind) => {
  let t: TestApp;
  let hook: Server;
  let hookUrl: string;
  let dispatcher: WebhookDispatcher | null = null;
  const hits: Array<{ url: string; at: number }> = [];
  const held: ServerResponse[] = [];
  let alice: number;
  let bob: number;

  beforeAll(async () => {
    t = await testApp(kind, { alertWebhookAllowPrivate: true, alertWebhookTimeoutMs: DEADLINE_MS, alertWebhookRetries: 3, alertWebhookBackoffMs: 20 });
    alice = (await signedInAs(t, 'alice-deliver@example.com')).id;
    bob = (await signedInAs(t, 'bob-deliver@example.com')).id;
    hook = createServer((req: IncomingMessage, res: ServerResponse) => {
      hits.push({ url: req.url!, at: Date.now() });
      if (req.url === '/hang') {
        // never answers: the delivery's deadline ends it
        held.push(res);
        return;
      }
      if (req.url === '/moved') res.writeHead(302, { location: `${hookUrl}/elsewhere` });
      req.resume();
      res.end();
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = null;
    await t.deps.db.query('DELETE FROM webhook_deliveries');
    hits.length = 0;
  });
  afterAll(async () => {
    for (const r of held) r.destroy();
    hook.closeAllConnections();
    await new Promise((r) => hook.close(r));
    await t.close();
  });

  const alertFor = async (userId: number, url: string) => {
    const [a] = await t.deps.db.query<{ id: number }>(
      `INSERT INTO alerts (user_id, kind, name, webhook_url, webhook_secret, symbol, direction, level)
       VALUES ($1, 'price', 'hook', $2, 'secret', 'AAA', 'above', 1) RETURNING id`,
      [userId, url],
    );
    return { userId, alertId: a.id, url, secret: 'secret', body: JSON.stringify({ test: false, alert: a.id }) };
  };
  const statusOf = async (alertId: number) =>
    (await t.deps.db.query<{ error: string | null; failures: number; success: string | null }>(
      'SELECT webhook_last_error AS error, webhook_failures AS failures, webhook_last_success_at::text AS success FROM alerts WHERE id = $1',
      [alertId],
    ))[0];

  it("delivers to a healthy target within one attempt's deadline while another user's targets hang", async () => {
    const stuck = [];
    for (let i = 0; i < 6; i++) stuck.push(await alertFor(alice, `${hookUrl}/hang`));
    const healthy = await alertFor(bob, `${hookUrl}/ok`);
    await queueDeliveries(t.deps.db, [...stuck, healthy]); // alice's first: they would be served first in order of arrival
    const queuedAt = Date.now();
    dispatcher = startWebhookDelivery(t.deps, { concurrency: 2, pollMs: 100 });
    await waitFor("bob's delivery", () => hits.some((h) => h.url === '/ok'), 10_000, 5);
    const arrived = hits.find((h) => h.url === '/ok')!.at - queuedAt;
    expect(arrived).toBeLessThan(DEADLINE_MS);
    // one of alice's attempts at a time in this process: the other slot stayed free for bob
    expect(hits.filter((h) => h.url === '/hang')).toHaveLength(1);
    await waitFor("bob's outcome", async () => (await statusOf(healthy.alertId)).success !== null);
    // her next attempt starts when the first one's deadline ends it
    await waitFor('a second hanging attempt', () => hits.filter((h) => h.url === '/hang').length >= 2, 3 * DEADLINE_MS);
    const [first, second] = hits.filter((h) => h.url === '/hang');
    expect(second.at - first.at).toBeGreaterThan(DEADLINE_MS / 2); // (arrival times: the first may have been slow to arrive)
  });

  it('gives a waiting user the next free slot before another attempt of the user who holds it', async () => {
    const stuck = [];
    await t.deps.db.query("DELETE FROM webhook_turns");
    for (let i = 0; i < 3; i++) stuck.push(await alertFor(alice, `${hookUrl}/hang`));
    const healthy = await alertFor(bob, `${hookUrl}/ok`);
    await queueDeliveries(t.deps.db, [...stuck, healthy]);
    const queuedAt = Date.now();
    dispatcher = startWebhookDelivery(t.deps, { concurrency: 1, pollMs: 100 });
    await waitFor("bob's delivery", () => hits.some((h) => h.url === '/ok'), 3 * DEADLINE_MS, 5);
    // one slot: alice's first attempt held it until it stepped aside (long before its deadline), then
    // bob's turn came before her second
    expect(hits.map((h) => h.url).slice(0, 2)).toEqual(['/hang', '/ok']);
    expect(hits.find((h) => h.url === '/ok')!.at - queuedAt).toBeLessThan(DEADLINE_MS);
  });

  it("delivers a sixth user's webhook within 1 s while five users' targets hang, and shows each attempt at once", async () => {
    const users = [];
    for (let i = 0; i < 5; i++) users.push((await signedInAs(t, `hang${i}-deliver@example.com`)).id);
    const stuck = [];
    for (const u of users) for (let k = 0; k < 2; k++) stuck.push(await alertFor(u, `${hookUrl}/hang`));
    const healthy = await alertFor(bob, `${hookUrl}/ok`);
    await t.deps.db.query('DELETE FROM webhook_turns');
    await queueDeliveries(t.deps.db, [...stuck, healthy]); // the five's first: they are served first
    const queuedAt = Date.now();
    // the default slots (4): the five take them all before bob's turn
    dispatcher = startWebhookDelivery(t.deps, { pollMs: 100 });
    await waitFor("bob's delivery", () => hits.some((h) => h.url === '/ok'), 10_000, 5);
    expect(hits.find((h) => h.url === '/ok')!.at - queuedAt).toBeLessThan(1000);
    // an attempt that timed out is on its alert while its retries are still to come
    const first = stuck[0];
    await waitFor('the first attempt on the alert', async () => (await statusOf(first.alertId)).error !== null, 3 * DEADLINE_MS);
    expect(await statusOf(first.alertId)).toEqual({ error: `timeout after ${DEADLINE_MS} ms (attempt 1 of 4; trying again)`, failures: 0, success: null });
    expect(await pendingDeliveries(t.deps.db)).toBeGreaterThan(0);
    // now that their last attempts timed out, the five share one slot: another healthy delivery
    // does not wait behind their next attempts
    const hitsBefore = hits.length;
    const again = await alertFor(bob, `${hookUrl}/ok?again`);
    await queueDeliveries(t.deps.db, [again]);
    const againAt = Date.now();
    dispatcher.nudge();
    await waitFor("bob's second delivery", () => hits.slice(hitsBefore).some((h) => h.url === '/ok?again'), 10_000, 5);
    expect(hits.find((h) => h.url === '/ok?again')!.at - againAt).toBeLessThan(1000);
  }, 30_000);

  it('makes one attempt at a target that redirects and shows why on the alert', async () => {
    const moved = await alertFor(alice, `${hookUrl}/moved`);
    await queueDeliveries(t.deps.db, [moved]);
    dispatcher = startWebhookDelivery(t.deps, { pollMs: 100 });
    await waitFor('the outcome', async () => (await statusOf(moved.alertId)).failures === 1);
    expect(await statusOf(moved.alertId)).toEqual({ error: ALERT_MESSAGES.webhookRedirected, failures: 1, success: null });
    expect(await pendingDeliveries(t.deps.db)).toBe(0);
    await new Promise((r) => setTimeout(r, 300)); // retries would come after 20, 40, 80 ms
    expect(hits.map((h) => h.url)).toEqual(['/moved']);
  });

  it('refuses targets inside the network when delivering, however they were stored', async () => {
    t.deps.config.alertWebhookAllowPrivate = false;
    try {
      const port = (hook.address() as { port: number }).port;
      const inside = [];
      for (const url of [...INSIDE_URLS, `https://0x7f.1:${port}/`, `https://2130706433:${port}/`, `https://[::ffff:127.0.0.1]:${port}/`]) inside.push(await alertFor(alice, url));
      // a name that resolves to loopback: refused in the socket's lookup, before connecting
      const named = await alertFor(bob, `https://vm:${port}/hook`);
      await queueDeliveries(t.deps.db, [...inside, named]);
      dispatcher = startWebhookDelivery(t.deps, { concurrency: 4, pollMs: 100 });
      await waitFor('every outcome', async () => (await pendingDeliveries(t.deps.db)) === 0, 20_000);
      for (const d of inside) {
        expect((await statusOf(d.alertId)).error, d.url).toBe(`refused: ${ALERT_MESSAGES.webhookPrivate} (after 1 attempt)`);
      }
      expect((await statusOf(named.alertId)).error).toMatch(/^refused: 127\.0\.0\.1 is a private, loopback or link-local address \(after 1 attempt\)$/);
      expect(hits).toEqual([]);
    } finally {
      t.deps.config.alertWebhookAllowPrivate = true;
    }
  });

  it.runIf(kind === 'postgres')('sends each delivery once when two processes share the queue', async () => {
    const url = (t.deps.db as unknown as { url: string }).url;
    const other = await openPostgres(url); // a second process's pool
    const second = startWebhookDelivery({ db: other, config: t.deps.config }, { pollMs: 50 });
    try {
      const users = [alice, bob, (await signedInAs(t, 'carol-deliver@example.com')).id];
      const rows = [];
      for (let i = 0; i < 24; i++) rows.push(await alertFor(users[i % 3], `${hookUrl}/ok?n=${i}`));
      await queueDeliveries(t.deps.db, rows);
      dispatcher = startWebhookDelivery(t.deps, { pollMs: 50 });
      await waitFor('every delivery', async () => (await pendingDeliveries(t.deps.db)) === 0, 20_000);
      expect(hits.map((h) => h.url).sort()).toEqual(rows.map((_, i) => `/ok?n=${i}`).sort());
    } finally {
      await second.stop();
      await other.close();
    }
  });
});

