import { cpSync, existsSync, readFileSync } from 'node:fs';
import { openPglite, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';

// Every API test starts on a migrated database with no rows. Running PGlite's initdb and every
// migration for each one was a large part of the server tests' time, so the test run's global setup
// (globalSetup.ts) migrates one database of each kind once: a PGlite data directory saved as a tar
// file, and a PostgreSQL template database. A test's database starts as a copy of it, or on PGlite
// as one an earlier test of the worker dropped and that was emptied (migratedPglite below). Outside a
// test run (benchmarks, a single script) the variables are unset and databases migrate as before.
export const PGLITE_TEMPLATE_ENV = 'STOCKBENCH_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'STOCKBENCH_TEST_POSTGRES_TEMPLATE';
/** A migrated embedded data directory (migratedDataDir) that the processes a test starts (a server,
 *  a CLI command) begin on copies of. */
export const DATA_DIR_TEMPLATE_ENV = 'STOCKBENCH_TEST_DATA_DIR_TEMPLATE';

let pgliteTemplate: Blob | null = null;

/** A new in-memory PGlite database, migrated. */
async function newMigratedPglite(): Promise<Db> {
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

// Opening an in-memory PGlite database costs 1.4 to 2 CPU-seconds even from the template (PostgreSQL
// starting inside WebAssembly), and the API tests open dozens. So a database a test drops is
// emptied and kept for the next test of the same worker: the session reset, the job queue's schema
// dropped (pg-boss installs it again, as on a new database), every other table truncated with its
// sequences restarted. One whose shape a test changed (a table, a column, a function, the
// migrations applied) is closed instead. Each test gets a handle of its own that fails once
// dropped, so a late query of a finished test cannot reach the next test's data.
const spares: Db[] = [];
let freshShape: string | null = null;

/** What a reset cannot undo: the relations, columns, functions, schemas and applied migrations. */
async function shapeOf(db: Db): Promise<string> {
  const [row] = await db.query<{ shape: string }>(
    `SELECT concat_ws(' | ',
       (SELECT string_agg(format('%s.%s:%s:%s', n.nspname, c.relname, c.relkind, c.relnatts), ',' ORDER BY n.nspname, c.relname)
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pgboss') AND n.nspname NOT LIKE 'pg\\_%'),
       (SELECT string_agg(format('%s.%s', n.nspname, p.proname), ',' ORDER BY n.nspname, p.proname)
          FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pgboss')),
       (SELECT string_agg(nspname, ',' ORDER BY nspname) FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'),
       (SELECT string_agg(version, ',' ORDER BY version) FROM schema_migrations)) AS shape`,
  );
  return row.shape;
}

/** Empties a dropped test database for the next test; false when it cannot be made as new. */
async function emptied(db: Db): Promise<boolean> {
  try {
    await db.exec('DISCARD ALL');
    await db.exec('DROP SCHEMA IF EXISTS pgboss CASCADE');
    if ((await shapeOf(db)) !== freshShape) return false;
    const tables = await db.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`,
    );
    if (tables.length) await db.exec(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
    for (const { name } of await db.query<{ name: string }>(`SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'`)) {
      await db.exec(`ALTER SEQUENCE ${name} RESTART`);
    }
    return true;
  } catch {
    return false;
  }
}

/** A migrated in-memory PGlite database for one test (a kept one emptied, or a new one); `drop`
 *  hands it back. */
export async function migratedPglite(): Promise<Db & { drop(): Promise<void> }> {
  let db = spares.pop();
  if (!db) {
    db = await newMigratedPglite();
    freshShape ??= await shapeOf(db);
  }
  const inner = db;
  let dropped = false;
  const live = () => {
    if (dropped) throw new Error('this test database was dropped');
    return inner;
  };
  return {
    kind: 'pglite',
    query: async (sql, params) => live().query(sql, params),
    exec: async (sql) => live().exec(sql),
    tx: async (fn) => live().tx(fn),
    copyBinaryOut: async (select) => live().copyBinaryOut!(select),
    copyBinaryIn: async (table, columns, bytes) => live().copyBinaryIn!(table, columns, bytes),
    async close() {
      // closed by the test itself: not kept
      if (dropped) return;
      dropped = true;
      await inner.close();
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      if (await emptied(inner)) spares.push(inner);
      else await inner.close();
    },
  };
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
