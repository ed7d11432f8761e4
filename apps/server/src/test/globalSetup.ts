import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { DATA_DIR_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './templateDb.ts';

// The server tests' global setup: one migrated database of each kind, which every test's new
// database copies (templateDb.ts), and the data directory they were made from, which the processes
// tests start begin on copies of. Passed as environment variables, which the test workers inherit.
export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'stockbench-template-'));
  const dataDir = join(dir, 'pglite');
  const db = await openPglite(dataDir);
  await migrate(db);
  await db.close();
  const lite = await PGlite.create(dataDir);
  const file = join(dir, 'pglite-migrated.tar');
  writeFileSync(file, new Uint8Array(await (await lite.dumpDataDir('none')).arrayBuffer()));
  await lite.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  process.env[DATA_DIR_TEMPLATE_ENV] = dataDir;

  let template: string | null = null;
  const adminUrl = process.env.DATABASE_URL;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  if (adminUrl) {
    template = `t_template_${process.pid}_${Date.now().toString(36)}`;
    await admin(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = '/' + template;
    const pgDb = await openPostgres(url.toString());
    await migrate(pgDb);
    await pgDb.close(); // a template cannot be copied while anyone is connected to it
    process.env[POSTGRES_TEMPLATE_ENV] = template;
  }
  return async () => {
    if (template) await admin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
}
