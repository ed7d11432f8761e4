import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { dbKinds, freshDb } from '../../test/testApp.ts';
import { dayFromIso, isoFromDay } from '../barChunks.ts';
import { seedDemoMarket } from '../demo/seed.ts';
import { fixtureServer } from '../../test/fixtureServer.ts';
import { csvProvider } from '../providers/csvFiles.ts';
import { loadBars } from '../repository.ts';
import { SeriesCache } from '../seriesCache.ts';
import { runImport } from './runImport.ts';
import { runUpdate } from './update.ts';
import { UNKNOWN_MARKET } from './writeSymbols.ts';

type TestDb = Awaited<ReturnType<typeof freshDb>>;

const AV = 'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient';
/** n weekdays of made-up Alpha Vantage rows from `start`, one 2:1 split in the middle. */
function avFile(start: string, n: number, seed = 1) {
  const rows: string[] = [];
  let d = Date.parse(start + 'T00:00:00Z');
  for (let i = 0; i < n; d += 86_400_000) {
    const wd = new Date(d).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    const split = i === Math.floor(n / 2) ? 2 : 1;
    const px = (i < n / 2 ? 100 : 50) + ((i * 7 + seed) % 5);
    rows.push(`${new Date(d).toISOString().slice(0, 10)},${px},${px + 2},${px - 2},${px + 1},${(px + 1) * 0.9},${1000 + i},0.0,${split}.0`);
    i++;
  }
  return [AV, ...rows].join('\n') + '\n';
}

async function rowVersions(db: TestDb) {
  // xmin changes whenever a row is written, even with identical values.
  const rows = await db.query<{ k: string; x: string }>(
    `SELECT 's:' || symbol AS k, xmin::text AS x FROM symbols UNION ALL SELECT 'b:' || symbol || year, xmin::text FROM daily_bar_chunks ORDER BY 1`,
  );
  return rows.map((r) => `${r.k}@${r.x}`);
}

