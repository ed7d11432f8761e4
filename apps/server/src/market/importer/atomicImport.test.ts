import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/index.ts';
import { client } from '../../test/httpClient.ts';
import { startServerProcess, type ServerProcess } from '../../test/serverProcess.ts';
import { copyMigratedDataDir, postgresTemplate } from '../../test/templateDb.ts';
import { dbKinds, emptyPostgres } from '../../test/testApp.ts';
import { sleep, waitFor } from '../../test/waitFor.ts';

// `npm run data -- import` beside a running server, on both databases: a file named after a demo
// listing, a file of an unknown symbol, and an import killed with kill -9 while it writes leave the
// listings, the bars and a user's saved backtest exactly as they were; a valid import replaces the
// demo market at once. Meanwhile the server is asked what market it holds, again and again: it
// must only ever answer the old market or the new one, never an empty or a mixed one.
const root = new URL('../../../../../', import.meta.url).pathname;
const DEMO = 30;
const FILES = 150;
const PASSWORD = 'Candle-Wick-77';

function barsCsv(days: number, base = 10) {
  const rows = ['date,open,high,low,close,volume'];
  for (let d = 0; d < days; d++) {
    const day = new Date(Date.UTC(2012, 0, 3) + d * 86_400_000).toISOString().slice(0, 10);
    const px = base + (d % 17) / 4;
    rows.push(`${day},${px},${px + 1},${px - 1},${px + 0.5},${100 + d}`);
  }
  return rows.join('\n');
}

