import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DataDirInUseError, openPgliteThread } from './pgliteThread.ts';

export { DataDirInUseError };
import { lockDataDir } from './dataDirLock.ts';

export type { Db } from './db.ts';
import { copyInSql, type Db } from './db.ts';

// pg returns int8/numeric as strings; our ids are int4 and values float8, so only counts need care.
pg.types.setTypeParser(20, (v: string) => Number(v));
pg.types.setTypeParser(1082, (v: string) => v); // date stays 'YYYY-MM-DD'

/** Answers once the database does (the health check). */
export async function ping(db: Db): Promise<void> {
  await db.query('SELECT 1');
}

/** The database of the configuration: PostgreSQL at databaseUrl, else the embedded PGlite in
 *  dataDir, run in its own thread (pgliteThread.ts). `serve`: the server's own opening, which lets
 *  CLI commands started meanwhile use its embedded database. */
export async function openDb(opts: { databaseUrl: string | null; dataDir?: string | null; serve?: boolean }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPgliteThread(opts.dataDir ?? null, { serve: opts.serve });
}

/** PGlite in this thread: tests that open a data directory after a process has closed it. It
 *  takes the data directory's lock like the server (and does not share the database). */
export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Db> {
  let release = () => {};
  if (dataDir) {
    const lock = lockDataDir(dataDir);
    if ('holder' in lock) throw new DataDirInUseError(`the embedded database in ${dataDir} is in use by process ${lock.holder}`);
    release = lock.release;
  }
  // PGlite parses dates into Date objects by default; keep 'YYYY-MM-DD' like pg above.
  const lite = await PGlite.create(dataDir ?? undefined, {
    parsers: { 1082: (v: string) => v, 20: (v: string) => Number(v) },
    ...(opts.loadDataDir && { loadDataDir: opts.loadDataDir }),
  }).catch((e) => {
    release();
    throw e;
  });
  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }, inTx: boolean): Db => ({
    kind: 'pglite',
    async query(sql, params) {
      return (await q.query(sql, params as any[])).rows as any[];
    },
    async exec(sql) {
      const results = await q.exec(sql);
      return (results.at(-1)?.rows as any[]) ?? [];
    },
    async tx(fn) {
      if (inTx) return fn(this);
      return lite.transaction((t) => fn(wrap(t as any, true)));
    },
    async copyBinaryIn(table, columns, bytes) {
      await q.query(copyInSql(table, columns), [], { blob: new Blob([bytes]) });
    },
    async close() {
      if (inTx) return;
      await lite.close();
      release();
    },
    ...(inTx
      ? {}
      : {
          async copyBinaryOut(select: string) {
            const r = await lite.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT binary)`);
            return Buffer.from(r.blob ? await r.blob.arrayBuffer() : new ArrayBuffer(0));
          },
        }),
  });
  return wrap(lite, false);
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose connection the server ends (restart, failover, DROP DATABASE … FORCE) emits
  // 'error'; unhandled, that would crash the process. The pool drops that client and makes a new one.
  pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
  // The pool's end() resolves once it has told every client to end, before their connections have
  // closed; a database dropped at that moment (tests drop theirs WITH (FORCE)) ends them with an
  // error no listener hears any more. close() waits for the connections themselves.
  const connections = new Map<pg.Client, Promise<void>>();
  pool.on('connect', (c) => connections.set(c, new Promise((ended) => c.once('end', () => ended()))));
  pool.on('remove', (c) => connections.delete(c));
  await pool.query('select 1');
  const wrap = (q: pg.Pool | pg.PoolClient, inTx: boolean): Db => ({
    kind: 'postgres',
    async query(sql, params) {
      return (await q.query(sql, params as any[])).rows;
    },
    async exec(sql) {
      // Without parameters pg uses the simple protocol: one result, or an array of them.
      const r = (await q.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(r) ? r.at(-1)?.rows : r.rows) ?? [];
    },
    async tx(fn) {
      if (inTx) return fn(this);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client, true));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      if (inTx) return;
      const closed = [...connections.values()];
      await pool.end();
      await Promise.all(closed);
    },
  });
  return wrap(pool, false);
}