describe.each(dbKinds)('importer on %s', (kind) => {
  let db: TestDb;
  let dir: string;
  const write = (name: string, text: string | Buffer) => writeFileSync(join(dir, name), text);
  const importDir = (opts: Partial<Parameters<typeof runImport>[2]> = {}) => {
    const p = csvProvider([join(dir, 'bars')]);
    return runImport(db, [p], { command: 'import', sources: dir, ...opts });
  };

  beforeEach(async () => {
    db = await freshDb(kind);
    dir = mkdtempSync(join(tmpdir(), 'import-'));
    mkdirSync(join(dir, 'bars'));
    mkdirSync(join(dir, 'bars', 'screener'));
    write('constituents.csv', 'Symbol,Name,Sector\nAAA,Alpha Corp,Information Technology\nBBB,"Beta, Inc.",Financials\nCCC,Gamma,Energy\n');
    write('bars/screener/nyse.json', JSON.stringify([
      { symbol: 'AAA', name: 'Alpha Corp Common Stock', lastsale: '$10.00', netchange: '0.1', pctchange: '1%', volume: '100', marketCap: '5000000.00', sector: 'Technology', industry: 'Semiconductors' },
      { symbol: 'ODD^A', name: 'Preferred', lastsale: '$1', netchange: '0', pctchange: '0%', volume: '1', marketCap: '', sector: '', industry: '' },
    ]));
    write('bars/DA-AAA-T-2021-04-21.csv.gz', gzipSync(avFile('2019-12-02', 60)));
    write('bars/DA-BBB-T-2021-04-21.csv', avFile('2020-06-01', 30, 3));
    write('bars/DA-CCC-T-2021-04-21.csv.gz', gzipSync('{\n    "Error Message"\n}'));
    write('bars/DA-ZZZ-T-2021-04-21.csv', avFile('2020-01-06', 10));
    write('bars/DA-DDD-T-2021-04-21.csv', 'date,open,high,low,close,volume\n2020-01-02,1,2,0.5,1.5,10\nbad,1,1,1,1,1\n');
    write('bars/notes.md', 'not data');
  });
  afterEach(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the good files, reports the rejected ones and why, and places symbols from every source', async () => {
    const r = await importDir();
    const bySymbol = Object.fromEntries(r.entries.filter((e) => e.symbol).map((e) => [e.symbol, e]));
    expect(bySymbol.AAA).toMatchObject({ status: 'new', rows: 60, problems: [] });
    expect(bySymbol.BBB).toMatchObject({ status: 'new', rows: 30 });
    expect(bySymbol.CCC).toMatchObject({ status: 'rejected', problems: ['API error instead of prices ({ "Error Message" })'] });
    expect(bySymbol.ZZZ.status).toBe('rejected');
    expect(bySymbol.ZZZ.problems[0]).toMatch(/^unknown symbol ZZZ/);
    expect(bySymbol.DDD.status).toBe('rejected'); // no listing either
    const text = r.format();
    expect(text).toMatch(/DA-CCC-T-2021-04-21\.csv\.gz \[CCC\]: API error/);
    expect(text).toMatch(/nyse\.json: 1 preferred share rows/);

    const symbols = await db.query<any>(`SELECT symbol, name, market, sector, industry, market_cap, last_sale FROM symbols ORDER BY symbol`);
    expect(symbols).toEqual([
      // the screener's name, sector and exchange win over the constituents file's
      { symbol: 'AAA', name: 'Alpha Corp Common Stock', market: 'NYSE', sector: 'Technology', industry: 'Semiconductors', market_cap: 5e6, last_sale: 10 },
      // only the constituents file knows BBB: its name and mapped GICS sector, exchange unknown
      { symbol: 'BBB', name: 'Beta, Inc.', market: UNKNOWN_MARKET, sector: 'Finance', industry: null, market_cap: null, last_sale: null },
    ]);
    const bars = await loadBars(db);
    expect([...bars.keys()]).toEqual(['AAA', 'BBB']);
    expect(isoFromDay(bars.get('AAA')!.day[0])).toBe('2019-12-02');
    expect((await db.query(`SELECT year FROM daily_bar_chunks WHERE symbol = 'AAA' ORDER BY year`)).map((x: any) => x.year)).toEqual([2019, 2020]);
    expect([...r.changedSymbols].sort()).toEqual(['AAA', 'BBB']);
    const cache = new SeriesCache();
    await cache.load(db, [...r.changedSymbols]);
    expect(cache.get('AAA')!.bars.close.length).toBe(60);
  });

  it('changes nothing when run twice on the same input', async () => {
    await importDir();
    const before = await rowVersions(db);
    const r = await importDir();
    expect(r.summary()).toMatchObject({ new: 0, updated: 0, rejected: 3, symbolsWritten: 0, barsWritten: 0 });
    expect(r.entries.filter((e) => e.status === 'unchanged').map((e) => e.symbol ?? 'listing').sort()).toEqual(['AAA', 'BBB', 'listing', 'listing']);
    expect(await rowVersions(db)).toEqual(before);
    expect(r.changedSymbols.size).toBe(0);
  });

  it('rewrites only the years that changed, and drops years a new file no longer has', async () => {
    await importDir();
    const before = await db.query<any>(`SELECT year, xmin::text AS x FROM daily_bar_chunks WHERE symbol = 'AAA' ORDER BY year`);
    // Same history, one more day in 2020.
    write('bars/DA-AAA-T-2021-04-21.csv.gz', gzipSync(avFile('2019-12-02', 60) + '2020-03-02,60,62,58,61,61,5000,0.0,1.0\n'));
    const r = await importDir();
    expect(r.entries.find((e) => e.symbol === 'AAA')).toMatchObject({ status: 'updated', rows: 61 });
    const after = await db.query<any>(`SELECT year, xmin::text AS x FROM daily_bar_chunks WHERE symbol = 'AAA' ORDER BY year`);
    expect(after[0].x).toBe(before[0].x); // 2019 untouched
    expect(after[1].x).not.toBe(before[1].x);
    // A file that starts in 2020: the 2019 chunk goes.
    write('bars/DA-AAA-T-2021-04-21.csv.gz', gzipSync(avFile('2020-01-06', 20)));
    await importDir();
    expect((await db.query(`SELECT year FROM daily_bar_chunks WHERE symbol = 'AAA'`)).map((x: any) => x.year)).toEqual([2020]);
  });

  it('creates unknown symbols on request', async () => {
    const r = await importDir({ createUnknown: true });
    expect(r.entries.find((e) => e.symbol === 'ZZZ')!.status).toBe('new');
    const [zzz] = await db.query<any>(`SELECT name, market FROM symbols WHERE symbol = 'ZZZ'`);
    expect(zzz).toEqual({ name: 'ZZZ', market: UNKNOWN_MARKET });
    expect(r.entries.find((e) => e.symbol === 'DDD')).toMatchObject({ status: 'new', rows: 1, problems: ['line 3: bad date "bad"'] });
  });

  it('writes nothing when interrupted, while reading or while writing, and a rerun does the whole work', async () => {
    const signal = { stopped: false };
    const first = await importDir({ signal, onProgress: () => void (signal.stopped = true) });
    expect(first.interrupted).toBe(true);
    expect(first.format()).toMatch(/Interrupted: nothing was written \(an import writes everything or nothing\); run the same command again/);
    expect(first.summary()).toMatchObject({ new: 0, updated: 0, symbolsWritten: 0, barsWritten: 0 });
    expect([...(await loadBars(db)).keys()]).toEqual([]);
    expect(await db.query(`SELECT symbol FROM symbols`)).toEqual([]);
    const [log] = await db.query<any>(`SELECT interrupted FROM market_import_log ORDER BY id DESC LIMIT 1`);
    expect(log.interrupted).toBe(true);
    // stopped after the first symbol was written inside the transaction: rolled back
    const late = { stopped: false };
    const second = await importDir({ signal: late, onProgress: (_d, _t, label) => void (late.stopped ||= label.startsWith('writing')) });
    expect(second.interrupted).toBe(true);
    expect([...(await loadBars(db)).keys()]).toEqual([]);
    expect(await db.query(`SELECT symbol FROM symbols`)).toEqual([]);
    const third = await importDir();
    expect(third.entries.find((e) => e.symbol === 'AAA')!.status).toBe('new');
    expect(third.entries.find((e) => e.symbol === 'BBB')!.status).toBe('new');
  });

  it('replaces the demo market, and its demo badge, when real data arrives', async () => {
    await seedDemoMarket(db, { seed: 7, count: 5, endDay: dayFromIso('2026-01-09') });
    const r = await importDir();
    expect(r.entries.find((e) => e.source === 'demo market')!.problems).toEqual([
      "5 demo listings (and their bars) replaced by this import's 2 listings, 2 of them with bars, in one transaction",
    ]);
    expect(await db.query(`SELECT symbol FROM symbols WHERE is_demo`)).toEqual([]);
    expect((await db.query(`SELECT symbol FROM symbols ORDER BY symbol`)).map((x: any) => x.symbol)).toEqual(['AAA', 'BBB']);
    const [meta] = await db.query<any>(`SELECT value FROM app_meta WHERE key = 'data_source'`);
    expect(meta.value.demo).toBe(false);
    const again = await importDir();
    expect(again.entries.find((e) => e.source === 'demo market')).toBeUndefined();
  });

  it('tells a running server which symbols changed', async () => {
    await importDir();
    const [row] = await db.query<any>(`SELECT value FROM app_meta WHERE key = 'market_change'`);
    expect(row.value.symbols.sort()).toEqual(['AAA', 'BBB']);
    write('bars/DA-BBB-T-2021-04-21.csv', avFile('2020-06-01', 31, 3));
    await importDir();
    const [next] = await db.query<any>(`SELECT value FROM app_meta WHERE key = 'market_change'`);
    expect(next.value).toEqual({ version: row.value.version + 1, symbols: ['BBB'] });
  });
});

