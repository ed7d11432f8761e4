import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SAVED_FILTER_FIELDS, rowToSavedFilter, scannerTemplateSchema, templateToRows, type FilterRow } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../../test/testApp.ts';

/** One row of every filter type, with values that would show a lost or rounded field. */
const rows: FilterRow[] = [
  { category: 'Basic', type: 'price', operator: 'between', value1: 10.123456789, value2: 99999.99 },
  { category: 'Basic', type: 'volume', operator: 'gte', value1: 123456789012345, value2: null },
  { category: 'Basic', type: 'market_cap', operator: 'lte', value1: 2.5e13, value2: null },
  { category: 'Basic', type: 'chg', operator: 'lte', value1: -12.34 },
  { category: 'Basic', type: 'market', value: 'NYSEACRA' },
  { category: 'Basic', type: 'sector', value: 'Consumer Discretionary' },
  { category: 'Basic', type: 'instr_type', value: 'ETF' },
  { category: 'TA', type: 'sma', operator: 'lte', period: 50 },
  { category: 'TA', type: 'ema', operator: 'gte', period: 9 },
  { category: 'TA', type: 'st', operator: 'lte', period: 12, multiplier: 2.75 },
  { category: 'TA', type: 'rsi', operator: 'between', value1: 30.5, value2: 70, period: 21 },
  { category: 'TA', type: 'vol_avg', operator: 'gte', value1: 1e9, value2: null, period: 200 },
  { category: 'TA', type: 'macd', aboveSignal: false, fast: 5, slow: 35, signal: 4 },
  { category: 'TA', type: 'price_compare', currentField: 'low', compareField: 'high', comparison: '!=', offset: -7 },
  { category: 'FA', type: 'financial_trend', metric: 'operatingcashflow', periodType: 'ANNUAL', direction: 'decreasing', periods: 5 },
  { category: 'FA', type: 'fa_compare', metric: 'debttoequity', operator: 'lt', value: 0.333333333333, periodType: 'QUARTERLY' },
];

