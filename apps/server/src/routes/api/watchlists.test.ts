import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicators } from '@app/quant';
import { WATCHLIST_LIMITS, WATCHLIST_MESSAGES, Watchlist, WatchlistRows } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { fixtureMarket } from '../../test/scannerMarket.ts';

// /api/watchlists/ on an in-memory market of 520 symbols (T00…T519; T00 has no bars, T01 one bar,
// T02 60 bars, the others 260+).

describe.each(dbKinds)('/api/watchlists/ on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  const market = fixtureMarket(520);
  beforeAll(async () => {
    t = await testApp(kind);
    t.deps.series.setEntries(market);
    alice = (await signedInAs(t, 'alice-wl@example.com')).headers;
    bob = (await signedInAs(t, 'bob-wl@example.com')).headers;
  });
  afterAll(() => t.close());

  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as any });
  const create = async (name: string, symbols: string[] = []) => {
    const r = await call(alice, 'POST', '/api/watchlists/', { name, symbols });
    expect(r.statusCode, r.body).toBe(201);
    return Watchlist.parse(r.json());
  };

  it('needs sign-in for every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/watchlists/'], ['POST', '/api/watchlists/'], ['GET', '/api/watchlists/membership/?symbol=T05'], ['GET', '/api/watchlists/1/'],
      ['PUT', '/api/watchlists/1/'], ['DELETE', '/api/watchlists/1/'], ['POST', '/api/watchlists/1/symbols/'], ['PUT', '/api/watchlists/1/symbols/'],
      ['DELETE', '/api/watchlists/1/symbols/T05/'], ['GET', '/api/watchlists/1/rows/'], ['POST', '/api/watchlists/1/import/'], ['GET', '/api/watchlists/1/export/'],
    ] as const) {
      const r = await t.app.inject({ method, url });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates, lists, renames and deletes; names are unique per user', async () => {
    const w = await create('Tech', ['t05', 'T06']);
    expect(w.symbols).toEqual(['T05', 'T06']);
    const list = await call(alice, 'GET', '/api/watchlists/');
    expect(list.json()).toEqual([expect.objectContaining({ id: w.id, name: 'Tech', symbol_count: 2 })]);
    const dup = await call(alice, 'POST', '/api/watchlists/', { name: '  Tech ' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [WATCHLIST_MESSAGES.nameUsed] });
    // another user may use the same name
    expect((await call(bob, 'POST', '/api/watchlists/', { name: 'Tech' })).statusCode).toBe(201);
    const other = await create('Other');
    expect((await call(alice, 'PUT', `/api/watchlists/${other.id}/`, { name: 'Tech' })).json()).toEqual({ name: [WATCHLIST_MESSAGES.nameUsed] });
    const renamed = await call(alice, 'PUT', `/api/watchlists/${other.id}/`, { name: 'Energy' });
    expect(renamed.json().name).toBe('Energy');
    expect((await call(alice, 'DELETE', `/api/watchlists/${other.id}/`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/watchlists/${other.id}/`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's list on every route", async () => {
    const w = await create('Private', ['T07']);
    for (const [method, url, body] of [
      ['GET', `/api/watchlists/${w.id}/`], ['PUT', `/api/watchlists/${w.id}/`, { name: 'Mine' }], ['DELETE', `/api/watchlists/${w.id}/`],
      ['POST', `/api/watchlists/${w.id}/symbols/`, { symbols: ['T08'] }], ['PUT', `/api/watchlists/${w.id}/symbols/`, { symbols: ['T07'] }],
      ['DELETE', `/api/watchlists/${w.id}/symbols/T07/`], ['GET', `/api/watchlists/${w.id}/rows/`],
      ['POST', `/api/watchlists/${w.id}/import/`, { csv: 'T08' }], ['GET', `/api/watchlists/${w.id}/export/`],
    ] as const) {
      const r = await call(bob, method, url, body);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(alice, 'GET', `/api/watchlists/${w.id}/`)).json().symbols).toEqual(['T07']);
    expect((await call(alice, 'GET', '/api/watchlists/abc/')).statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, 'name', 'This field is required.'],
      [{ name: '   ' }, 'name', 'This field may not be blank.'],
      [{ name: 'a\u0000b' }, 'name', WATCHLIST_MESSAGES.controlCharacters],
      [{ name: 'tab\there' }, 'name', WATCHLIST_MESSAGES.controlCharacters],
      [{ name: 'x'.repeat(101) }, 'name', 'Ensure this field has no more than 100 characters.'],
      [{ name: 'ok', symbols: ['T05', 'T05'] }, 'symbols', WATCHLIST_MESSAGES.duplicateSymbol],
      [{ name: 'ok', symbols: ['NOPE'] }, 'symbols', `${WATCHLIST_MESSAGES.symbolNotFound}: NOPE`],
      [{ name: 'ok', symbols: 'T05' }, 'symbols', expect.any(String) as unknown as string],
    ];
    for (const [body, field, message] of cases) {
      const r = await call(alice, 'POST', '/api/watchlists/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()[field]?.[0], JSON.stringify(body)).toEqual(message);
    }
  });

  it('adds, reorders and removes symbols, keeping order and refusing a 501st', async () => {
    const w = await create('Order', ['T10', 'T11']);
    const added = await call(alice, 'POST', `/api/watchlists/${w.id}/symbols/`, { symbols: ['T12', 'T10', 'T13'] });
    expect(added.json().symbols).toEqual(['T10', 'T11', 'T12', 'T13']);
    const bad = await call(alice, 'PUT', `/api/watchlists/${w.id}/symbols/`, { symbols: ['T13', 'T12'] });
    expect(bad.json()).toEqual({ symbols: [WATCHLIST_MESSAGES.reorderMismatch] });
    const re = await call(alice, 'PUT', `/api/watchlists/${w.id}/symbols/`, { symbols: ['T13', 'T10', 'T12', 'T11'] });
    expect(re.json().symbols).toEqual(['T13', 'T10', 'T12', 'T11']);
    const removed = await call(alice, 'DELETE', `/api/watchlists/${w.id}/symbols/t10/`);
    expect(removed.json().symbols).toEqual(['T13', 'T12', 'T11']);
    expect((await call(alice, 'DELETE', `/api/watchlists/${w.id}/symbols/T10/`)).statusCode).toBe(404);

    const all = market.map((e) => e.info.symbol);
    const big = await create('Big', all.slice(0, WATCHLIST_LIMITS.maxSymbols));
    expect(big.symbols).toHaveLength(500);
    const over = await call(alice, 'POST', `/api/watchlists/${big.id}/symbols/`, { symbols: [all[510]] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ symbols: [WATCHLIST_MESSAGES.tooManySymbols] });
    expect((await call(alice, 'POST', '/api/watchlists/', { name: 'Too big', symbols: all.slice(0, 501) })).json()).toEqual({ symbols: [WATCHLIST_MESSAGES.tooManySymbols] });
    const overImport = await call(alice, 'POST', `/api/watchlists/${big.id}/import/`, { csv: `${all[511]}\n${all[512]}` });
    expect(overImport.json()).toEqual({ csv: [WATCHLIST_MESSAGES.tooManySymbols] });
  });

  it('imports CSV reporting unknown symbols, and exports it back', async () => {
    const w = await create('Imported', ['T20']);
    const r = await call(alice, 'POST', `/api/watchlists/${w.id}/import/`, { csv: 'Symbol,Name\r\nt21,One\n"T20",Two\nZZZZ,Nope\n\nT22;x\nbad symbol!\nT21\n' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ added: ['T21', 'T22'], already_present: ['T20'], unknown: ['ZZZZ', 'bad symbol!'] });
    expect(r.json().watchlist.symbols).toEqual(['T20', 'T21', 'T22']);
    expect((await call(alice, 'POST', `/api/watchlists/${w.id}/import/`, { csv: 'symbol\n\n' })).json()).toEqual({ csv: [WATCHLIST_MESSAGES.csvEmpty] });
    expect((await call(alice, 'POST', `/api/watchlists/${w.id}/import/`, { csv: 'T21\u0000' })).statusCode).toBe(400);
    const out = await call(alice, 'GET', `/api/watchlists/${w.id}/export/`);
    expect(out.json()).toEqual({ filename: 'imported.csv', csv: 'symbol\r\nT20\r\nT21\r\nT22\r\n' });
  });

  it('answers rows with last move, sparkline, RSI(14) and distances to SMA(50)/SMA(200)', async () => {
    const w = await create('Rows', ['T30', 'T02', 'T00']);
    const r = await call(alice, 'GET', `/api/watchlists/${w.id}/rows/`);
    expect(r.statusCode, r.body).toBe(200);
    const { rows } = WatchlistRows.parse(r.json());
    expect(rows.map((x) => x.symbol)).toEqual(['T30', 'T02', 'T00']);
    const close = market[30].bars.close;
    const n = close.length;
    const sma = (p: number) => indicators.sma(close, p)[n - 1];
    expect(rows[0].close).toBe(close[n - 1]);
    expect(rows[0].change).toBeCloseTo(close[n - 1] - close[n - 2], 4);
    expect(rows[0].change_pct).toBeCloseTo(((close[n - 1] - close[n - 2]) / close[n - 2]) * 100, 3);
    expect(rows[0].sparkline).toEqual(Array.from(close.subarray(n - WATCHLIST_LIMITS.sparklineBars)));
    expect(rows[0].rsi14).toBeCloseTo(indicators.rsi(close, 14)[n - 1], 2);
    expect(rows[0].sma50_dist_pct).toBeCloseTo(((close[n - 1] - sma(50)) / sma(50)) * 100, 3);
    expect(rows[0].sma200_dist_pct).toBeCloseTo(((close[n - 1] - sma(200)) / sma(200)) * 100, 3);
    // 60 bars: no SMA(200); no bars: nothing but the name
    expect(rows[1].sma200_dist_pct).toBeNull();
    expect(rows[1].sma50_dist_pct).not.toBeNull();
    expect(rows[2]).toMatchObject({ close: null, sparkline: [], rsi14: null, date: null });
  });

  it('says which lists hold a symbol (the star)', async () => {
    const r = await call(alice, 'GET', '/api/watchlists/membership/?symbol=t05');
    expect(r.statusCode).toBe(200);
    const byName = Object.fromEntries(r.json().watchlists.map((w: { name: string; contains: boolean }) => [w.name, w.contains]));
    expect(r.json().symbol).toBe('T05');
    expect(byName.Tech).toBe(true);
    expect(byName.Order).toBe(false);
    expect((await call(alice, 'GET', '/api/watchlists/membership/')).json()).toEqual({ symbol: ['This field is required.'] });
  });

  it(`allows at most ${WATCHLIST_LIMITS.maxWatchlists} lists per user`, async () => {
    const u = await signedInAs(t, 'many-wl@example.com');
    for (let i = 0; i < WATCHLIST_LIMITS.maxWatchlists; i++) {
      expect((await call(u.headers, 'POST', '/api/watchlists/', { name: `L${i}` })).statusCode).toBe(201);
    }
    const r = await call(u.headers, 'POST', '/api/watchlists/', { name: 'One more' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ detail: WATCHLIST_MESSAGES.tooManyWatchlists });
  });
});
