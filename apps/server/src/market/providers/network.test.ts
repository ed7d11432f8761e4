import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoFromDay } from '../barChunks.ts';
import { fixtureServer } from '../../test/fixtureServer.ts';
import { nasdaqTraderProvider } from './nasdaqTrader.ts';
import { screenerProvider } from './nasdaqScreener.ts';
import { secEdgarProvider } from './secEdgar.ts';
import type { BarsItem, FundamentalsItem } from './types.ts';
import { yahooBarsProvider } from './yahooBars.ts';

// The network providers' real code (URLs, headers, fetch, retries, parsing) against a local HTTP
// server that answers with responses written from each provider's documented format.
let srv: Awaited<ReturnType<typeof fixtureServer>>;
beforeAll(async () => {
  srv = await fixtureServer({
    '/api/screener/stocks': 'screener-nasdaq.json',
    '/SymDir/nasdaqlisted.txt': 'nasdaqlisted.txt',
    '/SymDir/otherlisted.txt': 'otherlisted.txt',
    '/v8/finance/chart/ZZAP': 'yahoo-chart-ZZAP.json',
    '/v8/finance/chart/NOPE': [404, 'yahoo-chart-notfound.json'],
    '/v8/finance/chart/BROKEN': [200, 'nasdaqlisted.txt'],
    '/v8/finance/chart/DOWN': [503, 'screener-error.json'],
    '/files/company_tickers.json': 'sec-company_tickers.json',
    '/api/xbrl/companyfacts/CIK0001234567.json': 'sec-companyfacts-CIK0001234567.json',
  });
});
afterAll(() => srv.close());

const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('nasdaq screener provider', () => {
  it('fetches the three exchanges and maps rows to listings', async () => {
    const batches = await screenerProvider(srv.url).listSymbols!();
    expect(batches.map((b) => new URL(b.source).searchParams.get('exchange'))).toEqual(['nasdaq', 'nyse', 'amex']);
    const nyse = batches[1];
    expect(nyse.listings.every((l) => l.market === 'NYSE')).toBe(true);
    const zzap = nyse.listings.find((l) => l.symbol === 'ZZAP')!;
    expect(zzap).toMatchObject({ name: 'Zed Apparatus Inc. Common Stock', sector: 'Technology', industry: 'Computer Manufacturing', market_cap: 2.79e12, last_sale: 182.52, net_change: -1.48, pct_change: -0.804, volume: 48151237 });
    expect(nyse.listings.find((l) => l.symbol === 'ZZBK')).toMatchObject({ sector: null, industry: null, market_cap: null });
    expect(nyse.listings.map((l) => l.symbol)).toContain('ZZC.B');
    expect(nyse.listings.map((l) => l.symbol)).not.toContain('ZZPR^A');
    expect(nyse.problems.join(' ')).toMatch(/1 preferred share rows/);
    expect(nyse.problems.join(' ')).toMatch(/1 rows without a sector/);
    expect(srv.hits.some((h) => h.url.includes('download=true') && /Mozilla/.test(h.userAgent))).toBe(true);
  });

  it('reports an error answer or an unreachable host instead of throwing', async () => {
    const down = await screenerProvider('http://127.0.0.1:1').listSymbols!();
    expect(down).toHaveLength(3);
    expect(down[0].listings).toEqual([]);
    expect(down[0].problems[0]).toMatch(/127\.0\.0\.1:1/);
  });
});

describe('nasdaq trader provider', () => {
  it('maps market codes and the ETF flag, skipping test issues, IEX and preferreds', async () => {
    const [nasdaq, other] = await nasdaqTraderProvider(`${srv.url}/SymDir`).listSymbols!();
    expect(nasdaq.listings).toEqual([
      { symbol: 'ZZAP', name: 'Zed Apparatus Inc. - Common Stock', market: 'NASDAQ', instr_type: 'EQUITY' },
      { symbol: 'ZZQQ', name: 'Zed Nasdaq-100 Trust', market: 'NASDAQ', instr_type: 'ETF' },
      // Nasdaq warrants are plain 5-letter symbols: kept, like the screener keeps them
      { symbol: 'ZZWW', name: 'Zed Acquisition Corp - Warrant', market: 'NASDAQ', instr_type: 'EQUITY' },
    ]);
    expect(nasdaq.problems).toEqual([]);
    expect(Object.fromEntries(other.listings.map((l) => [l.symbol, [l.market, l.instr_type]]))).toEqual({
      ZZBK: ['NYSE', 'EQUITY'], 'ZZC.B': ['NYSE', 'EQUITY'], ZZAM: ['AMEX', 'EQUITY'], ZZSP: ['NYSEARCA', 'ETF'], ZZBZ: ['BATS', 'EQUITY'],
    });
    expect(other.problems).toEqual(['1 preferred shares, warrants, rights or units left out', '1 rows on an exchange the spec does not list (e.g. IEX) left out']);
  });
});

