import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { dispatchFollowUps, marketJobs, registerMarketFollowUp, scheduleDailyUpdate, updateDue, type MarketUpdateEvent } from './market.ts';
import { openQueue, type JobQueue } from './queue.ts';
import { dbKinds, freshDb } from '../test/testApp.ts';
import { noteMarketChange, runImport } from '../market/importer/runImport.ts';
import { fixtureServer } from '../test/fixtureServer.ts';
import { nasdaqTraderProvider } from '../market/providers/nasdaqTrader.ts';
import { upsertSymbols } from '../market/repository.ts';
import { SeriesCache } from '../market/seriesCache.ts';
import { waitFor } from '../test/waitFor.ts';

const quiet = { info() {}, warn() {}, error() {} } as any;

// A follow-up as the alerts feature will register one: here it only records what it was given.
const followed: MarketUpdateEvent[] = [];
registerMarketFollowUp('test-record', async (e) => {
  followed.push(e);
});

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
  let queue: JobQueue;
  let srv: Awaited<ReturnType<typeof fixtureServer>>;
  beforeAll(async () => {
    followed.length = 0; // import ids start again in this database
    db = await freshDb(kind);
    queue = await openQueue(db);
    await marketJobs({ config: loadConfig(), db, series: new SeriesCache(), queue }, quiet).defineQueues(false);
    srv = await fixtureServer({
      '/SymDir/nasdaqlisted.txt': 'nasdaqlisted.txt',
      '/SymDir/otherlisted.txt': 'otherlisted.txt',
      '/v8/finance/chart/ZZAP': 'yahoo-chart-ZZAP.json',
    });
  });
  afterAll(async () => {
    await queue.stop(1000);
    await srv.close();
    await db.drop();
  });

  it('reloads the symbols an import in another process changed', async () => {
    const series = new SeriesCache();
    await series.load(db);
    const jobs = marketJobs({ config: loadConfig(), db, series, queue }, quiet);
    await jobs.reloadChanged(); // first call: nothing to reload yet
    await upsertSymbols(db, [{ symbol: 'QQQQ', name: 'Q', market: 'NASDAQ', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null }]);
    await noteMarketChange(db, ['QQQQ']);
    expect(series.get('QQQQ')).toBeUndefined();
    await jobs.reloadChanged();
    expect(series.get('QQQQ')!.info.name).toBe('Q');
  });

  it('picks up an import made after the cache loaded and before the first look (as at a start beside a running update)', async () => {
    const series = new SeriesCache();
    await series.load(db);
    await upsertSymbols(db, [{ symbol: 'QQQR', name: 'R', market: 'NASDAQ', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null }]);
    await noteMarketChange(db, ['QQQR']);
    const jobs = marketJobs({ config: loadConfig(), db, series, queue }, quiet);
    await jobs.reloadChanged(); // the first look of a process whose cache loaded just before
    expect(series.get('QQQR')?.info.name).toBe('R');
  });

  it('picks up every import made between two looks, not only the last one', async () => {
    const series = new SeriesCache();
    await series.load(db);
    const jobs = marketJobs({ config: loadConfig(), db, series, queue }, quiet);
    for (const symbol of ['QQQS', 'QQQT']) {
      await upsertSymbols(db, [{ symbol, name: symbol, market: 'NASDAQ', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null }]);
      await noteMarketChange(db, [symbol]);
    }
    await jobs.reloadChanged();
    expect([series.get('QQQS')?.info.name, series.get('QQQT')?.info.name]).toEqual(['QQQS', 'QQQT']);
  });

  it('claims the daily update once a day, after the hour, however many processes ask at once', async () => {
    const config = loadConfig({ marketProviders: ['nasdaq-trader'], marketUpdateHourUtc: 22 });
    const deps = { config, db, queue };
    expect(await scheduleDailyUpdate(deps, new Date('2026-08-21T21:00:00Z'))).toBe(false); // before the hour
    const at = new Date('2026-08-21T22:30:00Z');
    const claims = await Promise.all(Array.from({ length: 6 }, () => scheduleDailyUpdate(deps, at)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await scheduleDailyUpdate(deps, new Date('2026-08-21T23:59:00Z'))).toBe(false); // done for today
    expect(await scheduleDailyUpdate(deps, new Date('2026-08-22T22:01:00Z'))).toBe(true); // the next day
    expect(await scheduleDailyUpdate({ ...deps, config: loadConfig({ marketProviders: [] }) }, new Date('2026-08-23T23:00:00Z'))).toBe(false);
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'market-update'`);
    expect(n).toBe(2);
    await db.exec(`DELETE FROM pgboss.job WHERE name = 'market-update'`); // not run here (no worker defined)
  });

  it('runs the queued update on a worker, refreshes the cache and enqueues each follow-up once', async () => {
    const series = new SeriesCache();
    const config = loadConfig({ marketProviders: ['nasdaq-trader', 'yahoo'], nasdaqTraderUrl: `${srv.url}/SymDir`, yahooChartUrl: srv.url, marketUpdateHourUtc: 0 });
    const jobs = marketJobs({ config, db, series, queue }, quiet);
    await jobs.defineQueues(true);
    await db.query(`DELETE FROM app_meta WHERE key = 'market_update_claim'`);
    const before = followed.length;
    expect(await jobs.scheduleDailyUpdate()).toBe(true);
    await waitFor('the update', async () => (await db.query(`SELECT 1 FROM app_meta WHERE key = 'market_update'`)).length === 1);
    expect(series.get('ZZAP')!.info.market).toBe('NASDAQ'); // listings reloaded into the cache
    await waitFor('the follow-up', () => followed.length > before);
    const [update] = await db.query<{ id: number }>(`SELECT id FROM market_import_log WHERE command = 'update' ORDER BY id DESC LIMIT 1`);
    expect(followed.at(-1)).toMatchObject({ importId: update.id, command: 'update', interrupted: false });
    expect(await jobs.dispatchFollowUps()).toEqual([]); // nothing left to dispatch
    await new Promise((r) => setTimeout(r, 300));
    expect(followed.filter((e) => e.importId === update.id)).toHaveLength(1);
  });

  it('dispatches the follow-ups of a CLI import exactly once, even when processes race for it', async () => {
    const before = followed.length;
    await runImport(db, [nasdaqTraderProvider(`${srv.url}/SymDir`)], { command: 'import', sources: 'listings' });
    const dispatched = await Promise.all([dispatchFollowUps(db, queue), dispatchFollowUps(db, queue), dispatchFollowUps(db, queue)]);
    const ids = dispatched.flat();
    expect(ids).toHaveLength(1);
    await waitFor('the follow-up', () => followed.length > before);
    await new Promise((r) => setTimeout(r, 300));
    expect(followed.slice(before).map((e) => e.importId)).toEqual(ids);
    expect(followed.at(-1)).toMatchObject({ command: 'import', sources: 'listings' });
  });
});