describe.each(dbKinds)('an import beside a running server on %s', { timeout: 240_000 }, (kind) => {
  let dir: string;
  let env: Record<string, string>;
  let server: ServerProcess;
  let db: Db;
  let dropPostgres = async () => {};
  const user = client();
  let backtest: () => Promise<unknown>;
  let demoSymbol: string;

  const cli = (args: string[]) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/data.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    proc.stdout!.on('data', (d) => (stdout += d));
    proc.stderr!.on('data', (d) => (stdout += d));
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) => proc.once('exit', (code, signal) => r({ code, signal })));
    return { proc, exited, get stdout() { return stdout; } };
  };
  /** Every row version of the market and of the users' saved work: any write changes one. */
  const snapshot = async () => {
    const rows = await db.query<{ k: string }>(
      `SELECT 's:' || symbol || '@' || xmin::text AS k FROM symbols
       UNION ALL SELECT 'b:' || symbol || year || '@' || xmin::text FROM daily_bar_chunks
       UNION ALL SELECT 't:' || id || '@' || xmin::text FROM templates
       UNION ALL SELECT 'p:' || id || '@' || xmin::text FROM periods
       UNION ALL SELECT 'm:' || key || '@' || xmin::text FROM app_meta WHERE key IN ('data_source', 'market_change')
       ORDER BY 1`,
    );
    return rows.map((r) => r.k);
  };
  /** Asks the server what market it holds until stopped; answers every distinct answer seen. */
  const watchMarket = () => {
    const seen = new Set<string>();
    let on = true;
    const look = async () => {
      const r = await fetch(`${server.url}/api/market/status/`).catch(() => null);
      if (r) {
        const s = (await r.json()) as { demo: boolean; listings: number };
        seen.add(`${s.demo ? 'demo' : 'imported'} ${s.listings}`);
      }
    };
    const done = (async () => {
      while (on) {
        await look();
        await sleep(25);
      }
    })();
    return async () => {
      on = false;
      await done;
      // and the market as it is now: the loop may have stopped in its sleep before seeing the last change
      await look();
      return [...seen];
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atomic-import-'));
    env = { DEMO_SYMBOLS: String(DEMO), MARKET_REFRESH_SECONDS: '1', MARKET_PROVIDERS: '', WORKERS: '1' };
    if (kind === 'pglite') {
      const dataDir = join(dir, 'data');
      copyMigratedDataDir(dataDir);
      Object.assign(env, { DATABASE_URL: '', DATA_DIR: dataDir });
    } else {
      const pg = await emptyPostgres(postgresTemplate());
      dropPostgres = pg.drop;
      Object.assign(env, { DATABASE_URL: pg.url });
    }
    server = await startServerProcess(env);
    db = await openDb({ databaseUrl: env.DATABASE_URL || null, dataDir: env.DATA_DIR });
    const status = await (await fetch(`${server.url}/api/market/status/`)).json();
    expect(status).toMatchObject({ demo: true, listings: DEMO });
    demoSymbol = status.most_traded[0];

    // A user's saved backtest on a demo listing.
    const email = `atomic-${kind}@example.com`;
    expect((await user.call(server, 'POST', '/dj-rest-auth/registration/', { username: email, email, password1: PASSWORD, password2: PASSWORD })).status).toBe(201);
    expect((await user.call(server, 'POST', '/dj-rest-auth/login/', { email, password: PASSWORD })).status).toBe(200);
    const tpl = await user.call(server, 'POST', '/api/templates/', { name: 'RSI' });
    for (const row of [
      { name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, compare: '<', cvalue: '40' },
      { name: 'RSI', indicator_type: 'SELL', period: 14, drift: 1, offset: 0, compare: '>', cvalue: '60' },
    ]) expect((await user.call(server, 'POST', '/api/indicators/', { template: tpl.body.id, ...row })).status).toBe(201);
    const end = new Date(Date.parse(status.last_date) - 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.parse(status.last_date) - 300 * 86_400_000).toISOString().slice(0, 10);
    const period = await user.call(server, 'POST', '/api/periods/', { stock_ticker: demoSymbol, start_date: start, end_date: end });
    expect(period.status, JSON.stringify(period.body)).toBe(201);
    backtest = async () => {
      const r = await user.call(server, 'POST', '/api/submit_selection/', { period_id: period.body.id, template_id: tpl.body.id });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };

    mkdirSync(join(dir, 'in'));
    const csv = barsCsv(2500);
    for (let i = 0; i < FILES; i++) writeFileSync(join(dir, 'in', `Q${String(i).padStart(3, '0')}.csv`), csv);
    writeFileSync(join(dir, `${demoSymbol}.csv`), barsCsv(300, 50));
    writeFileSync(join(dir, 'ZZQX.csv'), barsCsv(300, 50));
  }, 240_000);
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await dropPostgres();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['named after a demo listing', () => `${demoSymbol}.csv`],
    ['of an unknown symbol', () => 'ZZQX.csv'],
  ])('a rejected file %s leaves the market and the saved backtest untouched', async (_what, file) => {
    const before = await snapshot();
    const result = await backtest();
    const seen = watchMarket();
    const run = cli(['import', join(dir, file())]);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stdout).toMatch(/1 sources: 0 new, 0 updated, 0 unchanged, 1 rejected \(0 listings, 0 bars/);
    expect(run.stdout).toMatch(/unknown symbol \S+: no listing describes it/);
    expect(run.stdout).not.toMatch(/demo listings/);
    await sleep(2500); // two market refreshes of the server
    expect(await seen()).toEqual([`demo ${DEMO}`]);
    expect(await snapshot()).toEqual(before);
    expect(await backtest()).toEqual(result);
  });

  it('an import killed with kill -9 while it writes leaves the old market', async () => {
    const before = await snapshot();
    const result = await backtest();
    const seen = watchMarket();
    const run = cli(['import', '--create-unknown', join(dir, 'in')]);
    await waitFor('the writing transaction', () => run.stdout.includes('checked: writing'), 120_000, 20);
    if (kind === 'postgres') {
      // some of its rows written, uncommitted
      await waitFor('bars being written', async () => {
        const [r] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
             AND xact_start IS NOT NULL AND query LIKE '%daily_bar_chunks%'`,
        );
        return r.n > 0;
      }, 30_000, 10);
    } else await sleep(300);
    (run.proc as ChildProcess).kill('SIGKILL');
    expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const [log] = await db.query<{ finished: boolean }>(`SELECT finished_at IS NOT NULL AS finished FROM market_import_log ORDER BY id DESC LIMIT 1`);
    expect(log.finished).toBe(false); // killed before its commit
    await sleep(2500);
    expect(await seen()).toEqual([`demo ${DEMO}`]);
    expect(await snapshot()).toEqual(before);
    expect(await backtest()).toEqual(result);
  });

  it('a valid import replaces the demo market in one transaction, and says what replaced what', async () => {
    const seen = watchMarket();
    const run = cli(['import', '--create-unknown', join(dir, 'in')]);
    expect(await run.exited, run.stdout).toEqual({ code: 0, signal: null });
    expect(run.stdout).toContain(`checked: writing 0 listings, ${FILES} symbols' bars, 0 symbols' fundamentals in one transaction (replacing the ${DEMO} demo listings)`);
    expect(run.stdout).toContain(`${DEMO} demo listings (and their bars) replaced by this import's ${FILES} listings, ${FILES} of them with bars, in one transaction`);
    await waitFor('the server to load the import', async () => (await (await fetch(`${server.url}/api/market/status/`)).json()).listings === FILES, 30_000, 100);
    expect(await seen()).toEqual([`demo ${DEMO}`, `imported ${FILES}`]);
    const [counts] = await db.query<{ demo: number; symbols: number; bars: number }>(
      `SELECT (SELECT count(*)::int FROM symbols WHERE is_demo) AS demo, (SELECT count(*)::int FROM symbols) AS symbols,
              (SELECT count(DISTINCT symbol)::int FROM daily_bar_chunks) AS bars`,
    );
    expect(counts).toEqual({ demo: 0, symbols: FILES, bars: FILES });
  });
});
