import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './db/index.ts';

// The real process, as `npm start` runs it: request logs, and SIGTERM closing the server and the
// embedded database cleanly (exit code 0, the data directory reopens with everything in it).
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('main.ts as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stockbench-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // a first start on a new directory (initdb, migrations, a demo market) takes long on a loaded machine
  it('logs requests and shuts down cleanly on SIGTERM, closing the database', { timeout: 120_000 }, async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SYMBOLS: '12', LOG_LEVEL: 'info', MARKET_PROVIDERS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: any[] = [];
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      let buf = '';
      proc.stdout.on('data', (d) => {
        buf += d;
        let nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          try {
            const entry = JSON.parse(line);
            lines.push(entry);
            const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(entry.msg ?? '');
            if (m) resolve(m[1]);
          } catch {
            // not a log line
          }
        }
      });
      void exited.then((code) => reject(new Error(`server exited with ${code} before listening: ${stderr}`)));
    });

    const health = await (await fetch(`${url}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'pglite' });
    const history = await fetch(`${url}/api/charts/history/?symbol=NOPE&resolution=D&frequencyID=0`);
    expect(await history.json()).toEqual({ s: 'error', errmsg: expect.any(String) });

    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    const completed = lines.filter((l) => l.msg === 'request completed');
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    expect(incoming.map((l) => l.req?.url)).toContain('/api/charts/history/?symbol=NOPE&resolution=D&frequencyID=0');
    expect(completed.some((l) => l.res?.statusCode === 200 && typeof l.responseTime === 'number')).toBe(true);
    expect(lines.map((l) => l.msg)).toContain('SIGTERM: shutting down');

    // Closed cleanly: the directory opens again and holds the demo market written on the first start.
    const db = await openPglite(dataDir);
    try {
      const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM symbols');
      expect(n).toBe(12);
    } finally {
      await db.close();
    }
  });
});
