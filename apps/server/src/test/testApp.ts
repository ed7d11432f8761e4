import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { existsSync, readFileSync } from 'node:fs';
import { openPgliteThread } from '../db/pgliteThread.ts';
import { openPostgres, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { SeriesCache } from '../market/seriesCache.ts';
import { signAccessToken, ACCESS_COOKIE } from '../plugins/auth.ts';
import { openSession } from '../accounts/authSessions.ts';
import type { AppDeps } from '../deps.ts';
import { openQueue } from '../jobs/queue.ts';
import { EnginePool } from '../engine/pool.ts';
import { migratedPglite, PGLITE_TEMPLATE_ENV, postgresTemplate } from './templateDb.ts';

/** The databases API tests run on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export const dbKinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A new, empty database on the PostgreSQL server of DATABASE_URL (a copy of `template` if
 *  given), and how to drop it. */
export async function emptyPostgres(template: string | null = null): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(process.env.DATABASE_URL!);
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = '/' + name;
  return {
    url: dbUrl.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: url.toString() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server
 *  (`url` says which, for processes a test starts on it). 'pglite-thread': in-memory PGlite in its
 *  own thread as the server runs it, where the statements of parallel requests interleave (in this
 *  thread each request's statements tend to run back to back). */
export async function freshDb(kind: 'pglite' | 'pglite-thread' | 'postgres'): Promise<Db & { url: string | null; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    return Object.assign(await migratedPglite(), { url: null });
  }
  if (kind === 'pglite-thread') {
    const file = process.env[PGLITE_TEMPLATE_ENV];
    const db = await openPgliteThread(null, file && existsSync(file) ? { loadDataDir: new Uint8Array(readFileSync(file)) } : {});
    await migrate(db);
    return Object.assign(db, { url: null, drop: () => db.close() });
  }
  const empty = await emptyPostgres(postgresTemplate());
  const db = await openPostgres(empty.url);
  await migrate(db);
  return Object.assign(db, {
    url: empty.url,
    async drop() {
      await db.close();
      await empty.drop();
    },
  });
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database (no web bundle, no logger). */
export async function testApp(kind: 'pglite' | 'pglite-thread' | 'postgres', config: Partial<Config> = {}): Promise<TestApp> {
  const db = await freshDb(kind);
  const queue = await openQueue(db);
  const deps: AppDeps = {
    // a fresh random signing key: no test signs with a key that anyone could know
    config: loadConfig({ webDist: '/nonexistent', siteUrl: 'http://localhost:8000', trustProxy: true, workers: 0, secretKey: randomBytes(32).toString('base64url'), ...config }),
    db,
    series: new SeriesCache(),
    queue,
    // threads start on first use: most API tests never run the engine
    engine: new EnginePool({ threads: 2, warm: false }),
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await queue.stop(1000);
      await deps.engine.close();
      await db.drop();
    },
  };
}

/** Creates a user directly and returns the cookie header that signs requests in as them. */
export async function signedInAs(t: TestApp, email: string): Promise<{ id: number; cookie: string; headers: Record<string, string> }> {
  const [u] = await t.deps.db.query<{ id: number; email: string; token_version: number }>(
    `INSERT INTO users (email, username) VALUES ($1, $1)
     ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id, email, token_version`,
    [email],
  );
  const token = await signAccessToken(t.deps.config, u, await openSession(t.deps.db, u.id));
  const cookie = `${ACCESS_COOKIE}=${token}`;
  return { id: u.id, cookie, headers: { cookie, origin: t.deps.config.siteUrl } };
}
