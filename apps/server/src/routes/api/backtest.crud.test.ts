import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDICATOR_MESSAGES as M, TEMPLATE_MESSAGES, type Indicator, type Period, type TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';

type Who = { headers: Record<string, string> };

describe.each(dbKinds)('templates, indicators and periods on %s', (kind) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as any, headers: who?.headers });

  beforeAll(async () => {
    t = await testApp(kind);
    alice = await signedInAs(t, 'alice@example.com');
    bob = await signedInAs(t, 'bob@example.com');
    await addSymbol(t, 'WAVE', waveBars('2020-01-01', 300));
  });
  afterAll(() => t.close());

  it('answers 401 with the spec detail when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/templates/'], ['POST', '/api/templates/'], ['GET', '/api/templates/1/'], ['PUT', '/api/templates/1/'],
      ['DELETE', '/api/templates/1/'], ['POST', '/api/indicators/'], ['DELETE', '/api/indicators/1/'],
      ['GET', '/api/periods/'], ['POST', '/api/periods/'], ['PUT', '/api/periods/1/'], ['DELETE', '/api/periods/1/'],
    ] as const) {
      const r = await call(null, method, url, method === 'POST' || method === 'PUT' ? {} : undefined);
      expect(r.statusCode, `${method} ${url}`).toBe(401);
      expect(r.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  describe('templates', () => {
    it('creates (201, default position size), lists, reads, renames and deletes', async () => {
      const c = await call(alice, 'POST', '/api/templates/', { name: '  RSI reversion ' });
      expect(c.statusCode).toBe(201);
      const created = c.json<TemplateDetail>();
      expect(created).toMatchObject({ name: 'RSI reversion', position_size: 0.99, commission: 0, cash: 10_000, indicators: [] });
      expect(Date.parse(created.created_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(created.updated_at).toBe(created.created_at);

      const list = await call(alice, 'GET', '/api/templates/');
      expect(list.json()).toEqual([{ id: created.id, name: 'RSI reversion' }]);

      const got = await call(alice, 'GET', `/api/templates/${created.id}/`);
      expect(got.json()).toEqual(created);

      const put = await call(alice, 'PUT', `/api/templates/${created.id}/`, { name: 'Renamed' });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ id: created.id, name: 'Renamed', position_size: 0.99 });
      expect(Date.parse(put.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));

      const resized = await call(alice, 'PUT', `/api/templates/${created.id}/`, { name: 'Renamed', position_size: 10 });
      expect(resized.json()).toMatchObject({ position_size: 10, commission: 0, cash: 10_000 });

      // Commission (fraction of trade value) and starting cash: set, kept when omitted, read back.
      const costs = await call(alice, 'PUT', `/api/templates/${created.id}/`, { name: 'Renamed', commission: 0.001, cash: '25000' });
      expect(costs.statusCode).toBe(200);
      expect(costs.json()).toMatchObject({ position_size: 10, commission: 0.001, cash: 25_000 });
      await call(alice, 'PUT', `/api/templates/${created.id}/`, { name: 'Renamed again' });
      expect((await call(alice, 'GET', `/api/templates/${created.id}/`)).json()).toMatchObject({ name: 'Renamed again', position_size: 10, commission: 0.001, cash: 25_000 });
      const withCosts = await call(alice, 'POST', '/api/templates/', { name: 'Costs', position_size: '0.5', commission: '0.0005', cash: 5000 });
      expect(withCosts.statusCode).toBe(201);
      expect(withCosts.json()).toMatchObject({ position_size: 0.5, commission: 0.0005, cash: 5000 });
      await call(alice, 'DELETE', `/api/templates/${withCosts.json().id}/`);

      const del = await call(alice, 'DELETE', `/api/templates/${created.id}/`);
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe('');
      expect((await call(alice, 'GET', `/api/templates/${created.id}/`)).statusCode).toBe(404);
      expect((await call(alice, 'GET', '/api/templates/')).json()).toEqual([]);
    });

    it('refuses a second template of the same name (create or rename), naming the field', async () => {
      const a = (await call(alice, 'POST', '/api/templates/', { name: 'Twice' })).json<TemplateDetail>();
      const again = await call(alice, 'POST', '/api/templates/', { name: ' Twice ' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ name: [TEMPLATE_MESSAGES.nameUsed] });
      const b = (await call(alice, 'POST', '/api/templates/', { name: 'Other' })).json<TemplateDetail>();
      const rename = await call(alice, 'PUT', `/api/templates/${b.id}/`, { name: 'Twice' });
      expect(rename.statusCode).toBe(400);
      expect(rename.json()).toEqual({ name: [TEMPLATE_MESSAGES.nameUsed] });
      // saving a template under its own name is no duplicate; another user may use the name
      expect((await call(alice, 'PUT', `/api/templates/${a.id}/`, { name: 'Twice', cash: 5000 })).statusCode).toBe(200);
      const bobs = await call(bob, 'POST', '/api/templates/', { name: 'Twice' });
      expect(bobs.statusCode).toBe(201);
      for (const [who, id] of [[alice, a.id], [alice, b.id], [bob, bobs.json().id]] as const) await call(who, 'DELETE', `/api/templates/${id}/`);
    });

    it('rejects bad input per field', async () => {
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{ name: '' }, { name: ['This field may not be blank.'] }],
        [{ name: '   ' }, { name: ['This field may not be blank.'] }],
        [{}, { name: ['This field is required.'] }],
        [{ name: 7 }, { name: ['Not a valid string.'] }],
        [{ name: 'x'.repeat(101) }, { name: ['Ensure this field has no more than 100 characters.'] }],
        [{ name: 'A', position_size: 0 }, { position_size: ['Position size must be greater than 0'] }],
        [{ name: 'A', position_size: 2.5 }, { position_size: ['Position size of 1 or more is a number of shares and must be a whole number'] }],
        [{ name: 'A', position_size: 'lots' }, { position_size: ['A valid number is required.'] }],
        [{ name: 'A', commission: -0.001 }, { commission: ['Commission must be 0 or more and less than 10%'] }],
        [{ name: 'A', commission: 0.1 }, { commission: ['Commission must be 0 or more and less than 10%'] }],
        [{ name: 'A', commission: 'free' }, { commission: ['A valid number is required.'] }],
        [{ name: 'A', cash: 0 }, { cash: ['Cash must be greater than 0'] }],
        [{ name: 'A', cash: -5 }, { cash: ['Cash must be greater than 0'] }],
        [{ name: 'A', cash: 1e13 }, { cash: ['Cash must be at most 1,000,000,000,000'] }],
        [{ name: 'A', cash: [] }, { cash: ['A valid number is required.'] }],
      ];
      for (const [body, errors] of cases) {
        const r = await call(alice, 'POST', '/api/templates/', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.json()).toEqual(errors);
      }
      const ok = (await call(alice, 'POST', '/api/templates/', { name: 'ok' })).json<TemplateDetail>();
      const r = await call(alice, 'PUT', `/api/templates/${ok.id}/`, { name: '' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ name: ['This field may not be blank.'] });
      const garbage = await t.app.inject({ method: 'POST', url: '/api/templates/', headers: { ...alice.headers, 'content-type': 'application/json' }, payload: '{not json' });
      expect(garbage.statusCode).toBe(400);
      await call(alice, 'DELETE', `/api/templates/${ok.id}/`);
    });

    it("keeps users apart: another user's template answers 404 and is unchanged", async () => {
      const mine = (await call(alice, 'POST', '/api/templates/', { name: 'Mine' })).json<TemplateDetail>();
      expect((await call(bob, 'GET', '/api/templates/')).json()).toEqual([]);
      expect((await call(bob, 'GET', `/api/templates/${mine.id}/`)).statusCode).toBe(404);
      const put = await call(bob, 'PUT', `/api/templates/${mine.id}/`, { name: 'Stolen' });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ detail: 'Not found.' });
      expect((await call(bob, 'DELETE', `/api/templates/${mine.id}/`)).statusCode).toBe(404);
      expect((await call(alice, 'GET', `/api/templates/${mine.id}/`)).json().name).toBe('Mine');
      for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
        expect((await call(alice, 'GET', `/api/templates/${id}/`)).statusCode, id).toBe(404);
      }
      await call(alice, 'DELETE', `/api/templates/${mine.id}/`);
    });
  });

  describe('indicators', () => {
    let template: TemplateDetail;
    beforeAll(async () => {
      template = (await call(alice, 'POST', '/api/templates/', { name: 'With indicators' })).json();
    });

    it('adds indicators with defaults (201) and lists them in the template, then deletes (204)', async () => {
      const buy = await call(alice, 'POST', '/api/indicators/', {
        template: template.id, name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, length: 7, compare: '<', cvalue: '30', cprice: 'CLOSE',
      });
      expect(buy.statusCode).toBe(201);
      expect(buy.json()).toEqual({
        id: expect.any(Number), template: template.id, name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, length: 7,
        compare: '<', cvalue: '30', cprice: 'CLOSE',
        output: 'value', fast: 12, slow: 26, signal: 9, stddev: 2, k_smooth: 3, d_period: 3, group: 0, against: null, price_left: false,
      });
      // Form values arrive as strings; ASCII operators are stored as the spec's symbols.
      const sell = await call(alice, 'POST', '/api/indicators/', { template: String(template.id), name: 'SUPERTREND', indicator_type: 'SELL', length: '10', offset: '2', compare: '>=' });
      expect(sell.statusCode).toBe(201);
      expect(sell.json()).toMatchObject({ name: 'SUPERTREND', indicator_type: 'SELL', length: 10, offset: 2, period: 14, drift: 1, compare: '≥', cvalue: '50', cprice: 'CLOSE' });

      const detail = (await call(alice, 'GET', `/api/templates/${template.id}/`)).json<TemplateDetail>();
      expect(detail.indicators).toEqual([buy.json(), sell.json()]);

      const del = await call(alice, 'DELETE', `/api/indicators/${buy.json<Indicator>().id}/`);
      expect(del.statusCode).toBe(204);
      expect((await call(alice, 'GET', `/api/templates/${template.id}/`)).json().indicators).toEqual([sell.json()]);
      expect((await call(alice, 'DELETE', `/api/indicators/${buy.json<Indicator>().id}/`)).statusCode).toBe(404);
    });

    it('rejects bad input with the spec §5 messages, field by field', async () => {
      const base = { template: template.id, name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, compare: '<', cvalue: '30' };
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ name: '' }, { name: [M.name] }],
        [{ name: 'VWAP' }, { name: [M.name] }],
        [{ compare: '' }, { compare: [M.compare] }],
        [{ compare: '!=' }, { compare: [M.compare] }],
        [{ period: '' }, { period: [M.periodRequired] }],
        [{ period: 0 }, { period: [M.periodPositive] }],
        [{ period: -3 }, { period: [M.periodPositive] }],
        [{ period: 2.5 }, { period: ['Period must be a whole number'] }],
        [{ period: 10_001 }, { period: ['Period must be at most 10000'] }],
        [{ drift: null }, { drift: [M.driftRequired] }],
        [{ drift: 0 }, { drift: [M.driftPositive] }],
        [{ cvalue: '101' }, { cvalue: [M.rsiValue] }],
        [{ cvalue: '-0.1' }, { cvalue: [M.rsiValue] }],
        [{ cvalue: '' }, { cvalue: [M.rsiValue] }],
        [{ cvalue: 'thirty' }, { cvalue: [M.rsiValue] }],
        [{ name: 'SUPERTREND', length: '' }, { length: [M.lengthRequired] }],
        [{ name: 'SUPERTREND', length: 0 }, { length: [M.lengthPositive] }],
        [{ name: 'OBV', cvalue: '' }, { cvalue: [M.compareValueRequired] }],
        [{ name: 'OBV', cvalue: 'lots' }, { cvalue: [M.compareValueNumber] }],
        [{ offset: -1 }, { offset: [M.offsetNonNegative] }],
        [{ indicator_type: 'HOLD' }, { indicator_type: [M.indicatorType] }],
        [{ cprice: 'MID' }, { cprice: [M.cprice] }],
        [{ template: undefined }, { template: ['This field is required.'] }],
        [{ template: 'x' }, { template: ['A valid integer is required.'] }],
        [{ compare: '', period: 0, cvalue: '500' }, { compare: [M.compare], period: [M.periodPositive], cvalue: [M.rsiValue] }],
      ];
      for (const [change, errors] of cases) {
        const r = await call(alice, 'POST', '/api/indicators/', { ...base, ...change });
        expect(r.statusCode, JSON.stringify(change)).toBe(400);
        expect(r.json(), JSON.stringify(change)).toEqual(errors);
      }
      // Edge values of the rules are accepted.
      for (const change of [{ cvalue: '0' }, { cvalue: '100' }, { name: 'OBV', cvalue: '-2500000.5' }, { name: 'SMA', compare: '≤' }, { name: 'EMA', compare: '=' }]) {
        const r = await call(alice, 'POST', '/api/indicators/', { ...base, ...change });
        expect(r.statusCode, JSON.stringify(change)).toBe(201);
      }
    });

    it("moves the template's updated_at when an indicator is added or deleted, and not when refused", async () => {
      const longAgo = '2001-02-03T04:05:06.000Z';
      const age = () => t.deps.db.query('UPDATE templates SET updated_at = $2 WHERE id = $1', [template.id, longAgo]);
      const updatedAt = async () => (await call(alice, 'GET', `/api/templates/${template.id}/`)).json<TemplateDetail>().updated_at;
      const body = { template: template.id, name: 'EMA', compare: '>', period: 10, drift: 1 };
      await age();
      expect((await call(bob, 'POST', '/api/indicators/', body)).statusCode).toBe(404);
      expect(await updatedAt()).toBe(longAgo);
      const added = await call(alice, 'POST', '/api/indicators/', body);
      expect(added.statusCode).toBe(201);
      expect(Date.parse(await updatedAt())).toBeGreaterThan(Date.parse(longAgo));
      await age();
      expect((await call(bob, 'DELETE', `/api/indicators/${added.json<Indicator>().id}/`)).statusCode).toBe(404);
      expect(await updatedAt()).toBe(longAgo);
      expect((await call(alice, 'DELETE', `/api/indicators/${added.json<Indicator>().id}/`)).statusCode).toBe(204);
      expect(Date.parse(await updatedAt())).toBeGreaterThan(Date.parse(longAgo));
    });

    it("refuses another user's template and indicators with 404", async () => {
      const body = { template: template.id, name: 'SMA', compare: '<', period: 20, drift: 1 };
      const r = await call(bob, 'POST', '/api/indicators/', body);
      expect(r.statusCode).toBe(404);
      expect((await call(alice, 'POST', '/api/indicators/', { ...body, template: 999999 })).statusCode).toBe(404);
      const mine = (await call(alice, 'POST', '/api/indicators/', body)).json<Indicator>();
      expect((await call(bob, 'DELETE', `/api/indicators/${mine.id}/`)).statusCode).toBe(404);
      const detail = (await call(alice, 'GET', `/api/templates/${template.id}/`)).json<TemplateDetail>();
      expect(detail.indicators.map((i) => i.id)).toContain(mine.id);
    });

    it('deletes the indicators with their template', async () => {
      const tpl = (await call(alice, 'POST', '/api/templates/', { name: 'Short-lived' })).json<TemplateDetail>();
      const ind = (await call(alice, 'POST', '/api/indicators/', { template: tpl.id, name: 'OBV', compare: '>', cvalue: '0' })).json<Indicator>();
      expect((await call(alice, 'DELETE', `/api/templates/${tpl.id}/`)).statusCode).toBe(204);
      expect((await call(alice, 'DELETE', `/api/indicators/${ind.id}/`)).statusCode).toBe(404);
    });
  });

  describe('periods', () => {
    it('creates (201, ticker upper-cased), lists, updates (200) and deletes (204)', async () => {
      const c = await call(alice, 'POST', '/api/periods/', { stock_ticker: 'wave', start_date: '2020-02-01', end_date: '2020-12-31' });
      expect(c.statusCode).toBe(201);
      const p = c.json<Period>();
      expect(p).toEqual({ id: expect.any(Number), stock_ticker: 'WAVE', start_date: '2020-02-01', end_date: '2020-12-31' });
      expect((await call(alice, 'GET', '/api/periods/')).json()).toEqual([p]);

      const u = await call(alice, 'PUT', `/api/periods/${p.id}/`, { stock_ticker: 'WAVE', start_date: '2020-03-02', end_date: '2021-01-15' });
      expect(u.statusCode).toBe(200);
      expect(u.json()).toEqual({ ...p, start_date: '2020-03-02', end_date: '2021-01-15' });

      const d = await call(alice, 'DELETE', `/api/periods/${p.id}/`);
      expect(d.statusCode).toBe(204);
      expect((await call(alice, 'GET', '/api/periods/')).json()).toEqual([]);
      expect((await call(alice, 'DELETE', `/api/periods/${p.id}/`)).statusCode).toBe(404);
    });

    it('rejects bad input per field, and tickers the market does not know', async () => {
      const base = { stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-06-01' };
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ stock_ticker: 'NOPE' }, { stock_ticker: ['symbol not found'] }],
        [{ stock_ticker: '' }, { stock_ticker: ['This field may not be blank.'] }],
        [{ stock_ticker: undefined }, { stock_ticker: ['This field is required.'] }],
        [{ stock_ticker: 'A B' }, { stock_ticker: ['Enter a valid symbol ticker.'] }],
        [{ start_date: '01/02/2020' }, { start_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
        [{ start_date: '0000-01-01' }, { start_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
        [{ end_date: '2020-02-30' }, { end_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
        [{ end_date: undefined }, { end_date: ['This field is required.'] }],
        [{ end_date: '2020-01-01' }, { end_date: ['End date must be after start date.'] }],
        [{ start_date: '2021-01-01' }, { end_date: ['End date must be after start date.'] }],
      ];
      for (const [change, errors] of cases) {
        const r = await call(alice, 'POST', '/api/periods/', { ...base, ...change });
        expect(r.statusCode, JSON.stringify(change)).toBe(400);
        expect(r.json(), JSON.stringify(change)).toEqual(errors);
      }
      const p = (await call(alice, 'POST', '/api/periods/', base)).json<Period>();
      const r = await call(alice, 'PUT', `/api/periods/${p.id}/`, { ...base, stock_ticker: 'nope' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ stock_ticker: ['symbol not found'] });
      await call(alice, 'DELETE', `/api/periods/${p.id}/`);
    });

    it("keeps users apart: another user's period answers 404 and is unchanged", async () => {
      const p = (await call(alice, 'POST', '/api/periods/', { stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-06-01' })).json<Period>();
      expect((await call(bob, 'GET', '/api/periods/')).json()).toEqual([]);
      expect((await call(bob, 'PUT', `/api/periods/${p.id}/`, { stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-02-01' })).statusCode).toBe(404);
      expect((await call(bob, 'DELETE', `/api/periods/${p.id}/`)).statusCode).toBe(404);
      expect((await call(alice, 'GET', '/api/periods/')).json()).toEqual([p]);
      await call(alice, 'DELETE', `/api/periods/${p.id}/`);
    });
  });
});
