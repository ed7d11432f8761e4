import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FA_METRICS, scanPageSchema } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../../test/testApp.ts';
import { fixtureMarket } from '../../../test/scannerMarket.ts';

describe.each(dbKinds)('GET /api/scanner/stocks/ on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const market = fixtureMarket();
  beforeAll(async () => {
    t = await testApp(kind);
    t.deps.series.setEntries(market);
    headers = (await signedInAs(t, 'scanner-stocks@example.com')).headers;
  });
  afterAll(() => t.close());

  const get = (qs: string, h = headers) => t.app.inject({ method: 'GET', url: `/api/scanner/stocks/?${qs}`, headers: h });

  it('needs sign-in', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/scanner/stocks/?price__gte=1' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers a page in the contract shape, default -volume', async () => {
    const r = await get('');
    expect(r.statusCode).toBe(200);
    const page = scanPageSchema.parse(r.json());
    expect(page.count).toBe(market.length);
    expect(page.results).toHaveLength(market.length); // 30 < default page size 50
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    const vols = page.results.map((x) => x.volume).filter((v) => v !== null) as number[];
    expect(vols).toEqual([...vols].sort((a, b) => b - a));
  });

  it('says which filter removed the most listings when nothing matches, and null otherwise', async () => {
    const r = await get('price__gte=99999&instr_type=EQUITY');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ count: 0, next: null, previous: null, results: [], empty_reason: { filter: 'price', removed: market.length, total: market.length } });
    expect((await get('price__gte=0')).json().empty_reason).toBeNull();
  });

  it('follows next and previous links through every page', async () => {
    const seen: string[] = [];
    let url: string | null = '/api/scanner/stocks/?ordering=symbol&page_size=7';
    const pages: any[] = [];
    while (url) {
      const r: { statusCode: number; json(): any } = await t.app.inject({ method: 'GET', url, headers });
      expect(r.statusCode).toBe(200);
      const page: { next: string | null; results: Array<{ symbol: string }> } = r.json();
      pages.push(page);
      seen.push(...page.results.map((x: { symbol: string }) => x.symbol));
      url = page.next;
    }
    expect(pages).toHaveLength(5);
    expect(seen).toEqual(market.map((e) => e.info.symbol).sort());
    expect(pages[1].previous).toBe('/api/scanner/stocks/?ordering=symbol&page_size=7&page=1');
    expect(pages[4].next).toBeNull();
    const back = await t.app.inject({ method: 'GET', url: pages[4].previous, headers });
    expect(back.json().results).toEqual(pages[3].results);
  });

  it('names every malformed or unknown parameter in a 400', async () => {
    const r = await get('price__gte=abc&bogus=1&rsi_period=2&page_size=0');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      price__gte: ['Enter a number.'],
      bogus: ['Unknown parameter.'],
      rsi_period: ['Ensure this value is greater than or equal to 5.'],
      page_size: ['Ensure this value is greater than or equal to 1.'],
    });
    expect((await get('page=9')).json()).toEqual({ page: ['Invalid page.'] });
    expect((await get('chg__gte=5.555')).json()).toEqual({ chg__gte: ['Maximum 2 decimal places allowed'] });
    expect((await get('price__gte=1&price__gte=2')).statusCode).toBe(400);
  });

  it('filters across categories in one request', async () => {
    const r = await get('instr_type=EQUITY&fa_metric=revenue&rsi_gte=0&ordering=symbol&page_size=500');
    expect(r.statusCode).toBe(200);
    const symbols = r.json().results.map((x: { symbol: string }) => x.symbol);
    // fixture shapes: k % 4 === 0 or 3 rise (3 has a gap two periods back on even metrics, revenue is metric 0)
    const want = market
      .filter((e, k) => e.info.instr_type === 'EQUITY' && k % 4 === 0 && e.bars.close.length > 15)
      .map((e) => e.info.symbol);
    expect(symbols).toEqual(want);
  });

  it('never answers 500 to any query string', async () => {
    const keys = ['price__gte', 'volume__lte', 'chg__gte', 'market', 'sector', 'sma_gte', 'sma_period', 'st_multiplier',
      'rsi_lte', 'macd_fast', 'macd_above_signal', 'price_compare', 'price_compare_offset', 'price_compare_comparison',
      'fa_metric', 'fa_consecutive_periods', 'ordering', 'page', 'page_size', `${FA_METRICS[3]}__gt`, 'roe__lt'];
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.double().map(String),
      fc.integer().map(String),
      fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '1e309', '-0', '0x1f', '', ' ', 'true', 'null', '[]', '%zz', '9'.repeat(400)),
    );
    const key = fc.oneof(fc.constantFrom(...keys), fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'a[b]', 'a[]'));
    // written into the URL as they stand: broken escapes, bare keys, empty pairs, NULs
    const rawTail = fc.constantFrom('', '&%zz', '&a=%E0%A4%A', '&%%%', '&=', '&&', '&price__gte', '&x=1=2', '&%00=%00', '&page=%F0%9F%98%80', '&ordering=-', '&market=nyse');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 6 }), rawTail, async (pairs, raw) => {
        const qs = new URLSearchParams(pairs).toString() + raw;
        const r = await get(qs);
        expect([200, 400], `${qs} → ${r.statusCode} ${r.body}`).toContain(r.statusCode);
        const body = r.json();
        if (r.statusCode === 200) scanPageSchema.parse(body);
        else expect(Object.values(body).length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
