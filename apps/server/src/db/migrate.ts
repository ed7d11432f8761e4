import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from './index.ts';

const dir = new URL('./migrations/', import.meta.url).pathname;

// Held by the transaction applying one migration, so that several processes starting on one new
// PostgreSQL database apply each migration once: the others wait, then find it recorded.
const MIGRATION_LOCK = 0x316_9a7e;

/** Applies every migrations/NNN_name.sql not yet recorded, in name order, each in its own
 *  transaction. A migration is recorded by its file name, so numbers may have gaps, and a file
 *  merged later with a lower number than one already applied is still applied. */
export async function migrate(db: Db): Promise<string[]> {
  await db.tx(async (t) => {
    await t.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await t.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const recorded = async (t: Db) => new Set((await t.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const done = await recorded(db);
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const f of files) {
    if (done.has(f)) continue;
    const sql = readFileSync(dir + f, 'utf8');
    const ran = await db.tx(async (t) => {
      await t.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if ((await recorded(t)).has(f)) return false; // another process applied it meanwhile
      await t.exec(sql);
      await t.query('INSERT INTO schema_migrations (version) VALUES ($1)', [f]);
      return true;
    });
    if (ran) applied.push(f);
  }
  return applied;
}
