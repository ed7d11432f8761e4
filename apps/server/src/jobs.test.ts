import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { marketJobs, updateDue } from './jobs.ts';
import { dbKinds, freshDb } from './test/testApp.ts';
import { noteMarketChange } from './market/importer/runImport.ts';
import { fixtureServer } from './market/providers/fixtureServer.ts';
import { upsertSymbols } from './market/repository.ts';
import { SeriesCache } from './market/seriesCache.ts';

const quiet = { info() {}, warn() {} };

describe('updateDue', () => {
  it('is due once a day, after the configured hour', () => {
    expect(updateDue(new Date('2026-08-21T21:59:00Z'), '2026-08-20', 22)).toBe(false);
    expect(updateDue(new Date('2026-08-21T22:00:00Z'), '2026-08-20', 22)).toBe(true);
    expect(updateDue(new Date('2026-08-21T23:00:00Z'), null, 22)).toBe(true);
    expect(updateDue(new Date('2026-08-21T23:00:00Z'), '2026-08-21', 22)).toBe(false);
  });
});

describe.each(dbKinds)('market jobs on %s', (kind) => {
  let db: Awaited<ReturnType<typeof freshDb>>;
  let srv: Awaited<ReturnType<typeof fixtureServer>>;
  beforeAll(async () => {
    db = await freshDb(kind);
    srv = await fixtureServer({
      '/SymDir/nasdaqlisted.txt': 'nasdaqlisted.txt',
      '/SymDir/otherlisted.txt': 'otherlisted.txt',
      '/v8/finance/chart/ZZAP': 'yahoo-chart-ZZAP.json',
    });
  });
  afterAll(async () => {
    await srv.close();
    await db.drop();
  });

  it('reloads the symbols an import in another process changed', async () => {
    const series = new SeriesCache();
    await series.load(db);
    const jobs = marketJobs({ config: loadConfig(), db, series }, quiet);
    await jobs.reloadChanged(); // first call: nothing to reload yet
    await upsertSymbols(db, [{ symbol: 'QQQQ', name: 'Q', market: 'NASDAQ', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null }]);
    await noteMarketChange(db, ['QQQQ']);
    expect(series.get('QQQQ')).toBeUndefined();
    await jobs.reloadChanged();
    expect(series.get('QQQQ')!.info.name).toBe('Q');
  });

  it('runs the daily update once a day after the hour and refreshes the cache', async () => {
    const series = new SeriesCache();
    const config = loadConfig({ marketProviders: ['nasdaq-trader', 'yahoo'], nasdaqTraderUrl: `${srv.url}/SymDir`, yahooChartUrl: srv.url, marketUpdateHourUtc: 22 });
    let now = new Date('2026-08-21T21:00:00Z');
    const jobs = marketJobs({ config, db, series }, quiet, () => now);
    expect(await jobs.dailyUpdate()).toBe(false); // before the hour
    now = new Date('2026-08-21T22:30:00Z');
    expect(await jobs.dailyUpdate()).toBe(true);
    expect(series.get('ZZAP')!.info.market).toBe('NASDAQ'); // listings reloaded into the cache
    expect(await jobs.dailyUpdate()).toBe(false); // done for today
  });
});
