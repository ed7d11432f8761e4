import { cpSync, existsSync, readFileSync } from 'node:fs';
import { openPglite, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';

// Every API test starts on a new, migrated database. Running PGlite's initdb and every migration
// for each one was a large part of the server tests' time, so the test run's global setup
// (globalSetup.ts) migrates one database of each kind once: a PGlite data directory saved as a tar
// file, and a PostgreSQL template database. A test's database starts as a copy of it. Outside a
// test run (benchmarks, a single script) the variables are unset and databases migrate as before.
export const PGLITE_TEMPLATE_ENV = 'STOCKBENCH_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'STOCKBENCH_TEST_POSTGRES_TEMPLATE';
/** A migrated embedded data directory (migratedDataDir) that the processes a test starts (a server,
 *  a CLI command) begin on copies of. */
export const DATA_DIR_TEMPLATE_ENV = 'STOCKBENCH_TEST_DATA_DIR_TEMPLATE';

let pgliteTemplate: Blob | null = null;

/** A new in-memory PGlite database, migrated. */
export async function migratedPglite(): Promise<Db> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (file && existsSync(file)) {
    pgliteTemplate ??= new Blob([readFileSync(file)]);
    const db = await openPglite(null, { loadDataDir: pgliteTemplate });
    await migrate(db); // nothing to do unless a migration was added after the template was made
    return db;
  }
  const db = await openPglite(null);
  await migrate(db);
  return db;
}

/** The template database to create a new PostgreSQL test database from, if the run made one. */
export function postgresTemplate(): string | null {
  return process.env[POSTGRES_TEMPLATE_ENV] || null;
}

/** Makes `dir` a migrated embedded data directory, as a server's first start would leave it before
 *  its first data: the browser tests start their servers on copies of one (initdb and the
 *  migrations were half of a first start). */
export async function migratedDataDir(dir: string): Promise<void> {
  const db = await openPglite(dir);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

/** Makes `dir` a copy of the run's migrated data directory when the run made one (else leaves it
 *  alone): a process started on it skips initdb and the migrations, a few seconds on a loaded
 *  machine. A test of what a first start does on a new directory must not use it. */
export function copyMigratedDataDir(dir: string): void {
  const template = process.env[DATA_DIR_TEMPLATE_ENV];
  if (template && existsSync(template)) cpSync(template, dir, { recursive: true });
}
