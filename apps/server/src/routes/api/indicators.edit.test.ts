import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDICATOR_MESSAGES as M, type Indicator, type TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';

type Who = { headers: Record<string, string> };

// Rows changed in place (PUT), moved within their side (up, down, to another block), and written
// with a price on the left.
describe.each(dbKinds)('editing and moving indicator rows on %s', (kind) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as any, headers: who?.headers });
  const newTemplate = async (name: string) => (await call(alice, 'POST', '/api/templates/', { name })).json<TemplateDetail>();
  const add = async (template: number, row: Record<string, unknown>) => {
    const r = await call(alice, 'POST', '/api/indicators/', { template, ...row });
    expect(r.statusCode, r.body).toBe(201);
    return r.json<Indicator>();
  };
  const rowsOf = async (id: number) => (await call(alice, 'GET', `/api/templates/${id}/`)).json<TemplateDetail>().indicators;
  const rsi = (value: number, extra: Record<string, unknown> = {}) => ({ name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: value, ...extra });

  beforeAll(async () => {
    t = await testApp(kind);
    alice = await signedInAs(t, 'alice@example.com');
    bob = await signedInAs(t, 'bob@example.com');
  });
  afterAll(() => t.close());

  it('answers 401 when signed out', async () => {
    expect((await call(null, 'PUT', '/api/indicators/1/', {})).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/indicators/1/move/', {})).statusCode).toBe(401);
  });

  it('changes a row in place (PUT), validated as on create, keeping its place', async () => {
    const tpl = await newTemplate('Edit me');
    const a = await add(tpl.id, rsi(30));
    const b = await add(tpl.id, rsi(40));
    const put = await call(alice, 'PUT', `/api/indicators/${a.id}/`, { name: 'SMA', period: '50', indicator_type: 'BUY', compare: '>', cprice: 'HIGH' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: a.id, template: tpl.id, name: 'SMA', period: 50, compare: '>', cprice: 'HIGH', price_left: false });
    expect((await rowsOf(tpl.id)).map((r) => r.id)).toEqual([a.id, b.id]);

    const bad = await call(alice, 'PUT', `/api/indicators/${a.id}/`, { name: 'RSI', period: 0, indicator_type: 'BUY', compare: 'nope', cvalue: 300 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ period: [M.periodPositive], compare: [M.compare], cvalue: [M.rsiValue] });
    const mixed = await call(alice, 'PUT', `/api/indicators/${a.id}/`, rsi(30, { indicator_type: 'SHORT' }));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ indicator_type: [M.mixedSides] });
    // its only row may change side: nothing else to mix with
    const alone = await newTemplate('Alone');
    const only = await add(alone.id, rsi(30));
    expect((await call(alice, 'PUT', `/api/indicators/${only.id}/`, rsi(70, { indicator_type: 'SHORT', compare: '>' }))).statusCode).toBe(200);

    expect((await call(bob, 'PUT', `/api/indicators/${a.id}/`, rsi(30))).statusCode).toBe(404);
    expect((await call(alice, 'PUT', '/api/indicators/999999/', rsi(30))).statusCode).toBe(404);
    expect((await rowsOf(tpl.id))[0]).toMatchObject({ name: 'SMA', period: 50 });
  });

  it('moves a row up and down within its block, and to another block where it goes last; the order persists', async () => {
    const tpl = await newTemplate('Order');
    const a = await add(tpl.id, rsi(10));
    const b = await add(tpl.id, rsi(20));
    const s = await add(tpl.id, rsi(80, { indicator_type: 'SELL', compare: '>' }));
    const c = await add(tpl.id, rsi(30));
    const ids = async () => (await rowsOf(tpl.id)).map((r) => r.id);

    const up = await call(alice, 'POST', `/api/indicators/${c.id}/move/`, { direction: 'up' });
    expect(up.statusCode, up.body).toBe(200);
    // c passes b (the SELL row between them is of another side)
    expect(up.json<TemplateDetail>().indicators.map((r) => r.id)).toEqual([a.id, c.id, s.id, b.id]);
    expect(await ids()).toEqual([a.id, c.id, s.id, b.id]);
    await call(alice, 'POST', `/api/indicators/${c.id}/move/`, { direction: 'up' });
    expect((await ids()).filter((id) => id !== s.id)).toEqual([c.id, a.id, b.id]);
    // at the top already: nothing moves
    await call(alice, 'POST', `/api/indicators/${c.id}/move/`, { direction: 'up' });
    expect((await ids()).filter((id) => id !== s.id)).toEqual([c.id, a.id, b.id]);
    await call(alice, 'POST', `/api/indicators/${c.id}/move/`, { direction: 'down' });
    expect((await ids()).filter((id) => id !== s.id)).toEqual([a.id, c.id, b.id]);

    const moved = await call(alice, 'POST', `/api/indicators/${a.id}/move/`, { group: 1 });
    expect(moved.statusCode).toBe(200);
    const rows = moved.json<TemplateDetail>().indicators;
    expect(rows.find((r) => r.id === a.id)!.group).toBe(1);
    expect(rows.at(-1)!.id).toBe(a.id);
    // a row alone in its block does not move up or down past other blocks
    await call(alice, 'POST', `/api/indicators/${a.id}/move/`, { direction: 'up' });
    expect((await ids()).at(-1)).toBe(a.id);

    for (const [body, error] of [
      [{}, { non_field_errors: [M.moveBody] }],
      [{ direction: 'up', group: 1 }, { non_field_errors: [M.moveBody] }],
      [{ direction: 'left' }, { direction: [M.moveDirection] }],
      [{ group: 100 }, { group: [M.group] }],
      [{ group: 'x' }, { group: [M.group] }],
    ] as const) {
      const r = await call(alice, 'POST', `/api/indicators/${b.id}/move/`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toEqual(error);
    }
    expect((await call(bob, 'POST', `/api/indicators/${b.id}/move/`, { direction: 'up' })).statusCode).toBe(404);
  });

  it('stores a row written with a price on the left mirrored, and reads it back as written', async () => {
    const tpl = await newTemplate('Price left');
    // "Close crosses below BB lower(20, 2)", sent mirrored
    const row = await add(tpl.id, { name: 'BBANDS', output: 'lower', indicator_type: 'BUY', compare: 'crosses_above', cprice: 'CLOSE', price_left: true });
    expect(row).toMatchObject({ name: 'BBANDS', output: 'lower', compare: 'crosses_above', cprice: 'CLOSE', price_left: true, against: null });
    expect((await rowsOf(tpl.id))[0].price_left).toBe(true);

    const notALine = await call(alice, 'POST', '/api/indicators/', { template: tpl.id, ...rsi(30, { price_left: true }) });
    expect(notALine.statusCode).toBe(400);
    expect(notALine.json()).toEqual({ name: [M.priceLeftLine] });
    const band = await call(alice, 'POST', '/api/indicators/', { template: tpl.id, name: 'BBANDS', output: 'percent_b', indicator_type: 'BUY', compare: '<', cvalue: 0, price_left: true });
    expect(band.json()).toEqual({ output: [M.priceLeftLine] });
    const withAgainst = await call(alice, 'PUT', `/api/indicators/${row.id}/`, {
      name: 'SMA', indicator_type: 'BUY', compare: '<', price_left: true, against: { name: 'SMA', period: 200 },
    });
    expect(withAgainst.json()).toEqual({ against: [M.priceLeftAgainst] });
    const notBool = await call(alice, 'PUT', `/api/indicators/${row.id}/`, { name: 'SMA', indicator_type: 'BUY', compare: '<', price_left: 'yes' });
    expect(notBool.json()).toEqual({ price_left: [M.priceLeft] });
  });
});