describe('yahoo daily bars provider', () => {
  it('adjusts prices by adjclose/close, dates sessions in exchange time and skips null rows', async () => {
    const [item] = await collect(yahooBarsProvider(srv.url).dailyBars!(['ZZAP']));
    const bars = item.bars!;
    expect(Array.from(bars.day, isoFromDay)).toEqual(['2024-06-03', '2024-06-04', '2024-06-06', '2024-06-07']);
    expect(bars.close[0]).toBeCloseTo(99.99, 10);
    expect(bars.open[0]).toBeCloseTo(100 * 0.99, 10);
    expect(bars.high[1]).toBeCloseTo(103 * (100.98 / 102), 10);
    expect(bars.close[3]).toBe(104);
    expect(Array.from(bars.volume)).toEqual([1000000, 1100000, 900000, 950000]);
    expect(item.problems).toEqual(['1 rows with missing values skipped']);
  });

  it('rejects unknown symbols, non-JSON answers and server errors with the reason, and goes on', async () => {
    const items: BarsItem[] = await collect(yahooBarsProvider(srv.url).dailyBars!(['NOPE', 'BROKEN', 'DOWN', 'ZZAP']));
    expect(items.map((i) => i.symbol)).toEqual(['NOPE', 'BROKEN', 'DOWN', 'ZZAP']);
    expect(items[0].bars).toBeNull();
    expect(items[0].problems[0]).toMatch(/Not Found/);
    expect(items[1].problems[0]).toMatch(/did not answer JSON/);
    expect(items[2].problems[0]).toMatch(/HTTP 503/);
    expect(items[3].bars!.day.length).toBe(4);
    expect(srv.hits.filter((h) => h.url.startsWith('/v8/finance/chart/DOWN')).length).toBe(3); // retried
  });
});

describe('SEC EDGAR fundamentals provider', () => {
  let items: FundamentalsItem[];
  beforeAll(async () => {
    items = await collect(secEdgarProvider({ filesUrl: srv.url, dataUrl: srv.url, userAgent: 'Test Suite test@example.com' }).fundamentals!(['ZZAP', 'ZZC.B', 'NOTSEC']));
  });
  const period = (type: string, end: string) => items[0].periods!.find((p) => p.period_type === type && p.period_end === end)!.values;

  it('sends the User-Agent the SEC requires and reports symbols it cannot serve', () => {
    expect(srv.hits.filter((h) => h.url.startsWith('/api/xbrl')).every((h) => h.userAgent === 'Test Suite test@example.com')).toBe(true);
    expect(items[1].periods).toBeNull(); // listed, but its facts file is not there
    expect(items[1].problems[0]).toMatch(/HTTP 404/);
    expect(items[2].problems).toEqual(['unknown symbol: not in the SEC ticker list']);
  });

  it('maps annual facts to the metrics, with the derived ones computed as documented', () => {
    const fy = period('ANNUAL', '2023-12-31');
    expect(fy.revenue).toBe(460); // the 8-K's 999 is ignored
    expect(fy.netincome).toBe(50);
    expect(fy.epsbasic).toBe(5);
    expect(fy.fcf).toBe(100 - 22);
    expect(fy.ebit).toBe(50 + 20 + 5);
    expect(fy.ebitda).toBe(75 + 12);
    expect(fy.totalcash).toBe(200);
    expect(fy.netcash).toBe(200 - 300);
    expect(fy.workingcapital).toBe(200);
    expect(fy.roe).toBeCloseTo(12.5, 12);
    expect(fy.roa).toBeCloseTo(5, 12);
    expect(fy.operatingmargin).toBeCloseTo((80 / 460) * 100, 12);
    expect(fy.netprofitmargin).toBeCloseTo((50 / 460) * 100, 12);
    expect(fy.roic).toBeCloseTo((80 * (1 - 20 / 70)) / (400 + 300 - 200) * 100, 12);
    expect(fy.debttoequity).toBe(0.75);
    expect(fy.currentratio).toBe(2);
    expect(fy.quickratio).toBeCloseTo(1.3, 12);
    expect(fy.netcashflow).toBeNull(); // no cash-change tag and no investing/financing flows
  });

  it('derives quarters from year-to-date figures, and the latest filing wins', () => {
    const quarters = items[0].periods!.filter((p) => p.period_type === 'QUARTERLY').map((p) => p.period_end);
    expect(quarters).toEqual(['2023-03-31', '2023-06-30', '2023-09-30', '2023-12-31']);
    expect(quarters.map((q) => period('QUARTERLY', q).revenue)).toEqual([100, 110, 120, 130]);
    expect(quarters.map((q) => period('QUARTERLY', q).operatingcashflow)).toEqual([20, 25, 25, 30]);
    expect(quarters.map((q) => period('QUARTERLY', q).fcf)).toEqual([15, 20, 20, 23]);
    expect(period('QUARTERLY', '2023-09-30').netincome).toBe(12.5); // restated in a later filing
    expect(period('QUARTERLY', '2023-03-31').totalassets).toBe(500); // instant at the quarter's end
    expect(period('QUARTERLY', '2023-03-31').epsbasic).toBe(1);
  });
});
