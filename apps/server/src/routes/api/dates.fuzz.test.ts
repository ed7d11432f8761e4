import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { ALL_ENDPOINTS, IsoDate, type Endpoint, type TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';

// Every date field of every endpoint the contract declares takes only a real calendar day written
// YYYY-MM-DD in 1900–2100, and anything else answers 400 naming the field — never a 500 (a month 13
// once threw a RangeError in the date check).

/** The object shape behind a schema (through refinements, transforms and pipes), or null. */
function shapeOf(schema: z.ZodType | undefined, depth = 0): Record<string, z.ZodType> | null {
  if (!schema || depth > 5) return null;
  const s = schema as unknown as { shape?: Record<string, z.ZodType>; _zod?: { def?: { in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } } };
  if (s.shape) return s.shape;
  const def = s._zod?.def;
  return shapeOf(def?.in, depth + 1) ?? shapeOf(def?.innerType, depth + 1) ?? shapeOf(def?.schema, depth + 1);
}

/** Endpoints whose body or query has a date field, with those fields. */
const withDates = ALL_ENDPOINTS.flatMap((e) => {
  const fields = (['body', 'query'] as const).flatMap((part) =>
    Object.entries(shapeOf(e[part]) ?? {})
      .filter(([name, schema]) => schema === IsoDate || /date/i.test(name))
      .map(([name, schema]) => ({ part, name, strict: schema === IsoDate })),
  );
  return fields.length ? [{ e, fields }] : [];
});

/** A real day in 1900–2100 by the calendar of Date.UTC (independent of the server's own check). */
function isRealDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  const t = new Date(Date.UTC(2000, mo - 1, d));
  t.setUTCFullYear(y);
  return y >= 1900 && y <= 2100 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const SEEN_TO_FAIL = ['2020-13-01', '9999-99-99', '2021-00-10', '2021-02-29', '2100-02-29', '2020-04-31', '2020-01-00', '2020-01-32', '1899-12-31', '2101-01-01', '0000-01-01'];
const MALFORMED = ['', ' ', '2020-1-01', '20200101', '2020/01/01', '2020-01-01T00:00:00Z', '+2020-01-01', '-2020-01-01', '２０２０-01-01', '2020-01-01\u0000', 'today'];
/** Written right, but not a day (or out of range): any year, month 00–99, day 00–99. */
const impossible = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)
  .filter((s) => !isRealDay(s));

describe.each(dbKinds)('date fields on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let ids: { template: number; period: number };
  const valid: Record<string, () => Record<string, unknown>> = {
    'POST /api/periods/': () => ({ stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-06-30' }),
    'PUT /api/periods/{id}/': () => ({ stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2020-06-30' }),
    'POST /api/universe_runs/': () => ({ template_id: ids.template, universe: { kind: 'symbols', symbols: ['WAVE'] }, start_date: '2020-01-01', end_date: '2020-06-30' }),
    'POST /api/portfolio_runs/': () => ({ template_id: ids.template, universe: { kind: 'symbols', symbols: ['WAVE'] }, start_date: '2020-01-01', end_date: '2020-06-30' }),
    'POST /api/rotation_runs/': () => ({ universe: { kind: 'symbols', symbols: ['WAVE'] }, start_date: '2020-01-01', end_date: '2020-06-30', rebalance: 'monthly', top: 1, score: { kind: 'momentum', period: 20 } }),
  };
  const send = (e: Endpoint, body: Record<string, unknown>) =>
    t.app.inject({ method: e.method, url: e.path.replace('{id}', String(ids.period)), headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await signedInAs(t, 'dates@example.com')).headers;
    await addSymbol(t, 'WAVE', waveBars('2019-01-01', 400));
    await t.deps.series.load(t.deps.db);
    const template = (await t.app.inject({ method: 'POST', url: '/api/templates/', headers, payload: { name: 'dates' } })).json<TemplateDetail>().id;
    const period = (await t.app.inject({ method: 'POST', url: '/api/periods/', headers, payload: valid['POST /api/periods/']() })).json<{ id: number }>().id;
    ids = { template, period };
  });
  afterAll(() => t.close());

  it('finds the endpoints that take a date, every date field uses the one strict schema', () => {
    expect(withDates.map(({ e }) => `${e.method} ${e.path}`).sort()).toEqual(expect.arrayContaining(Object.keys(valid).sort()));
    for (const { e, fields } of withDates) for (const f of fields) expect(f.strict, `${e.method} ${e.path} ${f.name}`).toBe(true);
  });

  for (const { e, fields } of withDates) {
    const key = `${e.method} ${e.path}`;
    it(`${key}: a real day is taken, impossible ones answer 400 naming the field`, async () => {
      const base = valid[key];
      expect(base, `a valid body for ${key} in this test`).toBeDefined();
      // runs the earlier cases started stay queued (no workers here): cancelled, so the user's limit leaves room
      for (const kind of ['universe_runs', 'portfolio_runs', 'rotation_runs']) {
        for (const run of (await t.app.inject({ method: 'GET', url: `/api/${kind}/`, headers })).json<{ id: number; status: string }[]>()) {
          if (run.status === 'queued' || run.status === 'running') await t.app.inject({ method: 'DELETE', url: `/api/${kind}/${run.id}/`, headers });
        }
      }
      const ok = await send(e, base());
      expect(ok.statusCode, ok.body).toBeLessThan(300);
      for (const { name } of fields) {
        const check = async (date: string) => {
          const r = await send(e, { ...base(), [name]: date });
          expect(r.statusCode, `${key} ${name}=${JSON.stringify(date)} → ${r.body}`).toBe(400);
          expect(r.json()[name], `${key} ${name}=${JSON.stringify(date)} → ${r.body}`).toEqual([expect.any(String)]);
        };
        for (const date of [...SEEN_TO_FAIL, ...MALFORMED]) await check(date);
        await fc.assert(fc.asyncProperty(impossible, check), { numRuns: 25 });
      }
    });
  }
});
