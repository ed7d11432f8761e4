import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERING_FIELDS, SCANNER_MARKETS, compareScanResults, scanPageSchema, type ScanResult } from '@app/contract';
import { runImport } from '../../../market/importer/runImport.ts';
import { csvProvider } from '../../../market/providers/csvFiles.ts';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../../test/testApp.ts';

// Scans over data as the importer writes it from real files (../shared/market-data): the Nasdaq
// screener listings (~7,000, most without bars here, some with empty sectors and 0.00 market caps),
// the S&P 500 constituents, and the daily bars of a few members, among them members the 2026 screener
// no longer lists (stored with the UNKNOWN market) and BF.B, whose file is an API error.
const shared = new URL('../../../../../../../shared/market-data/', import.meta.url).pathname;
const present = existsSync(shared + 'sp500-daily-adjusted/');
const BARS = ['AAPL', 'MSFT', 'XOM', 'JPM', 'ATVI', 'FB', 'BRK.B', 'BF.B'];

describe.skipIf(!present).each(dbKinds)('scanning imported market data on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await testApp(kind);
    const files = [
      ...['nasdaq', 'nyse', 'amex'].map((m) => `${shared}nasdaq-screener-2026-08/${m}.json`),
      `${shared}sp500-constituents.csv`,
      ...BARS.map((s) => `${shared}sp500-daily-adjusted/DA-${s}-T-2021-04-21.csv.gz`),
    ];
    await runImport(t.deps.db, [csvProvider(files)], { command: 'import', sources: 'test' });
    await t.deps.series.load(t.deps.db);
    headers = (await signedInAs(t, 'scanner-real@example.com')).headers;
  }, 240_000);
  afterAll(() => t?.close());

  const get = async (qs: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/scanner/stocks/?${qs}`, headers });
    expect(r.statusCode, `${qs}: ${r.body.slice(0, 300)}`).toBe(200);
    return scanPageSchema.parse(r.json());
  };
  const all = async (qs: string) => get(`${qs}&page_size=500`).then((p) => p.results);

  it('lists every symbol: those with bars first, the rest with the screener\'s last sale or N/A', async () => {
    const page = await get('page_size=500');
    expect(page.count).toBe(t.deps.series.size);
    expect(page.count).toBeGreaterThan(6500);
    // -volume: the symbols with bars (and so a volume) first, then the rest (volume null) by symbol
    const withBars = page.results.filter((r) => r.volume !== null).map((r) => r.symbol).sort();
    expect(withBars).toEqual(BARS.filter((s) => s !== 'BF.B').sort());
    expect(page.results.slice(0, withBars.length).every((r) => r.volume !== null)).toBe(true);
    const rest = page.results.slice(withBars.length);
    expect(rest.every((r) => r.volume === null && r.sma === null && r.rsi === null)).toBe(true);
    expect(rest.map((r) => r.symbol)).toEqual(rest.map((r) => r.symbol).sort());
    // a listing without bars shows the screener's last sale and change (spec: N/A only when unknown)
    expect(rest.filter((r) => r.price !== null).length).toBeGreaterThan(rest.length / 2);
  });

  it('keeps members the screener no longer lists, with the UNKNOWN market that no market filter matches', async () => {
    const rows = await all('ordering=symbol&vol_avg_gte=0'); // the symbols with bars
    const atvi = rows.find((r) => r.symbol === 'ATVI')!;
    expect(atvi).toMatchObject({ market: 'UNKNOWN', market_cap: null });
    expect(atvi.sector).not.toBeNull();
    expect(atvi.price).toBeGreaterThan(0);
    for (const m of SCANNER_MARKETS) expect((await all(`market=${m}&vol_avg_gte=0`)).some((r) => r.market === 'UNKNOWN'), m).toBe(false);
    expect((await all('market=NASDAQ&vol_avg_gte=0')).map((r) => r.symbol).sort()).toEqual(['AAPL', 'MSFT']);
  });

  it('sorts on every field both ways with nulls last, as the screen sorts', async () => {
    // the symbols without a sector or a market cap (from the screener) and the ones with bars
    for (const field of ORDERING_FIELDS) {
      for (const desc of [false, true]) {
        const ordering = `${desc ? '-' : ''}${field}`;
        const page = await get(`ordering=${ordering}&page_size=500&sector=Technology`);
        const rows: ScanResult[] = page.results;
        expect([...rows].sort(compareScanResults(field, desc)), ordering).toEqual(rows);
        const firstNull = rows.findIndex((r) => r[field] === null);
        if (firstNull >= 0) expect(rows.slice(firstNull).every((r) => r[field] === null), ordering).toBe(true);
      }
    }
  });

  it('leaves unknown market caps (0.00 in the screener) and sectors out of range and sector filters', async () => {
    const aaco = (await all('ordering=symbol&market=NASDAQ')).find((r) => r.symbol === 'AACO')!;
    // no bars here: the screener's last sale ($9.98, unchanged) stands in for the price
    expect(aaco).toMatchObject({ market_cap: null, sector: null, price: 9.98, diff: 0, chg: 0, volume: null });
    expect(await all('market_cap__lte=0')).toEqual([]);
    const capped = await all('ordering=-market_cap&market_cap__gte=1');
    expect(capped.length).toBeGreaterThan(100);
    expect(capped.every((r) => r.market_cap !== null && r.market_cap >= 1)).toBe(true);
    expect((await all('sector=Technology')).every((r) => r.sector === 'Technology')).toBe(true);
  });

  it('runs every default TA and FA filter over real histories', async () => {
    const qs =
      'sma_gte=true&sma_compare=price&sma_period=200&ema_lte=true&ema_compare=price&ema_period=20' +
      '&st_gte=true&st_compare=price&st_period=10&st_multiplier=3&rsi_gte=0&rsi_lte=100&vol_avg_gte=0' +
      '&macd_above_signal=false&price_compare=true&fa_metric=revenue&revenue__gte=1000000';
    const page = await get(qs);
    expect(page.count).toBeGreaterThanOrEqual(0);
    // each indicator vs price: ≥ and ≤ together cover exactly the symbols with bars (all have years of them)
    const withBars = BARS.filter((s) => s !== 'BF.B').sort();
    for (const f of ['sma', 'ema', 'st']) {
      const above = await all(`${f}_gte=true&${f}_compare=price`);
      const below = await all(`${f}_lte=true&${f}_compare=price`);
      expect([...new Set([...above, ...below].map((r) => r.symbol))].sort(), f).toEqual(withBars);
    }
    // a filter of each other kind alone only ever keeps symbols with bars
    for (const one of ['rsi_gte=0', 'vol_avg_gte=0', 'price_compare=true&price_compare_comparison=!=&price_compare_offset=-1', 'fa_metric=revenue&fa_consecutive_periods=2']) {
      const rows = await all(one);
      expect(rows.every((r) => r.price !== null), one).toBe(true);
    }
    expect((await all('rsi_gte=0')).map((r) => r.symbol).sort()).toEqual(withBars);
    const above = await all('macd_above_signal=true');
    const below = await all('macd_above_signal=false');
    expect([...above, ...below].map((r) => r.symbol).sort()).toEqual(withBars);
  });
});
