import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { dbKinds, freshDb } from '../../test/testApp.ts';
import type { Db } from '../../db/index.ts';
import { dayFromIso } from '../barChunks.ts';
import { upsertSymbols } from '../repository.ts';
import { SeriesCache } from '../seriesCache.ts';
import { generateDemoMarket } from './generate.ts';
import { seedDemoMarketIfEmpty } from './seed.ts';

const NOW = new Date('2026-11-23T12:00:00Z'); // a Monday: the last session is Friday 2026-11-20
const config = loadConfig({ demoSeed: 99, demoSymbols: 25 });

describe.each(dbKinds)('seeding the demo market on %s', (kind) => {
  let db: Db & { drop(): Promise<void> };
  const logs: string[] = [];
  beforeAll(async () => {
    db = await freshDb(kind);
  });
  afterAll(() => db.drop());

  it('fills an empty database and marks it as demo data', async () => {
    expect(await seedDemoMarketIfEmpty(db, config, (m) => logs.push(m), NOW)).toBe(true);
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM symbols WHERE is_demo');
    expect(n).toBe(25);
    const [meta] = await db.query<{ value: any }>("SELECT value FROM app_meta WHERE key = 'data_source'");
    expect(meta.value).toMatchObject({ demo: true, seed: 99, symbols: 25, lastSession: '2026-11-20' });
    expect(logs.some((l) => /demo market written in \d+ ms/.test(l))).toBe(true);
  });

  it('stores exactly what the generator made: bars, listings and fundamentals round-trip', async () => {
    const expected = generateDemoMarket({ seed: 99, count: 25, endDay: dayFromIso('2026-11-20') });
    const cache = new SeriesCache();
    await cache.load(db);
    expect(cache.size).toBe(25);
    for (const l of expected) {
      const e = cache.get(l.info.symbol.toLowerCase())!;
      expect(e.info).toMatchObject({ ...l.info });
      expect(e.bars).toEqual(l.bars);
      expect([...e.quarterly, ...e.annual]).toEqual(l.fundamentals);
    }
  });

  it('seeds once when two servers start on the same empty database', async () => {
    const shared = await freshDb(kind);
    try {
      const small = loadConfig({ demoSeed: 5, demoSymbols: 5 });
      const results = await Promise.all([seedDemoMarketIfEmpty(shared, small, () => {}, NOW), seedDemoMarketIfEmpty(shared, small, () => {}, NOW)]);
      expect(results.sort()).toEqual([false, true]);
      const [{ n }] = await shared.query<{ n: number }>('SELECT count(*)::int AS n FROM symbols');
      expect(n).toBe(5);
    } finally {
      await shared.drop();
    }
  });

  it('leaves a database that already has listings alone', async () => {
    expect(await seedDemoMarketIfEmpty(db, config, () => {}, NOW)).toBe(false);
    const other = await freshDb(kind);
    try {
      await upsertSymbols(other, [{ symbol: 'REAL', name: 'Imported', market: 'NYSE', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null }]);
      expect(await seedDemoMarketIfEmpty(other, config, () => {}, NOW)).toBe(false);
      const rows = await other.query<{ symbol: string }>('SELECT symbol FROM symbols');
      expect(rows).toEqual([{ symbol: 'REAL' }]);
      expect(await other.query("SELECT 1 FROM app_meta WHERE key = 'data_source'")).toEqual([]);
    } finally {
      await other.drop();
    }
  });
});
