import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPostgres, type Db } from '../db/index.ts';
import { EnginePool } from '../engine/pool.ts';
import { openQueue } from '../jobs/queue.ts';
import { SeriesCache } from '../market/seriesCache.ts';
import { dbKinds, emptyPostgres, freshDb } from '../test/testApp.ts';
import { startServerProcess } from '../test/serverProcess.ts';
import { DOCUMENTED_EXAMPLE_KEYS, KEY_FILE, keptSecretKey, rotateSecretKey, secretKeyProblem } from './secretKey.ts';

const root = new URL('../../../../', import.meta.url).pathname;
const PASSWORD = 'Candle-Wick-77';

/** Every value the repository's files give SECRET_KEY or a secretKey setting, and the published examples. */
function keysFoundInRepository(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => /\.(ts|tsx|mjs|js|json|md|example|yml|yaml|sh|env)$/.test(f));
  const found = new Set(DOCUMENTED_EXAMPLE_KEYS);
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(join(root, f), 'utf8');
    } catch {
      continue; // listed but not checked out
    }
    for (const m of text.matchAll(/SECRET_KEY\s*[=:]\s*['"]?([^\s'"`…$]{4,})/g)) found.add(m[1]);
    for (const m of text.matchAll(/secretKey:\s*['"]([^'"]{4,})['"]/g)) found.add(m[1]);
  }
  return [...found];
}

// A forged token names the user's live session (sid), as a real one does: only the key can make it fail.
const forge = (key: string, user: { id: number; email: string; sid: number }) =>
  new SignJWT({ email: user.email, tv: 0, sid: user.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode(key));

async function register(url: string, email: string): Promise<{ id: number; email: string; sid: number }> {
  const res = await fetch(`${url}/dj-rest-auth/registration/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, password1: PASSWORD, password2: PASSWORD }),
  });
  expect(res.status).toBe(201);
  const login = await fetch(`${url}/dj-rest-auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  const { access } = await login.json();
  const claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString());
  return { id: Number(claims.sub), email, sid: claims.sid };
}
const alertsWith = async (url: string, token: string) => (await fetch(`${url}/api/alerts/`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('SECRET_KEY values', () => {
  it('refuses every key found in the repository, and short keys', () => {
    const keys = keysFoundInRepository();
    expect(keys).toContain('dev-only-secret-change-me-in-production-0123456789');
    for (const k of keys) expect(secretKeyProblem(k), k).not.toBeNull();
    expect(secretKeyProblem('x'.repeat(31))).toMatch(/31 bytes; it must be at least 32/);
    expect(secretKeyProblem('a-long-enough-value-that-nobody-published-0f3a9c')).toBeNull();
  });
});

describe('the kept key on the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stockbench-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is made once, kept in DATA_DIR/secret_key with mode 0600 and loaded on the next start', async () => {
    const db = await freshDb('pglite');
    try {
      const first = await keptSecretKey(db, { secretKeyEnv: undefined, dataDir: dir });
      expect(first).toMatchObject({ source: 'generated', endedSessions: false });
      expect(Buffer.from(first.key, 'base64url')).toHaveLength(32);
      expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
      const again = await keptSecretKey(db, { secretKeyEnv: undefined, dataDir: dir });
      expect(again).toMatchObject({ key: first.key, source: 'loaded', endedSessions: false });
      await expect(keptSecretKey(db, { secretKeyEnv: 'short', dataDir: dir })).rejects.toThrow(/at least 32/);
    } finally {
      await db.drop();
    }
  });
});

describe.each(dbKinds)('rotating the key on %s', (kind) => {
  it('ends every session: old access tokens and refresh tokens are refused', async () => {
    const db = await freshDb(kind);
    const dir = mkdtempSync(join(tmpdir(), 'stockbench-key-'));
    const apps: Array<{ close(): Promise<unknown> }> = [];
    const appWith = async (secretKey: string) => {
      const queue = await openQueue(db);
      const engine = new EnginePool({ threads: 1, warm: false });
      const app = await buildApp({ config: loadConfig({ webDist: '/nonexistent', siteUrl: 'http://localhost:8000', workers: 0, secretKey }), db, series: new SeriesCache(), queue, engine });
      apps.push({ close: async () => (await app.close(), await queue.stop(1000), await engine.close()) });
      return app;
    };
    try {
      const opts = { secretKeyEnv: undefined, dataDir: dir };
      const before = await keptSecretKey(db, opts);
      const app = await appWith(before.key);
      const email = 'rotate@example.com';
      await app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', payload: { username: email, email, password1: PASSWORD, password2: PASSWORD } });
      const login = await app.inject({ method: 'POST', url: '/dj-rest-auth/login/', payload: { email, password: PASSWORD } });
      const access = login.json().access as string;
      const refreshOf = (res: { headers: Record<string, unknown> }) => (res.headers['set-cookie'] as string[]).find((c) => c.startsWith('_refresh='))!.split(';')[0];
      const refreshWith = (a: typeof app, cookie: string) =>
        a.inject({ method: 'POST', url: '/dj-rest-auth/token/refresh/', headers: { cookie, origin: 'http://localhost:8000' }, payload: {} });
      expect((await app.inject({ url: '/api/alerts/', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200);
      const refreshed = await refreshWith(app, refreshOf(login));
      expect(refreshed.statusCode).toBe(200);
      const refreshCookie = refreshOf(refreshed);

      await rotateSecretKey(kind === 'pglite' ? { dataDir: dir } : { db });
      const after = await keptSecretKey(db, opts); // the next start
      expect(after.key).not.toBe(before.key);
      expect(after.source).toBe('loaded');
      const restarted = await appWith(after.key);
      expect((await restarted.inject({ url: '/api/alerts/', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(401);
      expect((await refreshWith(restarted, refreshCookie)).statusCode).toBe(401);
      // signing in again works
      const again = await restarted.inject({ method: 'POST', url: '/dj-rest-auth/login/', payload: { email, password: PASSWORD } });
      expect((await restarted.inject({ url: '/api/alerts/', headers: { authorization: `Bearer ${again.json().access}` } })).statusCode).toBe(200);
    } finally {
      for (const a of apps) await a.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a default start (SECRET_KEY unset, embedded database)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stockbench-key-main-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses tokens signed with any key found in the repository', { timeout: 180_000 }, async () => {
    const server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dir, SECRET_KEY: '', DEMO_SYMBOLS: '12', WORKERS: '0', MARKET_PROVIDERS: '' });
    try {
      const user = await register(server.url, 'victim@example.com');
      for (const key of keysFoundInRepository()) expect(await alertsWith(server.url, await forge(key, user)), key).toBe(401);
      // the kept key does sign: the check above can fail
      const kept = readFileSync(join(dir, KEY_FILE), 'utf8').trim();
      expect(await alertsWith(server.url, await forge(kept, user))).toBe(200);
      const said = server.logs.filter((l) => String(l.msg).startsWith('signing key:')).map((l) => l.msg);
      expect(said).toEqual([`signing key: generated a random key and kept it in ${join(dir, KEY_FILE)}`]);
      expect(JSON.stringify(server.logs)).not.toContain(kept);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('refuses to start with a published example key', { timeout: 60_000 }, () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, SECRET_KEY: DOCUMENTED_EXAMPLE_KEYS[0], PORT: '0', HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 50_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/refusing to start: SECRET_KEY is an example value published with Stockbench/);
  });
});

describe.runIf(dbKinds.includes('postgres'))('two processes on one PostgreSQL database', () => {
  it('share the key the first start generated', { timeout: 240_000 }, async () => {
    const database = await emptyPostgres();
    const env = { DATABASE_URL: database.url, SECRET_KEY: '', DEMO_SYMBOLS: '12', WORKERS: '0', MARKET_PROVIDERS: '' };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    let db: Db | null = null;
    try {
      db = await openPostgres(database.url);
      const rows = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'secret_key'`);
      expect(rows).toHaveLength(1);
      const said = [a, b].map((p) => p.logs.find((l) => String(l.msg).startsWith('signing key:'))?.msg);
      expect(said.sort()).toEqual([
        'signing key: generated a random key and kept it in the database (table server_secrets)',
        'signing key: loaded from the database (table server_secrets)',
      ]);
      const user = await register(a.url, 'shared@example.com');
      const login = await fetch(`${a.url}/dj-rest-auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: PASSWORD }) });
      const { access } = await login.json();
      expect(await alertsWith(b.url, access)).toBe(200); // signed by a, accepted by b
      expect(await alertsWith(b.url, await forge(rows[0].value, user))).toBe(200);
      expect(await alertsWith(a.url, await forge(DOCUMENTED_EXAMPLE_KEYS[0], user))).toBe(401);
    } finally {
      await db?.close();
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
    }
  });
});
