import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyBars } from '@app/quant';
import { dbKinds, testApp, type TestApp } from '../../../test/testApp.ts';
import { seedDemoMarket } from '../../../market/demo/seed.ts';
import { replaceDemoMarket } from '../../../market/importer/runImport.ts';
import { replaceBars, upsertSymbols } from '../../../market/repository.ts';
import { dayFromIso } from '../../../market/barChunks.ts';
import { DEMO_SOURCE } from '../../../market/loadedMarket.ts';

const END_DAY = dayFromIso('2026-11-20');

/** Flat bars on the given sessions: each day's dollar volume is close × volume. */
function flatBars(days: string[], close: number, volume: number): DailyBars {
  const n = days.length;
  return {
    day: Int32Array.from(days.map(dayFromIso)),
    open: new Float64Array(n).fill(close),
    high: new Float64Array(n).fill(close),
    low: new Float64Array(n).fill(close),
    close: new Float64Array(n).fill(close),
    volume: new Float64Array(n).fill(volume),
  };
}
const listing = (symbol: string) => ({ symbol, name: `${symbol} Inc.`, market: 'NYSE', instr_type: 'EQUITY' as const, sector: null, industry: null, market_cap: null });

describe.each(dbKinds)('GET /api/market/status/ on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t.close());
  const status = async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/market/status/' });
    expect(r.statusCode).toBe(200);
    return r.json();
  };

  it('says the demo market is loaded, its size, its last session and its most traded listings', async () => {
    await seedDemoMarket(t.deps.db, { seed: 42, count: 20, endDay: END_DAY });
    await t.deps.series.load(t.deps.db);
    const s = await status();
    expect(s).toMatchObject({ demo: true, listings: 20, last_date: '2026-11-20', updated_at: null, source: DEMO_SOURCE });
    expect(s.first_date < s.last_date).toBe(true);
    expect(s.most_traded).toHaveLength(3);
    // The same order the symbol search ranks by: the most traded ticker first.
    const search = await t.app.inject({ method: 'GET', url: `/api/symbols/search/?q=${s.most_traded[0]}` });
    expect(search.json().results[0].symbol).toBe(s.most_traded[0]);
    for (const sym of s.most_traded) expect(t.deps.series.get(sym)?.info.is_demo).toBe(true);
  });

  it('after an import: not demo, the imported listings, their date range and the import that loaded them', async () => {
    await replaceDemoMarket(t.deps.db);
    await upsertSymbols(t.deps.db, [listing('QLOW'), listing('QHIGH'), listing('QMID')]);
    await replaceBars(t.deps.db, 'QLOW', flatBars(['2024-01-29', '2024-01-30'], 10, 100));
    await replaceBars(t.deps.db, 'QHIGH', flatBars(['2024-02-01', '2024-02-09'], 50, 1000));
    await replaceBars(t.deps.db, 'QMID', flatBars(['2024-01-31', '2024-02-05'], 20, 500));
    await t.deps.db.query(
      `INSERT INTO market_import_log (command, sources, started_at, finished_at)
       VALUES ('import', '/data/old', '2026-11-01T10:00:00Z', '2026-11-01T10:05:00Z'),
              ('import', '/data/daily', '2026-11-02T10:00:00Z', '2026-11-02T10:07:30Z'),
              ('update', 'yahoo', '2026-11-03T10:00:00Z', NULL)`,
    );
    await t.deps.series.load(t.deps.db);
    expect(await status()).toEqual({
      demo: false,
      listings: 3,
      first_date: '2024-01-29',
      last_date: '2024-02-09',
      updated_at: '2026-11-02T10:07:30.000Z', // the update still running has not finished
      source: 'Import: /data/daily',
      most_traded: ['QHIGH', 'QMID', 'QLOW'],
    });
  });
});
