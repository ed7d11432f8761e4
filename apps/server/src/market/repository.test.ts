import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyBars } from '@app/quant';
import { dbKinds, freshDb } from '../test/testApp.ts';
import type { Db } from '../db/index.ts';
import { loadBars, replaceBars, upsertSymbols } from './repository.ts';
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
