import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { markDelisted, replaceBarsMany, upsertFundamentals, upsertSymbols } from '../repository.ts';
import { demoListings, lastWeekdayBefore, type DemoListing } from './generate.ts';

const BATCH = 100; // listings per write: bounds memory while keeping statements large

/** Writes the demo market of `count` listings ending on `endDay`, in one transaction, and marks
 *  the database as holding demo data (read by /api/meta/). */
export async function seedDemoMarket(db: Db, opts: { seed: number; count: number; endDay: number }) {
  await db.tx((t) => writeDemoMarket(t, opts));
}

async function writeDemoMarket(t: Db, opts: { seed: number; count: number; endDay: number }) {
  // Generating a batch (this thread) overlaps writing the one before (the embedded database's
  // thread, or PostgreSQL): a first start takes about the longer of the two, not their sum.
  let writing: Promise<void> = Promise.resolve();
  const write = async (batch: DemoListing[]) => {
    await upsertSymbols(t, batch.map((l) => l.info));
    await markDelisted(t, batch.flatMap((l) => (l.info.delisted_on ? [{ symbol: l.info.symbol, delisted_on: l.info.delisted_on }] : [])));
    await replaceBarsMany(t, batch.map((l) => ({ symbol: l.info.symbol, bars: l.bars })));
    await upsertFundamentals(t, batch.flatMap((l) => l.fundamentals));
  };
  const next = (batch: DemoListing[]) => {
    writing = write(batch);
    writing.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled
  };
  let batch: DemoListing[] = [];
  for (const listing of demoListings(opts)) {
    batch.push(listing);
    if (batch.length >= BATCH) {
      await writing;
      next(batch);
      batch = [];
    }
    // a turn of the event loop between listings, so the write in flight sends its next statement
    await new Promise((r) => setImmediate(r));
  }
  if (batch.length) next(batch);
  await writing;
  const meta = { demo: true, seed: opts.seed, symbols: opts.count, lastSession: new Date(opts.endDay * 86_400_000).toISOString().slice(0, 10) };
  await t.query(
    `INSERT INTO app_meta (key, value) VALUES ('data_source', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(meta)],
  );
}

// Held for the seeding transaction, so two nodes starting on one empty PostgreSQL seed it once.
const SEED_LOCK = 0x5eed_de70;

/** Fills an empty database (no listings at all) with the deterministic demo market; a database
 *  that already holds listings, demo or imported, is left alone. All or nothing: a start that is
 *  interrupted while seeding leaves the database empty, and the next start seeds again. */
export async function seedDemoMarketIfEmpty(db: Db, config: Config, log: (msg: string) => void, now = new Date()) {
  if (config.demoSymbols <= 0) return false;
  return db.tx(async (t) => {
    await t.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [{ n }] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM symbols');
    if (n > 0) return false;
    const t0 = Date.now();
    const endDay = lastWeekdayBefore(now);
    log(`empty database: generating the demo market (${config.demoSymbols} symbols, seed ${config.demoSeed})`);
    await writeDemoMarket(t, { seed: config.demoSeed, count: config.demoSymbols, endDay });
    log(`demo market written in ${Date.now() - t0} ms`);
    return true;
  });
}
