import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from './accounts/rateLimits.ts';
import { DEMO_POSTS_DIR } from './blog/seed.ts';
import { openPostgres, type Db } from './db/index.ts';
import { fixtureServer } from './test/fixtureServer.ts';
import { emptyPostgres } from './test/testApp.ts';
import { client } from './test/httpClient.ts';
import { startServerProcess, type ServerProcess } from './test/serverProcess.ts';
import { sleep, waitFor } from './test/waitFor.ts';

// Several processes on one database must act as one server: two real server processes (main.ts,
// as `npm start` runs it) on one new PostgreSQL
// database, started at the same moment, with the daily market update forced due (hour 0, providers
// answered by the recorded fixture server). What one process does, the other must see.
const root = new URL('../../../', import.meta.url).pathname;

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof emptyPostgres>>;
  let sql: Db;
  let fixtures: Awaited<ReturnType<typeof fixtureServer>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let env: Record<string, string>;
  const user = client();
  const PASSWORD = 'Candle-Wick-77';
  const q = <T = any>(text: string, params: unknown[] = []) => sql.query<T>(text, params);

  beforeAll(async () => {
    database = await emptyPostgres();
    sql = await openPostgres(database.url);
    fixtures = await fixtureServer({
      '/SymDir/nasdaqlisted.txt': 'nasdaqlisted.txt',
      '/SymDir/otherlisted.txt': 'otherlisted.txt',
      '/v8/finance/chart/ZZAP': 'yahoo-chart-ZZAP.json',
    });
    env = {
      DATABASE_URL: database.url,
      DEMO_SYMBOLS: '50',
      WORKERS: '2',
      // Short enough that a killed process's chunks are taken again within the test; long enough
      // that a heartbeat held up a few seconds on a loaded machine (PostgreSQL busy copying the
      // other tests' databases) does not count a live process as gone.
      BATCH_LEASE_SECONDS: '8',
      MARKET_REFRESH_SECONDS: '2',
      SHUTDOWN_GRACE_SECONDS: '1',
      JOB_MODULES: 'apps/server/src/test/testJobs.ts',
      MARKET_PROVIDERS: 'nasdaq-trader',
      NASDAQ_TRADER_URL: `${fixtures.url}/SymDir`,
      MARKET_UPDATE_HOUR_UTC: '0', // due as soon as the processes run
    };
    // Both at once on the empty database: migrations, the demo market and the blog must be
    // written once, not raced.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a, b].map((s) => s?.stop()));
    await fixtures?.close();
    await sql?.close();
    await database?.drop();
  });

  it('both started on the new database: migrations, demo market and blog written once', async () => {
    for (const s of [a, b]) expect((await (await fetch(`${s.url}/healthz`)).json()).queue).toMatchObject({ library: 'pg-boss', workers: 2, liveProcesses: 2, liveWorkers: 4 });
    const migrations = readdirSync(new URL('./db/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql'));
    expect((await q(`SELECT version FROM schema_migrations ORDER BY version`)).map((r) => r.version)).toEqual(migrations.sort());
    const seeded = [a, b].flatMap((s) => s.logs.filter((l) => /^empty database: generating the demo market/.test(l.msg ?? '')));
    expect(seeded).toHaveLength(1);
    const posts = readdirSync(DEMO_POSTS_DIR).filter((f) => f.endsWith('.md')).length;
    expect((await q(`SELECT count(*)::int AS n FROM blog_posts`))[0].n).toBe(posts);
  });

  it('a session made on A works on B, and a logout on A is honoured on B at once', async () => {
    const email = 'two@example.com';
    expect((await user.call(a, 'POST', '/dj-rest-auth/registration/', { username: email, email, password1: PASSWORD, password2: PASSWORD })).status).toBe(201);
    expect((await user.call(a, 'POST', '/dj-rest-auth/login/', { email, password: PASSWORD })).status).toBe(200);
    const session = { ...user.jar };
    expect(await user.call(b, 'GET', '/dj-rest-auth/user/')).toMatchObject({ status: 200, body: { email } });
    const other = client();
    Object.assign(other.jar, session);
    expect((await other.call(a, 'POST', '/dj-rest-auth/logout/')).status).toBe(200);
    expect((await other.call(b, 'GET', '/dj-rest-auth/user/')).status).toBe(401); // the copied token is dead on B
    expect((await user.call(b, 'GET', '/dj-rest-auth/user/')).status).toBe(401);
    expect((await user.call(b, 'POST', '/dj-rest-auth/login/', { email, password: PASSWORD })).status).toBe(200); // sign in again, on B
    expect((await user.call(a, 'GET', '/dj-rest-auth/user/')).status).toBe(200);
  });

  it('30 wrong logins spread over A and B hit one shared limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await client().call(i % 2 ? b : a, 'POST', '/dj-rest-auth/login/', { email: 'two@example.com', password: `wrong-${i}` })).status);
    const max = AUTH_LIMITS.login.accountAddress.max;
    expect(statuses).toEqual([...Array(max).fill(400), ...Array(30 - max).fill(429)]);
  });

  it('a template made on A is read on B', async () => {
    const made = await user.call(a, 'POST', '/api/templates/', { name: 'Made on A' });
    expect(made.status).toBe(201);
    expect(await user.call(b, 'GET', `/api/templates/${made.body.id}/`)).toMatchObject({ status: 200, body: { id: made.body.id, name: 'Made on A' } });
  });

  it('a batch run started on A is partly computed by B and its result read on either', async () => {
    const started = await user.call(a, 'POST', '/api/_test/batches/', { n: 16, ms: 500 });
    expect(started.status).toBe(201);
    const path = `/api/_test/batches/${started.body.id}/`;
    let progress: number[] = [];
    await waitFor('the run', async () => {
      const r = (await user.call(b, 'GET', path)).body;
      progress.push(r.chunksDone);
      return r.status === 'done';
    }, 60_000, 200);
    progress = [...new Set(progress)];
    expect(progress.length).toBeGreaterThan(2); // seen moving, chunk by chunk
    const [onA, onB] = [await user.call(a, 'GET', path), await user.call(b, 'GET', path)];
    expect(onA.body).toEqual(onB.body);
    const chunks: Array<{ idx: number; pid: number }> = onA.body.result.chunks;
    expect(chunks.map((c) => c.idx)).toEqual([...Array(16).keys()]);
    expect(new Set(chunks.map((c) => c.pid))).toEqual(new Set([a.pid, b.pid]));
    expect(onA.body).toMatchObject({ status: 'done', chunksDone: 16, progress: 1 });
    expect((await client().call(a, 'GET', path)).status).toBe(401);
  });

  it('the daily update, due on both, ran once; its follow-up once; both caches have its listings', async () => {
    await waitFor('the update', async () => (await q(`SELECT 1 FROM market_import_log WHERE command = 'update' AND finished_at IS NOT NULL`)).length > 0, 60_000, 200);
    await waitFor('its follow-up', async () => ((await q(`SELECT value FROM app_meta WHERE key = 'test_followups'`))[0]?.value ?? []).length > 0, 30_000, 200);
    await sleep(3 * 2000); // several more ticks of both processes, each of which could claim again
    expect((await q(`SELECT count(*)::int AS n FROM market_import_log WHERE command = 'update'`))[0].n).toBe(1);
    const [update] = await q(`SELECT id FROM market_import_log WHERE command = 'update'`);
    const followups: Array<{ importId: number }> = (await q(`SELECT value FROM app_meta WHERE key = 'test_followups'`))[0].value;
    expect(followups.filter((f) => f.importId === update.id)).toHaveLength(1);
    const runs = [a, b].flatMap((s) => s.logs.filter((l) => l.msg === 'market update done'));
    expect(runs).toHaveLength(1);
    // each process reloads its cache on its own next look for market changes (every 2 s here, later
    // on a loaded machine), as after the import below
    for (const s of [a, b]) {
      await waitFor(`ZZAP on ${s.url}`, async () => (await user.call(s, 'GET', '/api/check_symbol/?symbol=ZZAP')).status === 200, 60_000, 200);
      expect(await user.call(s, 'GET', '/api/check_symbol/?symbol=ZZAP')).toMatchObject({ status: 200, body: { market: 'NASDAQ' } });
    }
  }, 120_000);

  it('an import by `npm run data` reaches the cache of both processes within the minute, with one follow-up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'two-import-'));
    try {
      writeFileSync(join(dir, 'QQZZ.csv'), 'date,open,high,low,close,volume\n2024-06-03,10,11,9,10.5,100\n2024-06-04,10.5,12,10,11,200\n');
      const t0 = Date.now();
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/data.ts', 'import', '--create-unknown', dir], { cwd: root, env: { ...process.env, ...env } }, (e) => (e ? reject(e) : resolve())),
      );
      for (const s of [a, b]) {
        await waitFor(`QQZZ on ${s.url}`, async () => (await user.call(s, 'GET', '/api/check_symbol/?symbol=QQZZ')).status === 200, 60_000, 200);
        expect((await user.call(s, 'GET', '/api/check_symbol/?symbol=QQZZ')).body).toMatchObject({ symbol: 'QQZZ', price: 11 });
      }
      expect(Date.now() - t0).toBeLessThan(60_000);
      const [imp] = await q(`SELECT id FROM market_import_log WHERE command = 'import' ORDER BY id DESC LIMIT 1`);
      await waitFor('its follow-up', async () => ((await q(`SELECT value FROM app_meta WHERE key = 'test_followups'`))[0].value as any[]).some((f) => f.importId === imp.id), 30_000, 200);
      await sleep(2 * 2000);
      const followups: Array<{ importId: number }> = (await q(`SELECT value FROM app_meta WHERE key = 'test_followups'`))[0].value;
      expect(followups.filter((f) => f.importId === imp.id)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a run whose worker process is killed with kill -9 still completes on the other', async () => {
    const started = await user.call(a, 'POST', '/api/_test/batches/', { n: 12, ms: 1500 });
    const id = started.body.id;
    const onB = `${(await q(`SELECT id FROM job_workers WHERE pid = $1`, [b.pid]))[0].id}`;
    await waitFor('B running chunks', async () => (await q(`SELECT 1 FROM batch_chunks WHERE run_id = $1 AND worker = $2 AND status = 'running'`, [id, onB])).length > 0, 30_000, 50);
    const held = (await q<{ idx: number }>(`SELECT idx FROM batch_chunks WHERE run_id = $1 AND worker = $2 AND status = 'running'`, [id, onB])).map((r) => r.idx);
    b.proc.kill('SIGKILL');
    await b.exited;
    await waitFor('the run', async () => {
      const { status, error } = (await user.call(a, 'GET', `/api/_test/batches/${id}/`)).body;
      if (status === 'failed' || status === 'cancelled') throw new Error(`the run ${status}: ${error}`);
      return status === 'done';
    }, 90_000, 250).catch(async (e: Error) => {
      const chunks = await q(`SELECT idx, status, worker, attempts FROM batch_chunks WHERE run_id = $1 ORDER BY idx`, [id]);
      throw new Error(`${e.message}; its chunks: ${JSON.stringify(chunks)}`);
    });
    const run = (await user.call(a, 'GET', `/api/_test/batches/${id}/`)).body;
    expect(run.result.chunks.map((c: { idx: number }) => c.idx)).toEqual([...Array(12).keys()]);
    for (const idx of held) {
      expect(run.result.chunks[idx].pid).toBe(a.pid); // computed again on A
      expect((await q(`SELECT attempts FROM batch_chunks WHERE run_id = $1 AND idx = $2`, [id, idx]))[0].attempts).toBe(2);
    }
  }, 120_000);

  it('SIGTERM hands running chunks back at once (not counted as attempts), and the run completes elsewhere', async () => {
    // Both again (B after its kill -9) on long leases: the point is the graceful hand-back, and on a
    // loaded machine a heartbeat late by a 3 s lease would have a chunk taken again for another reason.
    await a.stop();
    [a, b] = await Promise.all([startServerProcess({ ...env, BATCH_LEASE_SECONDS: '30' }), startServerProcess({ ...env, BATCH_LEASE_SECONDS: '30' })]);
    const started = await user.call(a, 'POST', '/api/_test/batches/', { n: 6, ms: 4000 });
    const id = started.body.id;
    await waitFor('B running chunks', async () => (await q(`SELECT 1 FROM batch_chunks c JOIN job_workers w ON w.id = c.worker WHERE c.run_id = $1 AND w.pid = $2 AND c.status = 'running'`, [id, b.pid])).length > 0, 30_000, 50);
    const t0 = Date.now();
    expect(await b.stop()).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000); // grace of 1 s, not a 4 s chunk, nor the 30 s lease
    expect(b.logs.some((l) => /running chunks handed back to the queue/.test(l.msg ?? ''))).toBe(true);
    await waitFor('the run', async () => (await user.call(a, 'GET', `/api/_test/batches/${id}/`)).body.status === 'done', 60_000, 250);
    const attempts = (await q<{ attempts: number }>(`SELECT attempts FROM batch_chunks WHERE run_id = $1`, [id])).map((r) => r.attempts);
    expect(attempts.every((n) => n === 1)).toBe(true);
    expect((await user.call(a, 'GET', `/api/_test/batches/${id}/`)).body.result.chunks.every((c: { pid: number }) => c.pid === a.pid)).toBe(true);
  }, 120_000);
});