describe.each(dbKinds)('daily update from the network providers on %s', (kind) => {
  let db: TestDb;
  let srv: Awaited<ReturnType<typeof fixtureServer>>;
  beforeAll(async () => {
    db = await freshDb(kind);
    srv = await fixtureServer({
      '/api/screener/stocks': 'screener-nasdaq.json',
      '/SymDir/nasdaqlisted.txt': 'nasdaqlisted.txt',
      '/SymDir/otherlisted.txt': 'otherlisted.txt',
      '/v8/finance/chart/ZZAP': 'yahoo-chart-ZZAP.json',
      '/v8/finance/chart/ZZBK': [404, 'yahoo-chart-notfound.json'],
      '/files/company_tickers.json': 'sec-company_tickers.json',
      '/api/xbrl/companyfacts/CIK0001234567.json': 'sec-companyfacts-CIK0001234567.json',
    });
  });
  afterAll(async () => {
    await srv.close();
    await db.drop();
  });

  const config = () => loadConfig({
    marketProviders: ['nasdaq-trader', 'nasdaq-screener', 'yahoo', 'sec-edgar'],
    nasdaqTraderUrl: `${srv.url}/SymDir`, nasdaqScreenerUrl: srv.url, yahooChartUrl: srv.url, secFilesUrl: srv.url, secDataUrl: srv.url,
  });

  it('refreshes listings, bars and fundamentals, then changes nothing on a second run', async () => {
    const r = await runUpdate(db, config(), { symbols: ['ZZAP', 'ZZBK'] });
    const [zzap] = await db.query<any>(`SELECT market, instr_type, sector, source FROM symbols WHERE symbol = 'ZZAP'`);
    // The screener answered for all three exchanges; Nasdaq Trader's exchange wins.
    expect(zzap).toEqual({ market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Technology', source: 'nasdaq-trader' });
    expect((await db.query<any>(`SELECT market, instr_type FROM symbols WHERE symbol = 'ZZSP'`))[0]).toEqual({ market: 'NYSEARCA', instr_type: 'ETF' });
    expect((await loadBars(db, ['ZZAP'])).get('ZZAP')!.day.length).toBe(4);
    const fund = await db.query<any>(`SELECT period_type, period_end, revenue FROM fundamentals WHERE symbol = 'ZZAP' ORDER BY period_type, period_end`);
    expect(fund.map((f) => `${f.period_type} ${f.period_end} ${f.revenue}`)).toEqual([
      'ANNUAL 2023-12-31 460', 'QUARTERLY 2023-03-31 100', 'QUARTERLY 2023-06-30 110', 'QUARTERLY 2023-09-30 120', 'QUARTERLY 2023-12-31 130',
    ]);
    const rejected = r.rejected.map((e) => `${e.symbol}: ${e.problems[0]}`);
    expect(rejected).toEqual(['ZZBK: API error: Not Found (unknown or delisted symbol)', 'ZZBK: unknown symbol: not in the SEC ticker list']);

    const again = await runUpdate(db, config(), { symbols: ['ZZAP', 'ZZBK'] });
    expect(again.summary()).toMatchObject({ new: 0, updated: 0, symbolsWritten: 0, barsWritten: 0, fundamentalsWritten: 0 });
    expect(again.changedSymbols.size).toBe(0);
  });

  it('by default updates the imported symbols that have bars', async () => {
    const before = srv.hits.length;
    await runUpdate(db, config());
    const charts = srv.hits.slice(before).filter((h) => h.url.startsWith('/v8/finance/chart/')).map((h) => h.url.split('?')[0]);
    expect(charts).toEqual(['/v8/finance/chart/ZZAP']);
  });

  it('refuses to run without a configured provider', async () => {
    await expect(runUpdate(db, loadConfig({ marketProviders: [] }))).rejects.toThrow(/No network provider configured/);
    await expect(runUpdate(db, loadConfig({ marketProviders: ['nope'] }))).rejects.toThrow(/unknown provider "nope"/);
  });
});
