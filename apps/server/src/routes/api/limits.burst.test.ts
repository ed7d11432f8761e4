import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS, USER_LIMITS, WATCHLIST_LIMITS, type TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { closesMarket } from '../../test/alertMarket.ts';

// Every per-user limit and uniqueness rule under a burst: 40 creations of one user fired at once
// (Promise.all: on PostgreSQL they run on several connections at the same time) when the user is
// 5 below the limit, or 40 of one name. Exactly the room left, or one, may pass; the rest answer 400.
const BURST = 40;
const ROOM = 5;
const SYMBOLS = Array.from({ length: WATCHLIST_LIMITS.maxSymbols + BURST }, (_, i) => `S${String(i).padStart(3, '0')}`);

// the embedded database as the server runs it (in its own thread), and PostgreSQL
describe.each(dbKinds.map((k) => (k === 'pglite' ? 'pglite-thread' : k)))('per-user limits under bursts on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await testApp(kind);
    t.deps.series.setEntries(closesMarket(Object.fromEntries(SYMBOLS.map((s) => [s, [10, 11]]))));
  });
  afterAll(() => t.close());

  const newUser = () => signedInAs(t, `burst-${n++}@example.com`);
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[]) => t.deps.db.query<T>(text, params);
  const count = async (text: string, params: unknown[]) => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${text}`, params))[0].n;
  /** Fires `BURST` requests at once; answers their status codes, sorted. */
  const burst = async (headers: Record<string, string>, method: 'POST' | 'PUT', url: (k: number) => string, body: (k: number) => object) => {
    const answers = await Promise.all(Array.from({ length: BURST }, (_, k) => t.app.inject({ method, url: url(k), headers, payload: body(k) })));
    for (const a of answers) expect([200, 201, 400], a.body).toContain(a.statusCode);
    return answers.map((a) => a.statusCode).sort();
  };
  const passed = (codes: number[]) => codes.filter((c) => c !== 400).length;

  it.each([
    {
      what: `templates (${USER_LIMITS.templatesPerUser})`, max: USER_LIMITS.templatesPerUser, table: 'templates WHERE user_id = $1',
      fill: `INSERT INTO templates (user_id, name, position_size, commission, cash) SELECT $1, 'fill ' || g, 0.99, 0, 10000 FROM generate_series(1, $2) g`,
      url: '/api/templates/', body: (k: number) => ({ name: `burst ${k}` }),
    },
    {
      what: `periods (${USER_LIMITS.periodsPerUser})`, max: USER_LIMITS.periodsPerUser, table: 'periods WHERE user_id = $1',
      fill: `INSERT INTO periods (user_id, stock_ticker, start_date, end_date) SELECT $1, 'S000', '2022-01-08', '2022-01-09' FROM generate_series(1, $2) g`,
      url: '/api/periods/', body: () => ({ stock_ticker: 'S000', start_date: '2022-01-08', end_date: '2022-01-09' }),
    },
    {
      what: `saved scanner queries (${USER_LIMITS.savedQueriesPerUser})`, max: USER_LIMITS.savedQueriesPerUser, table: 'scanner_templates WHERE user_id = $1',
      fill: `INSERT INTO scanner_templates (user_id, name) SELECT $1, 'fill ' || g FROM generate_series(1, $2) g`,
      url: '/api/scanner/templates/', body: (k: number) => ({ name: `burst ${k}`, filters: [] }),
    },
    {
      what: `watchlists (${WATCHLIST_LIMITS.maxWatchlists})`, max: WATCHLIST_LIMITS.maxWatchlists, table: 'watchlists WHERE user_id = $1',
      fill: `INSERT INTO watchlists (user_id, name) SELECT $1, 'fill ' || g FROM generate_series(1, $2) g`,
      url: '/api/watchlists/', body: (k: number) => ({ name: `burst ${k}` }),
    },
    {
      what: `alerts (${ALERT_LIMITS.maxAlerts})`, max: ALERT_LIMITS.maxAlerts, table: 'alerts WHERE user_id = $1',
      fill: `INSERT INTO alerts (user_id, kind, name, webhook_secret, symbol, direction, level)
             SELECT $1, 'price', 'fill ' || g, 'x', 'S000', 'above', 20 FROM generate_series(1, $2) g`,
      url: '/api/alerts/', body: (k: number) => ({ kind: 'price', name: `burst ${k}`, symbol: 'S000', direction: 'above', level: 20 + k }),
    },
  ])('$what: only the room left passes', async ({ max, table, fill, url, body }) => {
    const user = await newUser();
    await sql(fill, [user.id, max - ROOM]);
    const codes = await burst(user.headers, 'POST', () => url, body);
    expect(passed(codes)).toBe(ROOM);
    expect(await count(table, [user.id])).toBe(max);
  });

  it(`indicator rows of one template (${USER_LIMITS.indicatorsPerTemplate}): only the room left passes`, async () => {
    const user = await newUser();
    const tpl = (await t.app.inject({ method: 'POST', url: '/api/templates/', headers: user.headers, payload: { name: 'rows' } })).json<TemplateDetail>();
    await sql(
      `INSERT INTO indicators (template_id, name, indicator_type, period, drift, "offset", length, compare, cvalue, cprice)
       SELECT $1, 'RSI', 'BUY', 14, 1, 0, 7, '<', '30', 'CLOSE' FROM generate_series(1, $2) g`,
      [tpl.id, USER_LIMITS.indicatorsPerTemplate - ROOM],
    );
    const codes = await burst(user.headers, 'POST', () => '/api/indicators/', () => ({ template: tpl.id, name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '30' }));
    expect(passed(codes)).toBe(ROOM);
    expect(await count('indicators WHERE template_id = $1', [tpl.id])).toBe(USER_LIMITS.indicatorsPerTemplate);
  });

  it(`symbols of one watchlist (${WATCHLIST_LIMITS.maxSymbols}): only the room left passes`, async () => {
    const user = await newUser();
    const [w] = await sql<{ id: number }>(`INSERT INTO watchlists (user_id, name, symbols) VALUES ($1, 'full', $2::text[]) RETURNING id`, [user.id, SYMBOLS.slice(0, WATCHLIST_LIMITS.maxSymbols - ROOM)]);
    const codes = await burst(user.headers, 'POST', () => `/api/watchlists/${w.id}/symbols/`, (k) => ({ symbols: [SYMBOLS[WATCHLIST_LIMITS.maxSymbols + k]] }));
    expect(passed(codes)).toBe(ROOM);
    const [{ n: held }] = await sql<{ n: number }>(`SELECT cardinality(symbols) AS n FROM watchlists WHERE id = $1`, [w.id]);
    expect(held).toBe(WATCHLIST_LIMITS.maxSymbols);
  });

  it.each([
    { what: 'templates', url: '/api/templates/', body: { name: 'Same' }, table: `templates WHERE user_id = $1 AND name = 'Same'` },
    { what: 'saved scanner queries', url: '/api/scanner/templates/', body: { name: 'Same', filters: [] }, table: `scanner_templates WHERE user_id = $1 AND name = 'Same'` },
    { what: 'watchlists', url: '/api/watchlists/', body: { name: 'Same' }, table: `watchlists WHERE user_id = $1 AND name = 'Same'` },
  ])('$what of one name: one passes', async ({ url, body, table }) => {
    const user = await newUser();
    const codes = await burst(user.headers, 'POST', () => url, () => body);
    expect(passed(codes)).toBe(1);
    expect(await count(table, [user.id])).toBe(1);
  });

  it('renaming 40 templates to one name at once: one passes', async () => {
    const user = await newUser();
    const ids = await sql<{ id: number }>(
      `INSERT INTO templates (user_id, name, position_size, commission, cash) SELECT $1, 'own ' || g, 0.99, 0, 10000 FROM generate_series(1, $2) g RETURNING id`,
      [user.id, BURST],
    );
    const codes = await burst(user.headers, 'PUT', (k) => `/api/templates/${ids[k].id}/`, () => ({ name: 'Target' }));
    expect(passed(codes)).toBe(1);
    expect(await count(`templates WHERE user_id = $1 AND name = 'Target'`, [user.id])).toBe(1);
  });
});
