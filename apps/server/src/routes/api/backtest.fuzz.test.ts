import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TemplateDetail } from '@app/contract';
import { signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';

// Whatever a client sends, the backtest API answers with a client error or success, never a 500.
describe('backtest API under arbitrary input', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let templateId: number;
  let periodId: number;

  beforeAll(async () => {
    t = await testApp('pglite');
    headers = (await signedInAs(t, 'fuzz@example.com')).headers;
    await addSymbol(t, 'WAVE', waveBars('2020-01-01', 60));
    templateId = (await t.app.inject({ method: 'POST', url: '/api/templates/', headers, payload: { name: 'fuzz' } })).json<TemplateDetail>().id;
    const period = { stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-03-01' };
    periodId = (await t.app.inject({ method: 'POST', url: '/api/periods/', headers, payload: period })).json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const edgeNumber = fc.constantFrom(0, -0, 1, -1, 0.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 1e10, Number.MAX_SAFE_INTEGER, 1e-9, 1e308, 100, 100.0001);
  const scalar = fc.oneof(
    { arbitrary: fc.constantFrom(undefined, null, true, false), weight: 1 },
    { arbitrary: fc.oneof(fc.integer(), fc.double(), edgeNumber, edgeNumber.map(String)), weight: 4 },
    { arbitrary: fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 8 })), weight: 1 },
    {
      arbitrary: fc.constantFrom('', ' ', '14', '-1', '1e400', 'NaN', 'Infinity', '0x10', '2020-02-30', '2020-01-01', '2021-01-01', '0000-01-01', '9999-12-31',
        'RSI', 'OBV', 'SUPERTREND', 'sma', '<', '>=', '≤', '=', 'BUY', 'SELL', 'CLOSE', 'wave', 'WAVE', '9999999999', '1'),
      weight: 3,
    },
  );
  const value = fc.oneof({ arbitrary: scalar, weight: 8 }, { arbitrary: fc.array(scalar, { maxLength: 2 }), weight: 1 }, { arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 2 }), weight: 1 });
  // Mostly a valid body with one field replaced, so the fuzzed value reaches the database and the engine.
  const body = (valid: () => Record<string, unknown>) => {
    const keys = Object.keys(valid());
    return fc.oneof(
      { arbitrary: fc.tuple(fc.constantFrom(...keys), value).map(([k, v]) => ({ ...valid(), [k]: v })), weight: 6 },
      { arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }), weight: 3 },
      { arbitrary: value, weight: 1 },
    );
  };

  const exits = { stop_loss_pct: 0.05, take_profit_pct: 0.15, trailing_stop_pct: 0.08, spread: 0.0005, commission_fixed: 1, risk_pct: 0.01 };
  const routes: Array<{ method: 'POST' | 'PUT'; url: () => string; valid: () => Record<string, unknown> }> = [
    { method: 'POST', url: () => '/api/templates/', valid: () => ({ name: 'x', position_size: 0.5, commission: 0.001, cash: 10_000, ...exits }) },
    { method: 'PUT', url: () => `/api/templates/${templateId}/`, valid: () => ({ name: 'x', position_size: 5, commission: 0, cash: 5000, ...exits }) },
    { method: 'POST', url: () => '/api/indicators/', valid: () => ({ template: templateId, name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, length: 7, compare: '<', cvalue: '30', cprice: 'CLOSE' }) },
    { method: 'POST', url: () => '/api/periods/', valid: () => ({ stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-03-01' }) },
    { method: 'PUT', url: () => `/api/periods/${periodId}/`, valid: () => ({ stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-03-01' }) },
    { method: 'POST', url: () => '/api/submit_selection/', valid: () => ({ period_id: periodId, template_id: templateId }) },
  ];

  for (const route of routes) {
    it(`${route.method} ${route.url().replace(/undefined/, "{id}")} never answers 500`, async () => {
      await fc.assert(
        fc.asyncProperty(body(route.valid), async (payload) => {
          const r = await t.app.inject({ method: route.method, url: route.url(), headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload ?? null) });
          expect([200, 201, 400, 404], r.body).toContain(r.statusCode);
          if (r.statusCode === 400) expect(typeof r.json()).toBe('object');
        }),
        { numRuns: 300 },
      );
    });
  }

  it('GET /api/backtest_chart/ never answers 500 for any query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('period_id', 'template_id', 'x'), fc.oneof(fc.string(), fc.integer().map(String)), { maxKeys: 3 }), async (q) => {
        const r = await t.app.inject({ method: 'GET', url: '/api/backtest_chart/', query: q, headers });
        expect([200, 400, 404], r.body).toContain(r.statusCode);
      }),
      { numRuns: 150 },
    );
  });
});
