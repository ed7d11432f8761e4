import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { freshDb, dbKinds } from '../test/testApp.ts';
import type { Db } from '../db/index.ts';
import { SeriesCache } from './seriesCache.ts';
import { holdApiUntilMarketLoaded } from './cacheGate.ts';
import { upsertSymbols } from './repository.ts';
import { EnginePool } from '../engine/pool.ts';
import { openQueue, type JobQueue } from '../jobs/queue.ts';

// main.ts listens while the market cache loads; API calls must wait for it, not answer from an
// empty market. The load is held on a latch so the test decides when it finishes.
describe.each(dbKinds)('market cache loading in the background on %s', (kind) => {
  let db: Db & { drop(): Promise<void> };
  let app: FastifyInstance;
  let series: SeriesCache;
  let queue: JobQueue;
  let release!: () => void;
  let loaded: Promise<void>;

  beforeAll(async () => {
    db = await freshDb(kind);
    await upsertSymbols(db, [{ symbol: 'QGAT', name: 'Gate Test Inc.', market: 'NYSE', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null }]);
    const latch = new Promise<void>((r) => (release = r));
    const slowDb: Db = { ...db, query: async (sql, params) => (await latch, db.query(sql, params)) };
    series = new SeriesCache();
    queue = await openQueue(db);
    app = await buildApp({ config: loadConfig({ webDist: '/nonexistent' }), db, series, queue, engine: new EnginePool({ threads: 1, warm: false }) });
    holdApiUntilMarketLoaded(app, series);
    await app.ready();
    loaded = series.loadInBackground(slowDb);
  });
  afterAll(async () => {
    release();
    await loaded;
    await app.close();
    await queue.stop(1000);
    await db.drop();
  });

  it('says loading in /healthz, holds API calls until the cache is loaded, then answers from it', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', market: 'loading', symbols: 0 });

    let answered = false;
    const check = app.inject({ method: 'GET', url: '/api/check_symbol/?symbol=QGAT' }).then((r) => ((answered = true), r));
    await new Promise((r) => setTimeout(r, 50)); // the request has had every chance to answer early
    expect(answered).toBe(false);

    release();
    const r = await check;
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ symbol: 'QGAT', name: 'Gate Test Inc.' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ market: 'ready', symbols: 1 });
  });
});
