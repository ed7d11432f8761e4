import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMigratedDataDir } from '../test/templateDb.ts';

const root = new URL('../../../../', import.meta.url).pathname;

/** Runs `npm run data -- …` as a user does (node --import tsx cli/data.ts) on an embedded database. */
function data(args: string[], dataDir: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/data.ts', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, MARKET_PROVIDERS: '', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as any).code) : 0, stdout, stderr }),
    );
  });
}

// Each run starts Node and opens PGlite, which takes seconds on a busy machine; each test's data
// directory starts as a copy of the run's migrated one (no initdb, no migrations).
describe('npm run data', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'data-cli-'));
    mkdirSync(join(dir, 'in'));
    writeFileSync(join(dir, 'constituents.csv'), 'Symbol,Name,Sector\nAAA,Alpha Corp,Utilities\n');
    writeFileSync(join(dir, 'in', 'DA-AAA-T-2021-04-21.csv.gz'), gzipSync('date,open,high,low,close,volume\n2021-04-20,10,11,9,10.5,100\n2021-04-21,10.5,12,10,11,200\n'));
    writeFileSync(join(dir, 'in', 'DA-BAD-T-2021-04-21.csv'), '{"Information": "The **demo** API key is for demo purposes only."}');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports a folder with a per-file report, and a second run changes nothing', async () => {
    const db = join(dir, 'db');
    copyMigratedDataDir(db);
    const first = await data(['import', join(dir, 'in')], db);
    expect(first.stderr).toBe(''); // no progress bar without a terminal
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/3 sources: 1 new, 1 updated, 0 unchanged, 1 rejected/);
    expect(first.stdout).toMatch(/DA-BAD-T-2021-04-21\.csv \[BAD\]: API error instead of prices \(Information: The \*\*demo\*\* API key/);
    const second = await data(['import', join(dir, 'in')], db);
    expect(second.stdout).toMatch(/3 sources: 0 new, 0 updated, 2 unchanged, 1 rejected \(0 listings, 0 bars/);
    const status = await data(['status'], db);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/symbols: 1 \(0 demo, 0 ETFs, 1 with unknown market\)/);
    expect(status.stdout).toMatch(/daily bars: 2 for 1 symbols, 2021 to 2021-04-21/);
    expect(status.stdout).toMatch(/import .*in: done — 0 new, 0 updated, 2 unchanged, 1 rejected/);
  });

  it('explains its usage and errors', async () => {
    const db = join(dir, 'db2');
    copyMigratedDataDir(db);
    const help = await data([], db);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run data -- <command>/);
    expect((await data(['frobnicate'], db)).code).toBe(2);
    const noPath = await data(['import'], db);
    expect(noPath.code).toBe(2);
    expect(noPath.stdout).toMatch(/import needs a folder or file/);
    const update = await data(['update'], db);
    expect(update.code).toBe(1);
    expect(update.stdout).toMatch(/No network provider configured: set MARKET_PROVIDERS/);
  });
});
