import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyBars } from '@app/quant';
import { testApp, type TestApp } from '../../../test/testApp.ts';
import { emptyBars } from '../../../market/barChunks.ts';
import type { SeriesEntry } from '../../../market/seriesCache.ts';

// A hand-made market whose liquidity (average close × volume of the last 20 sessions) each test can state.
function bars(close: number, volume: number, sessions = 30): DailyBars {
  return {
    day: Int32Array.from({ length: sessions }, (_, i) => 20_000 + i),
    open: new Float64Array(sessions).fill(close),
    high: new Float64Array(sessions).fill(close),
    low: new Float64Array(sessions).fill(close),
    close: new Float64Array(sessions).fill(close),
    volume: new Float64Array(sessions).fill(volume),
  };
}
const listing = (symbol: string, name: string, dollarVolume: number | null, opts: { etf?: boolean; demo?: boolean } = {}): SeriesEntry => ({
  info: { symbol, name, market: 'NASDAQ', instr_type: opts.etf ? 'ETF' : 'EQUITY', sector: null, industry: null, market_cap: null, is_demo: opts.demo },
  bars: dollarVolume === null ? emptyBars() : bars(10, dollarVolume / 10),
  quarterly: [],
  annual: [],
});

const MARKET = [
  listing('A', 'Agilent Technologies Inc.', 2e8),
  listing('AA', 'Alcoa Corp.', 3e8),
  listing('AAPL', 'Apple Inc.', 9e9),
  listing('AAP', 'Advance Auto Parts Inc.', 1e8),
  listing('APLE', 'Apple Hospitality REIT Inc.', 5e7),
  listing('PINE', 'Pineapple Growers Co.', 8e9), // "apple" inside a word: no name match
  listing('BAC', 'Bank of America Corp.', 4e9),
  listing('BOH', 'Bank of Hawaii Corp.', 6e7),
  listing('AMBK', 'American Bank Holdings Inc.', 2e7),
  listing('SPY', 'SPDR S&P 500 ETF Trust', 3e10, { etf: true }),
  listing('QNOB', 'No Bars Yet Inc.', null),
];
const symbols = (r: { json(): { results: Array<{ symbol: string }> } }) => r.json().results.map((x) => x.symbol);

describe('GET /api/symbols/search/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite');
    t.deps.series.setEntries(MARKET);
  });
  afterAll(() => t.close());
  const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/symbols/search/?${qs}` });

  it('answers the exact ticker first, then tickers starting with q by dollar volume, then company names', async () => {
    const r = await get('q=aa&limit=10');
    expect(r.statusCode).toBe(200);
    // AA exact; AAPL (9e9) before AAP (1e8); no name has a word starting with "aa"
    expect(symbols(r)).toEqual(['AA', 'AAPL', 'AAP']);
    expect(r.json().results[0]).toEqual({ symbol: 'AA', name: 'Alcoa Corp.', market: 'NASDAQ', instr_type: 'EQUITY' });
    // "a": the exact A first although AAPL, AA and others trade more; then tickers by liquidity, then
    // names with a word starting with "a" whose ticker does not (BAC: Bank of America)
    expect(symbols(await get('q=a&limit=10'))).toEqual(['A', 'AAPL', 'AA', 'AAP', 'APLE', 'AMBK', 'BAC']);
  });

  it('matches words of the company name, every word of q starting one, most traded first', async () => {
    expect(symbols(await get('q=apple'))).toEqual(['AAPL', 'APLE']); // not PINE: "pineapple" does not start with "apple"
    expect(symbols(await get('q=Bank'))).toEqual(['BAC', 'BOH', 'AMBK']);
    expect(symbols(await get('q=bank%20am'))).toEqual(['BAC', 'AMBK']); // "am" starts America and American
    expect(symbols(await get('q=bank%20of%20hawaii'))).toEqual(['BOH']);
    expect(symbols(await get('q=s%26p%20500'))).toEqual(['SPY']);
    expect(symbols(await get('q=zzz'))).toEqual([]);
    // typed without spaces (the period form drops them): the name's words run together
    expect(symbols(await get('q=BANKOFAM'))).toEqual(['BAC']);
    expect(symbols(await get('q=bankof'))).toEqual(['BAC', 'BOH']);
    expect(symbols(await get('q=ofamerica'))).toEqual([]); // from the name's start only
  });

  it('matches ticker prefixes case-insensitively, before name words', async () => {
    expect(symbols(await get('q=%20sp%20'))).toEqual(['SPY']);
    expect(symbols(await get('q=q'))).toEqual(['QNOB']);
    expect(symbols(await get('q=ap'))).toEqual(['APLE', 'AAPL']); // APLE's ticker, then Apple Inc.'s name
  });

  it('answers at most limit matches (default 8)', async () => {
    expect(symbols(await get('q=a&limit=2'))).toEqual(['A', 'AAPL']);
    t.deps.series.setEntries(Array.from({ length: 30 }, (_, i) => listing(`X${String(i).padStart(2, '0')}`, `Xeno ${i}`, 1e6 * (i + 1))));
    try {
      const r = await get('q=x');
      expect(r.json().results).toHaveLength(8);
      expect(symbols(r)[0]).toBe('X29'); // the most traded
      expect(symbols(await get('q=xeno&limit=50'))).toHaveLength(30);
    } finally {
      t.deps.series.setEntries(MARKET);
    }
  });

  it('says whether the loaded market is the demo one, and its size; a reload rebuilds the index', async () => {
    expect((await get('q=a')).json()).toMatchObject({ demo: false, listings: MARKET.length });
    t.deps.series.setEntries([listing('QDMO', 'Demo Listing Inc.', 1e6, { demo: true })]);
    try {
      const r = (await get('q=demo')).json();
      expect(r).toEqual({ demo: true, listings: 1, results: [{ symbol: 'QDMO', name: 'Demo Listing Inc.', market: 'NASDAQ', instr_type: 'EQUITY' }] });
      expect(symbols(await get('q=aapl'))).toEqual([]);
    } finally {
      t.deps.series.setEntries(MARKET);
    }
    expect(symbols(await get('q=aapl'))).toEqual(['AAPL']);
  });

  it('answers 400 with a DRF-style body for bad input', async () => {
    const cases: Array<[string, Record<string, string[]>]> = [
      ['', { q: ['This field is required.'] }],
      ['q=%20%20', { q: ['This field may not be blank.'] }],
      [`q=${'a'.repeat(51)}`, { q: ['Ensure this field has no more than 50 characters.'] }],
      ['q=a&limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
      ['q=a&limit=51', { limit: ['Ensure this value is less than or equal to 50.'] }],
      ['q=a&limit=ten', { limit: ['A valid integer is required.'] }],
      ['q=a&limit=-1', { limit: ['A valid integer is required.'] }],
    ];
    for (const [qs, body] of cases) {
      const r = await get(qs);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json(), qs).toEqual(body);
    }
  });
});
