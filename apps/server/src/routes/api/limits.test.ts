import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, TEXT_MESSAGES, USER_LIMITS, scanPageSchema, type TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { fixtureMarket } from '../../test/scannerMarket.ts';

// Every text field refuses NUL and control characters with a 400
// naming it, text and per-user counts are bounded, path ids are plain integers, scanner numbers are
// rounded as shown. Each test here answered otherwise before (500s, 201s past any count, 200 for 01).
describe.each(dbKinds)('bounded inputs on %s', (kind) => {
  let t: TestApp;
  let user: { id: number; headers: Record<string, string> };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = user.headers) =>
    t.app.inject({ method, url, headers, payload: payload as object });

  beforeAll(async () => {
    t = await testApp(kind);
    user = await signedInAs(t, 'limits@example.com');
    await addSymbol(t, 'WAVE', waveBars('2020-01-01', 60));
  });
  afterAll(() => t.close());

  it('refuses NUL and other control characters in a template name with a 400 naming the field (was 500)', async () => {
    expect((await call('POST', '/api/templates/', { name: 'a\u0000b' })).json()).toEqual({ name: [TEXT_MESSAGES.nul] });
    const bell = await call('POST', '/api/templates/', { name: 'a\u0007b' });
    expect(bell.statusCode).toBe(400);
    expect(bell.json()).toEqual({ name: [TEXT_MESSAGES.control] });
    const tpl = (await call('POST', '/api/templates/', { name: 'Clean' })).json<TemplateDetail>();
    const put = await call('PUT', `/api/templates/${tpl.id}/`, { name: 'a\u0000b' });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ name: [TEXT_MESSAGES.nul] });
    expect((await call('PUT', `/api/templates/${tpl.id}/`, { name: 'new\nline' })).json()).toEqual({ name: [TEXT_MESSAGES.control] });
  });

  it('refuses NUL, control characters and long text in cvalue (was 500, and 1 MB was stored)', async () => {
    const tpl = (await call('POST', '/api/templates/', { name: 'cvalue' })).json<TemplateDetail>();
    const row = { template: tpl.id, name: 'SMA', indicator_type: 'BUY', compare: '<' };
    const nul = await call('POST', '/api/indicators/', { ...row, cvalue: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ cvalue: [TEXT_MESSAGES.nul] });
    expect((await call('POST', '/api/indicators/', { ...row, cvalue: 'a\u001bb' })).json()).toEqual({ cvalue: [TEXT_MESSAGES.control] });
    const long = await call('POST', '/api/indicators/', { ...row, cvalue: 'x'.repeat(100_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ cvalue: [`Ensure this field has no more than ${USER_LIMITS.cvalueLength} characters.`] });
    expect((await call('POST', '/api/indicators/', { ...row, cvalue: { a: 1 } })).json()).toEqual({ cvalue: ['Not a valid string.'] });
    expect((await call('POST', '/api/indicators/', { ...row, cvalue: 'x'.repeat(USER_LIMITS.cvalueLength) })).statusCode).toBe(201);
  });

  it(`refuses a template's indicator row past ${USER_LIMITS.indicatorsPerTemplate} (1,000 were accepted)`, async () => {
    const tpl = (await call('POST', '/api/templates/', { name: 'Full' })).json<TemplateDetail>();
    const row = { template: tpl.id, name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '30' };
    for (let k = 0; k < USER_LIMITS.indicatorsPerTemplate; k++) expect((await call('POST', '/api/indicators/', row)).statusCode).toBe(201);
    const over = await call('POST', '/api/indicators/', row);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: LIMIT_MESSAGES.indicatorsPerTemplate });
    expect((await call('GET', `/api/templates/${tpl.id}/`)).json<TemplateDetail>().indicators).toHaveLength(USER_LIMITS.indicatorsPerTemplate);
  });

  it('limits templates, periods and saved queries per user with clear 400s; another user is not affected', async () => {
    const other = await signedInAs(t, 'limits-fill@example.com');
    // fill up to one below each limit directly, then the API's last allowed write and the refused one
    const fill = async (sql: string, n: number) => t.deps.db.query(sql, [other.id, n]);
    const have = async (table: string) => (await t.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [other.id]))[0].n;
    await fill(`INSERT INTO templates (user_id, name, position_size, commission, cash) SELECT $1, 't' || g, 0.99, 0, 10000 FROM generate_series(1, $2) g`, USER_LIMITS.templatesPerUser - 1);
    await fill(`INSERT INTO periods (user_id, stock_ticker, start_date, end_date) SELECT $1, 'WAVE', '2020-01-01', '2020-03-01' FROM generate_series(1, $2) g`, USER_LIMITS.periodsPerUser - 1);
    await fill(`INSERT INTO scanner_templates (user_id, name) SELECT $1, 'q' || g FROM generate_series(1, $2) g`, USER_LIMITS.savedQueriesPerUser - 1);
    const period = { stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-03-01' };
    const query = (name: string) => ({ name, filters: [] });
    const cases = [
      { url: '/api/templates/', body: () => ({ name: 'last' }), message: LIMIT_MESSAGES.templatesPerUser, table: 'templates', max: USER_LIMITS.templatesPerUser },
      { url: '/api/periods/', body: () => period, message: LIMIT_MESSAGES.periodsPerUser, table: 'periods', max: USER_LIMITS.periodsPerUser },
      { url: '/api/scanner/templates/', body: () => query(`last ${Math.random()}`), message: LIMIT_MESSAGES.savedQueriesPerUser, table: 'scanner_templates', max: USER_LIMITS.savedQueriesPerUser },
    ];
    for (const c of cases) {
      const last = await call('POST', c.url, c.body(), other.headers);
      expect(last.statusCode, `${c.url} ${last.body}`).toBe(201);
      const over = await call('POST', c.url, c.body(), other.headers);
      expect(over.statusCode, c.url).toBe(400);
      expect(over.json()).toEqual({ detail: c.message });
      expect(await have(c.table)).toBe(c.max);
      expect((await call('POST', c.url, c.body())).statusCode, `${c.url} for another user`).toBe(201);
    }
  });

  it("answers 404 for path ids that are not plain positive integers ('01', '1.0', '+1', '1e0', ' 1')", async () => {
    const mine = (await call('POST', '/api/templates/', { name: 'Id' })).json<TemplateDetail>();
    expect((await call('GET', `/api/templates/${mine.id}/`)).statusCode).toBe(200);
    for (const id of [`0${mine.id}`, `${mine.id}.0`, `+${mine.id}`, `${mine.id}e0`, `%20${mine.id}`, '-1', '0', '1e3', '99999999999']) {
      expect((await call('GET', `/api/templates/${id}/`)).statusCode, id).toBe(404);
    }
    // body and query references: a 400 naming the field
    const body = await call('POST', '/api/indicators/', { template: `${mine.id}.0`, name: 'RSI', compare: '<' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ template: ['A valid integer is required.'] });
    const q = await call('GET', `/api/backtest_chart/?period_id=1e0&template_id=${mine.id}`);
    expect(q.statusCode).toBe(400);
    expect(q.json()).toEqual({ period_id: ['A valid integer is required.'] });
  });

  it('rounds scanner numbers to the precision the results table shows', async () => {
    t.deps.series.setEntries(fixtureMarket());
    const page = scanPageSchema.parse((await call('GET', '/api/scanner/stocks/?page_size=100')).json());
    expect(page.results.length).toBeGreaterThan(0);
    const decimals = (v: number | null) => (v === null ? 0 : (String(v).split('.')[1] ?? '').length);
    for (const r of page.results) {
      expect(decimals(r.diff), `${r.symbol} diff ${r.diff}`).toBeLessThanOrEqual(2);
      expect(decimals(r.chg), `${r.symbol} chg ${r.chg}`).toBeLessThanOrEqual(2);
      expect(decimals(r.volume)).toBe(0);
      expect(decimals(r.price)).toBeLessThanOrEqual(r.price !== null && Math.abs(r.price) < 1 ? 4 : 2);
    }
    expect(page.results.some((r) => r.diff !== null && r.diff !== 0)).toBe(true);
  });
});
