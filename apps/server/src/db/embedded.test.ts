import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/serverProcess.ts';
import { waitFor } from '../test/waitFor.ts';
import { openDb, openPglite } from './index.ts';
import { migrate } from './migrate.ts';
import { LOCK_FILE } from './dataDirLock.ts';
import { copyMigratedDataDir } from '../test/templateDb.ts';

// The embedded database as `npm start` runs it (PGlite in a worker thread of the server, shared
// with CLI commands over a unix socket): what a crash keeps, a CLI command beside the server, and
// a data directory written before the database moved to its own thread.
const root = new URL('../../../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'embedded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A server's first start on a new directory (PGlite's initdb, the demo market) takes long on a loaded machine.
const SERVER_TEST = { timeout: 600_000 };

const serverEnv = (dataDir: string) => ({
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  DEMO_SYMBOLS: '12',
  MARKET_PROVIDERS: '',
  MARKET_REFRESH_SECONDS: '1',
  WORKERS: '1',
});

function data(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/data.ts', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, MARKET_PROVIDERS: '' } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: unknown }).code) : 0, stdout, stderr }),
    );
  });
}

describe('the embedded database', () => {
  it('keeps every acknowledged write when the server is killed with SIGKILL mid-write', SERVER_TEST, async () => {
    const dataDir = join(dir, 'crash');
    copyMigratedDataDir(dataDir); // a migrated directory (initdb is not what is tested here)
    const server = await startServerProcess(serverEnv(dataDir));
    // Writes go through the server's own database thread (the socket CLI commands use too).
    const db = await openDb({ databaseUrl: null, dataDir });
    await db.exec('CREATE TABLE crash_probe (id int PRIMARY KEY, pair int, note text NOT NULL)');
    const acknowledged: number[] = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 1; !stop; i += 2) {
        // one plain insert and one two-row transaction per round
        await db.query('INSERT INTO crash_probe (id, note) VALUES ($1, $2)', [i, `row ${i}`]);
        acknowledged.push(i);
        await db.tx(async (t) => {
          await t.query('INSERT INTO crash_probe (id, pair, note) VALUES ($1, $2, $3)', [100_000 + i, i, 'tx a']);
          await t.query('INSERT INTO crash_probe (id, pair, note) VALUES ($1, $2, $3)', [200_000 + i, i, 'tx b']);
        });
        acknowledged.push(100_000 + i, 200_000 + i);
      }
    })().catch(() => {}); // the server's death fails the write in flight
    await waitFor('writes to be acknowledged', () => acknowledged.length >= 300, 60_000);
    server.proc.kill('SIGKILL');
    await server.exited;
    stop = true;
    await writer;
    await db.close().catch(() => {});
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true); // left behind by the killed process

    const reopened = await openPglite(dataDir); // takes over the dead process's lock
    try {
      const rows = await reopened.query<{ id: number; pair: number | null }>('SELECT id, pair FROM crash_probe');
      const ids = new Set(rows.map((r) => r.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      // a transaction is all or nothing, acknowledged or not
      const pairs = new Map<number, number>();
      for (const r of rows) if (r.pair !== null) pairs.set(r.pair, (pairs.get(r.pair) ?? 0) + 1);
      expect([...pairs.values()].filter((n) => n !== 2)).toEqual([]);
    } finally {
      await reopened.close();
    }
    // and the server starts again on it
    const again = await startServerProcess(serverEnv(dataDir));
    try {
      expect(await (await fetch(`${again.url}/healthz`)).json()).toMatchObject({ status: 'ok', database: 'pglite' });
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it('runs `npm run data -- import` while the server runs, through the server', SERVER_TEST, async () => {
    const dataDir = join(dir, 'beside');
    copyMigratedDataDir(dataDir); // a migrated directory (initdb is not what is tested here)
    const input = join(dir, 'beside-in');
    mkdirSync(input);
    writeFileSync(join(input, 'EMBA.csv'), 'date,open,high,low,close,volume\n2021-04-20,10,11,9,10.5,100\n2021-04-21,10.5,12,10,11,200\n');
    const server = await startServerProcess(serverEnv(dataDir));
    try {
      const imported = await data(['import', input, '--create-unknown'], dataDir);
      expect(imported.stdout).toMatch(/sources: 1 new/);
      expect(imported.code).toBe(0);
      const status = await data(['status'], dataDir);
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(/daily bars: 2 for 1 symbols/); // the import replaced the demo market
      // the server went on answering meanwhile, on the database the import wrote to
      expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: 'ok', database: 'pglite' });
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false); // released on a clean stop
  });

  it('makes a CLI command say why not when a process that does not share the database has it open', async () => {
    const dataDir = join(dir, 'busy');
    copyMigratedDataDir(dataDir); // a migrated directory (initdb is not what is tested here)
    const holder = await openPglite(dataDir);
    try {
      const r = await data(['status'], dataDir);
      expect(r.code).toBe(2);
      expect(r.stdout).toMatch(/^error: the embedded database in .*busy is in use \(is the server running\?\); stop it first: process \d+ has it open/);
    } finally {
      await holder.close();
    }
  });

  it('opens a data directory written before the database moved to its own thread', async () => {
    const dataDir = join(dir, 'old');
    // The earlier server: PGlite in the server's thread, no lock file, migrated as it was then.
    const old = await openPglite(dataDir);
    await migrate(old);
    await old.query("INSERT INTO users (email, username) VALUES ('old@example.com', 'old')");
    await old.close();
    rmSync(join(dataDir, LOCK_FILE), { force: true });
    const db = await openDb({ databaseUrl: null, dataDir });
    try {
      expect(await migrate(db)).toEqual([]);
      expect(await db.query('SELECT email FROM users')).toEqual([{ email: 'old@example.com' }]);
    } finally {
      await db.close();
    }
  });
});
