import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS, AlertCheckResult, rowToSavedFilter } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { closesMarket, flatThen } from '../../test/alertMarket.ts';

// POST /api/alerts/{id}/check/: an alert evaluated against the latest data on demand — what would fire
// and why not — without a notification, a firing or any change to the alert.

type Headers = Record<string, string>;

describe.each(dbKinds)('POST /api/alerts/{id}/check/ on %s', (kind) => {
  let t: TestApp;
  let alice: Headers;
  let bob: Headers;

  beforeAll(async () => {
    t = await testApp(kind);
    // UPP crosses 20 on its last bar; FLAT stays at 10
    t.deps.series.setEntries(closesMarket({ UPP: flatThen(30, 15, 22), FLAT: flatThen(31, 10) }));
    alice = (await signedInAs(t, 'alice-check@example.com')).headers;
    bob = (await signedInAs(t, 'bob-check@example.com')).headers;
  });
  afterAll(() => t.close());

  const call = (headers: Headers, method: 'GET' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, headers, payload: payload as never });
  async function create(body: Record<string, unknown>): Promise<number> {
    const r = await call(alice, 'POST', '/api/alerts/', body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id;
  }
  async function check(id: number, who = alice) {
    const r = await call(who, 'POST', `/api/alerts/${id}/check/`);
    return { status: r.statusCode, body: r.json() };
  }
  const lastDay = new Date((19000 + 30) * 86_400_000).toISOString().slice(0, 10);

  it('says a price alert whose level the last close crossed would fire, and fires nothing', async () => {
    const id = await create({ kind: 'price', name: 'UPP over 20', symbol: 'UPP', direction: 'above', level: 20 });
    const r = await check(id);
    expect(r.status).toBe(200);
    const body = AlertCheckResult.parse(r.body);
    expect(body).toEqual({
      would_fire: true, as_of: lastDay, detail: 'Would fire now: 1 event.',
      events: [{ symbol: 'UPP', message: 'UPP closed above 20 (15 → 22, +46.67% on the day)', link: '/rchart/UPP/' }],
    });
    // nothing recorded: no notification, the alert never fired, and a second check says the same
    expect((await call(alice, 'GET', '/api/notifications/unread_count/')).json()).toEqual({ unread: 0 });
    expect((await call(alice, 'GET', `/api/alerts/${id}/`)).json().last_fired_at).toBeNull();
    expect((await check(id)).body.would_fire).toBe(true);
  });

  it('says why a price alert would not fire, with the closes it read', async () => {
    const id = await create({ kind: 'price', name: 'FLAT over 20', symbol: 'FLAT', direction: 'above', level: 20, enabled: false });
    const body = AlertCheckResult.parse((await check(id)).body);
    expect(body).toEqual({ would_fire: false, as_of: lastDay, events: [], detail: 'Would not fire now: FLAT closed at 10 after 10, which does not cross above 20.' });
  });

  it('checks a saved-scan alert against its last matches', async () => {
    const scan = await call(alice, 'POST', '/api/scanner/templates/', { name: 'Over 20', filters: [rowToSavedFilter({ category: 'Basic', type: 'price', operator: 'gte', value1: 20, value2: null }, 0)] });
    const id = await create({ kind: 'scan', name: 'New over 20', scanner_template_id: scan.json().id });
    const body = AlertCheckResult.parse((await check(id)).body);
    expect(body.would_fire).toBe(true);
    expect(body.events.map((e) => e.symbol)).toEqual(['UPP']);
  });

  it('counts the symbols a scan alert lists, past the per-update limit of named ones', async () => {
    // more symbols over 20 than one update names: the rest come as one "N more symbols" event
    const extra = ALERT_LIMITS.maxEventsPerUpdate + 7;
    const many = Object.fromEntries(Array.from({ length: extra }, (_, i) => [`M${String(i).padStart(3, '0')}`, flatThen(30, 15, 25)]));
    t.deps.series.setEntries(closesMarket({ UPP: flatThen(30, 15, 22), FLAT: flatThen(31, 10), ...many }));
    const scan = await call(alice, 'POST', '/api/scanner/templates/', { name: 'Many over 20', filters: [rowToSavedFilter({ category: 'Basic', type: 'price', operator: 'gte', value1: 20, value2: null }, 0)] });
    const id = await create({ kind: 'scan', name: 'Many new over 20', scanner_template_id: scan.json().id });
    const body = AlertCheckResult.parse((await check(id)).body);
    const total = extra + 1;
    const named = ALERT_LIMITS.maxEventsPerUpdate;
    expect(body.events.filter((e) => e.symbol !== null)).toHaveLength(named);
    expect(body.events.at(-1)!.message).toContain(`${total - named} more symbols`);
    expect(body.detail).toBe(`Would fire now: ${total} symbols newly match the saved query (${named} by name, ${total - named} more).`);
  });

  it("answers 404 for another user's alert or none, 401 signed out", async () => {
    const id = await create({ kind: 'price', name: 'mine', symbol: 'FLAT', direction: 'below', level: 5 });
    expect((await check(id, bob)).status).toBe(404);
    expect((await check(999_999)).status).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/alerts/${id}/check/` })).statusCode).toBe(401);
  });
});