describe.each(dbKinds)('/api/scanner/templates/ on %s', (kind) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  beforeAll(async () => {
    t = await testApp(kind);
    alice = (await signedInAs(t, 'alice-scanner@example.com')).headers;
    bob = (await signedInAs(t, 'bob-scanner@example.com')).headers;
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as any });
  const save = (headers: Record<string, string>, name: string, filterRows = rows) =>
    req('POST', '/api/scanner/templates/', headers, { name, filters: filterRows.map((r, i) => rowToSavedFilter(r, i)) });

  it('needs sign-in for every call', async () => {
    for (const [method, url] of [['GET', '/api/scanner/templates/'], ['GET', '/api/scanner/templates/1/'], ['POST', '/api/scanner/templates/'], ['DELETE', '/api/scanner/templates/1/']] as const) {
      const r = await t.app.inject({ method, url, payload: method === 'POST' ? { name: 'x', filters: [] } : undefined });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
      expect(r.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('saves a query and restores every field of every filter exactly', async () => {
    const created = await save(alice, 'Every filter');
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const r = await req('GET', `/api/scanner/templates/${id}/`, alice);
    expect(r.statusCode).toBe(200);
    const tpl = scannerTemplateSchema.parse(r.json());
    expect(tpl.name).toBe('Every filter');
    expect(tpl.filters).toEqual(rows.map((row, i) => rowToSavedFilter(row, i)));
    for (const f of r.json().filters) expect(Object.keys(f).sort()).toEqual([...SAVED_FILTER_FIELDS].sort());
    expect(templateToRows(tpl)).toEqual(rows);
    const list = await req('GET', '/api/scanner/templates/', alice);
    expect(list.json()).toEqual([{ id, name: 'Every filter' }]);
  });

  it('keeps names unique per user, while another user may reuse one', async () => {
    expect((await save(alice, 'Momentum', rows.slice(0, 2))).statusCode).toBe(201);
    const again = await save(alice, '  Momentum ');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Name used. Please create unique name' });
    const other = await save(bob, 'Momentum', rows.slice(3, 5));
    expect(other.statusCode).toBe(201);
    expect((await req('GET', '/api/scanner/templates/', bob)).json().map((x: { name: string }) => x.name)).toEqual(['Momentum']);
  });

  it('rejects empty names and incomplete filters, naming the field', async () => {
    const blank = await save(alice, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['Template name cannot be empty'] });
    const bad = rowToSavedFilter(rows[10], 0);
    const r = await req('POST', '/api/scanner/templates/', alice, { name: 'Bad', filters: [{ ...bad, value_numeric_2: null }] });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toHaveProperty(['filters.0.value_numeric_2']);
    const wrongShape = await req('POST', '/api/scanner/templates/', alice, { name: 'Bad', filters: 'nope' });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json()).toHaveProperty('filters');
    expect((await req('GET', '/api/scanner/templates/', alice)).json().map((x: { name: string }) => x.name)).not.toContain('Bad');
  });

  it('refuses what the database cannot store with a 400 naming the field, never a 500', async () => {
    const base = rowToSavedFilter(rows[0], 0);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'NUL\u0000name', filters: [base] }, 'name'],
      [{ name: 'NUL text', filters: [{ ...base, value_text: 'a\u0000b' }] }, 'filters.0.value_text'],
      [{ name: 'Big periods', filters: [{ ...base, fa_consecutive_periods: 1e12 }] }, 'filters.0.fa_consecutive_periods'],
      [{ name: 'Big offset', filters: [{ ...base, ohlc_offset: -(2 ** 31) - 1 }] }, 'filters.0.ohlc_offset'],
    ];
    for (const [body, field] of cases) {
      const r = await req('POST', '/api/scanner/templates/', alice, body);
      expect(r.statusCode, `${field}: ${r.body}`).toBe(400);
      expect(r.json()[field]).toEqual([expect.any(String)]);
    }
    // the extreme 32-bit values themselves are stored and restored
    const edge = { ...base, fa_consecutive_periods: 2 ** 31 - 1, ohlc_offset: -(2 ** 31) };
    const ok = await req('POST', '/api/scanner/templates/', alice, { name: 'Edge ints', filters: [edge] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await req('GET', `/api/scanner/templates/${ok.json().id}/`, alice)).json().filters).toEqual([edge]);
  });

  it('never answers 500 to any saved filter body', async () => {
    const anyValue = fc.oneof(
      fc.constant(null), fc.string(), fc.constantFrom('\u0000', 'price', 'sma_gte', '>=', '12,26,9', 'QUARTERLY'),
      fc.integer(), fc.double(), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e300, -0), fc.boolean(),
    );
    // a valid filter of some type with a few fields replaced, so bodies get past validation often
    const overrides = fc.record(Object.fromEntries(SAVED_FILTER_FIELDS.map((k) => [k, anyValue])), { requiredKeys: [] });
    const filter = fc.tuple(fc.constantFrom(...rows.map((r, i) => rowToSavedFilter(r, i))), overrides).map(([f, o]) => ({ ...f, ...o }));
    let n = 0;
    let created = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(filter, { maxLength: 3 }), fc.oneof(fc.string(), anyValue), async (filters, name) => {
        const r = await req('POST', '/api/scanner/templates/', alice, { name: typeof name === 'string' ? `${name}${n++}` : name, filters });
        expect([201, 400], r.body).toContain(r.statusCode);
        if (r.statusCode === 201) created++;
      }),
      { numRuns: 150 },
    );
    expect(created, 'some bodies were valid').toBeGreaterThan(0);
  });

  it("isolates owners: another user's id answers 404 and stays intact", async () => {
    const { id } = (await save(alice, 'Private', rows.slice(5, 8))).json();
    expect((await req('GET', `/api/scanner/templates/${id}/`, bob)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/scanner/templates/${id}/`, bob)).statusCode).toBe(404);
    expect((await req('GET', `/api/scanner/templates/${id}/`, alice)).statusCode).toBe(200);
    expect((await req('GET', '/api/scanner/templates/abc/', alice)).statusCode).toBe(404);
    expect((await req('GET', '/api/scanner/templates/999999/', alice)).statusCode).toBe(404);
  });

  it('deletes a query with its filters', async () => {
    const { id } = (await save(alice, 'Short-lived', rows.slice(0, 3))).json();
    const del = await req('DELETE', `/api/scanner/templates/${id}/`, alice);
    expect(del.statusCode).toBe(204);
    expect((await req('GET', `/api/scanner/templates/${id}/`, alice)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/scanner/templates/${id}/`, alice)).statusCode).toBe(404);
    const left = await t.deps.db.query('SELECT count(*)::int AS n FROM scanner_filters WHERE template_id = $1', [id]);
    expect(left[0].n).toBe(0);
    // the name is free again
    expect((await save(alice, 'Short-lived')).statusCode).toBe(201);
  });
});
