import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyBars } from '@app/quant';
import { dbKinds, freshDb } from '../test/testApp.ts';
import type { Db } from '../db/index.ts';
import { loadBars, loadFundamentals, replaceBars, replaceBarsMany, upsertFundamentals, upsertSymbols, type FundamentalPeriod } from './repository.ts';
import { dayFromIso } from './barChunks.ts';

// Bars across three calendar years (three stored chunks), with values that show any byte slip.
function series(seed: number, n: number): DailyBars {
  const start = dayFromIso('2022-12-20');
  const day = Int32Array.from({ length: n }, (_, i) => start + i * 7);
  const f = (k: number) => Float64Array.from({ length: n }, (_, i) => seed + k + i / 3);
  return { day, open: f(0.1), high: f(0.2), low: f(0.3), close: f(0.4), volume: f(1e6) };
}
const plain = (b: DailyBars | undefined) => b && Object.fromEntries(Object.entries(b).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]));

describe.each(dbKinds)('loadBars on %s', (kind) => {
  let db: Db & { drop(): Promise<void> };
  const input = new Map([['QRPA', series(10, 120)], ["Q'RB", series(20, 60)], ['QRPC', series(30, 1)]]);
  beforeAll(async () => {
    db = await freshDb(kind);
    const info = (symbol: string) => ({ symbol, name: symbol, market: 'NYSE', instr_type: 'EQUITY' as const, sector: null, industry: null, market_cap: null });
    await upsertSymbols(db, [...input.keys(), 'QRPD'].map(info));
    for (const [s, b] of input) await replaceBars(db, s, b);
  });
  afterAll(() => db.drop());

  it('reads back exactly what was written, joined across years, for all or some symbols', async () => {
    const all = await loadBars(db);
    expect([...all.keys()].sort()).toEqual([...input.keys()].sort()); // QRPD has no bars
    for (const [s, b] of input) expect(plain(all.get(s))).toEqual(plain(b));
    const some = await loadBars(db, ["Q'RB", 'QRPD']);
    expect([...some.keys()]).toEqual(["Q'RB"]);
    expect(plain(some.get("Q'RB"))).toEqual(plain(input.get("Q'RB")));
  });

  it('reads the same through the base64 path as through PGlite binary COPY', async () => {
    const text = await loadBars({ ...db, copyBinaryOut: undefined });
    const fast = await loadBars(db);
    expect([...fast.keys()]).toEqual([...text.keys()]);
    for (const [s, b] of text) expect(plain(fast.get(s))).toEqual(plain(b));
  });
});

describe('bulk writes on PGlite: binary COPY and plain statements store the same', () => {
  const info = (symbol: string) => ({ symbol, name: symbol, market: 'NYSE', instr_type: 'EQUITY' as const, sector: null, industry: null, market_cap: null });
  const period = (symbol: string, period_end: string, revenue: number | null, roe?: number): FundamentalPeriod => ({
    symbol, period_type: 'QUARTERLY', period_end, values: { revenue, netincome: revenue === null ? null : revenue / 10, ...(roe !== undefined && { roe }) },
  });
  async function writeBoth(db: Db) {
    await upsertSymbols(db, ['QRPA', "Q'RB"].map(info));
    await replaceBarsMany(db, [{ symbol: 'QRPA', bars: series(10, 120) }, { symbol: "Q'RB", bars: series(20, 60) }]);
    // replaced: the second write is all that is left of Q'RB's bars
    await replaceBarsMany(db, [{ symbol: "Q'RB", bars: series(40, 9) }]);
    await upsertFundamentals(db, [period('QRPA', '2024-03-31', 1e9, 12.5), period('QRPA', '2024-06-30', null), period("Q'RB", '2023-12-31', 5)]);
    // updated in place: an existing period's values change, a new one is added, a written one stays
    await upsertFundamentals(db, [period('QRPA', '2024-06-30', 2e9), period("Q'RB", '2024-03-31', 6)]);
    return { bars: await loadBars(db), fundamentals: await loadFundamentals(db) };
  }
  let copied: Db & { drop(): Promise<void> };
  let plainDb: Db & { drop(): Promise<void> };
  beforeAll(async () => {
    copied = await freshDb('pglite');
    plainDb = await freshDb('pglite');
  });
  afterAll(async () => {
    await copied.drop();
    await plainDb.drop();
  });

  it('reads back the same bars and fundamentals either way', async () => {
    expect(copied.copyBinaryIn).toBeTypeOf('function');
    const fast = await writeBoth(copied);
    const slow = await writeBoth({ ...plainDb, copyBinaryIn: undefined });
    expect([...fast.bars.keys()].sort()).toEqual(["Q'RB", 'QRPA']);
    for (const [s, b] of slow.bars) expect(plain(fast.bars.get(s))).toEqual(plain(b));
    expect(plain(fast.bars.get("Q'RB"))).toEqual(plain(series(40, 9)));
    expect(fast.fundamentals).toEqual(slow.fundamentals);
    const rows = fast.fundamentals.map((p) => [p.symbol, p.period_end, p.values.revenue, p.values.roe]);
    expect(rows.sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`))).toEqual([
      ["Q'RB", '2023-12-31', 5, null],
      ["Q'RB", '2024-03-31', 6, null],
      ['QRPA', '2024-03-31', 1e9, 12.5],
      ['QRPA', '2024-06-30', 2e9, null],
    ]);
  });
});
