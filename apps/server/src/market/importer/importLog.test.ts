import { spawn, execFile } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, freshDb } from '../../test/testApp.ts';
import { markInterruptedImports, IMPORT_STALE_SECONDS } from './importLog.ts';
import { marketStatus } from './status.ts';
import { waitFor } from '../../test/waitFor.ts';

const root = new URL('../../../../../', import.meta.url).pathname;

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const p = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => p.once('exit', r));
  return p.pid!;
}

// An import killed with kill -9 must not stay "running or stopped" in `status` forever.
describe.each(dbKinds)('interrupted imports on %s', (kind) => {
  let db: Awaited<ReturnType<typeof freshDb>>;
  let sleeper: ReturnType<typeof spawn>;
  beforeAll(async () => {
    db = await freshDb(kind);
    sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  });
  afterAll(async () => {
    sleeper.kill();
    await db.drop();
  });
  const logRow = (pid: number, host: string, heartbeatAgo: number) =>
    db.query<{ id: number }>(
      `INSERT INTO market_import_log (command, sources, host, pid, heartbeat, started_at)
       VALUES ('import', 'x', $1, $2, now() - make_interval(secs => $3), now() - make_interval(secs => $3)) RETURNING id`,
      [host, pid, heartbeatAgo],
    );
  const state = async (id: number) =>
    (await db.query<{ finished: boolean; interrupted: boolean }>(`SELECT finished_at IS NOT NULL AS finished, interrupted FROM market_import_log WHERE id = $1`, [id]))[0];

  it('marks an import whose process died (dead pid on this host) or went silent (stale heartbeat) as interrupted', async () => {
    const [dead] = await logRow(await deadPid(), hostname(), 1);
    const [silent] = await logRow(sleeper.pid!, 'another-host', IMPORT_STALE_SECONDS + 5);
    const [running] = await logRow(sleeper.pid!, hostname(), 1);
    const [remote] = await logRow(999_999, 'another-host', 1); // a live import elsewhere: only its heartbeat tells
    expect(await markInterruptedImports(db)).toBe(2);
    expect(await state(dead.id)).toEqual({ finished: true, interrupted: true });
    expect(await state(silent.id)).toEqual({ finished: true, interrupted: true });
    expect(await state(running.id)).toEqual({ finished: false, interrupted: false });
    expect(await state(remote.id)).toEqual({ finished: false, interrupted: false });
    const status = await marketStatus(db);
    expect(status.match(/: interrupted \(the process stopped without finishing/g)).toHaveLength(2);
    expect(status.match(/: running$/gm)).toHaveLength(2);
    await db.query(`DELETE FROM market_import_log`);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('an import killed with kill -9 (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof freshDb>>;
  let dir: string;
  let url: string;
  beforeAll(async () => {
    db = await freshDb('postgres');
    url = db.url!;
    dir = mkdtempSync(join(tmpdir(), 'kill-import-'));
    mkdirSync(join(dir, 'in'));
    const rows = ['date,open,high,low,close,volume'];
    for (let d = 0; d < 2500; d++) {
      const day = new Date(Date.UTC(2000, 0, 3) + d * 86_400_000).toISOString().slice(0, 10);
      rows.push(`${day},10,11,9,10.5,${100 + d}`);
    }
    for (let i = 0; i < 200; i++) writeFileSync(join(dir, 'in', `K${String(i).padStart(3, '0')}.csv`), rows.join('\n'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await db.drop();
  });

  it('is shown as interrupted by the next status, wrote nothing, and the next import does the whole work', async () => {
    const env = { ...process.env, DATABASE_URL: url, MARKET_PROVIDERS: '' };
    const cli = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/data.ts', 'import', '--create-unknown', join(dir, 'in')], { cwd: root, env, stdio: 'ignore' });
    const exited = new Promise((r) => cli.once('exit', r));
    // its one transaction has begun writing bars (uncommitted, so only its statement shows it)
    await waitFor('some bars written', async () => (await db.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL AND query LIKE '%daily_bar_chunks%'`,
    )).length > 0, 60_000, 20);
    cli.kill('SIGKILL');
    await exited;
    const data = (...args: string[]) =>
      new Promise<string>((resolve) => execFile(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/data.ts', ...args], { cwd: root, env }, (_e, out) => resolve(out)));
    const status = await data('status');
    expect(status).toMatch(/import .*in: interrupted \(the process stopped without finishing/);
    expect(status).not.toMatch(/: running/);
    const [{ before }] = await db.query<{ before: number }>(`SELECT count(DISTINCT symbol)::int AS before FROM daily_bar_chunks`);
    expect(before).toBe(0);
    await data('import', '--create-unknown', join(dir, 'in'));
    const [{ after }] = await db.query<{ after: number }>(`SELECT count(DISTINCT symbol)::int AS after FROM daily_bar_chunks`);
    expect(after).toBe(200);
    expect(await data('status')).toMatch(/last imports:\n\s+\S+ \S+ import .*in: done/);
  }, 120_000);
});
