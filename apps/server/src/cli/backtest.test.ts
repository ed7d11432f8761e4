import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runCli } from './backtest.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const goldens = join(repoRoot, '../shared/goldens');
const dir = mkdtempSync(join(tmpdir(), 'backtest-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** 60 synthetic bars: a slow sine around 100, enough for RSI(14) to cross 30 and 70. */
function csv(rows = 60, edit?: (lines: string[]) => void): string {
  const lines = ['date,open,high,low,close,volume'];
  const start = Date.UTC(2021, 0, 4);
  for (let i = 0; i < rows; i++) {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const c = 100 + 10 * Math.sin(i / 5);
    lines.push(`${date},${(c - 0.5).toFixed(4)},${(c + 1).toFixed(4)},${(c - 1).toFixed(4)},${c.toFixed(4)},${1000 + i}`);
  }
  edit?.(lines);
  return lines.join('\n') + '\n';
}

const rsiTemplate = {
  position_size: 0.5,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, compare: '<', cvalue: '30' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, drift: 1, offset: 0, compare: '>', cvalue: '70' },
  ],
};

function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('backtest CLI', () => {
  const data = file('ok.csv', csv());
  const template = file('ok.json', JSON.stringify(rsiTemplate));

  it('prints {stats, trades} as JSON and exits 0', () => {
    const r = run(['--data', data, '--template', template]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const body = JSON.parse(r.out);
    expect(Object.keys(body)).toEqual(['stats', 'trades', 'monte_carlo']);
    expect(body.stats['Start']).toBe('2021-01-04');
    expect(body.stats['# Trades']).toBe(body.trades.length);
    expect(body.trades.length).toBeGreaterThan(0);
    // the trades resampled, seeded: the same numbers on every run
    expect(body.monte_carlo.trades).toBe(body.trades.length);
    expect(body.monte_carlo.resamples).toBe(1000);
    expect(body.monte_carlo.band.time).toHaveLength(body.trades.length + 1);
    expect(JSON.parse(run(['--data', data, '--template', template]).out).monte_carlo).toEqual(body.monte_carlo);
  });

  it('--bench N prints the median engine time per run to stderr', () => {
    const r = run(['--data', data, '--template', template, '--bench', '5']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^median engine time: \d+\.\d{3} ms per run over 5 runs \(60 bars\)\n$/);
  });

  const bad: [string, string[] | (() => string[]), RegExp][] = [
    ['a missing column', () => ['--data', file('nocol.csv', 'date,open,high,low,close\n2021-01-04,1,2,0.5,1\n'), '--template', template], /missing column volume/],
    ['an unparsable number', () => ['--data', file('nan.csv', csv(60, (l) => (l[7] = l[7].replace(/,[^,]+$/, ',12x')))), '--template', template], /line 8: volume "12x" is not a number/],
    ['a hexadecimal number', () => ['--data', file('hex.csv', csv(60, (l) => (l[4] = l[4].replace(/,[^,]+$/, ',0x1A')))), '--template', template], /line 5: volume "0x1A" is not a number/],
    ['a missing value', () => ['--data', file('short.csv', csv(60, (l) => (l[9] = l[9].replace(/,[^,]+$/, '')))), '--template', template], /line 10: volume is missing/],
    ['a high below the low', () => ['--data', file('hilo.csv', 'date,open,high,low,close,volume\n2021-01-04,10,9,11,10,5\n'), '--template', template], /line 2: high 9 is below low 11/],
    ['an unparsable date', () => ['--data', file('date.csv', csv(60, (l) => (l[3] = l[3].replace(/^[^,]+/, '2021-02-30')))), '--template', template], /line 4: date "2021-02-30" is not a YYYY-MM-DD date/],
    ['unsorted dates', () => ['--data', file('unsorted.csv', csv(60, (l) => ([l[5], l[6]] = [l[6], l[5]]))), '--template', template], /line 7: date .* is out of order/],
    ['a duplicate date', () => ['--data', file('dup.csv', csv(60, (l) => (l[6] = l[5]))), '--template', template], /line 7: duplicate date 2021-01-08/],
    ['a non-positive price', () => ['--data', file('neg.csv', csv(60, (l) => (l[2] = l[2].replace(/^([^,]+),[^,]+/, '$1,-3')))), '--template', template], /line 3: open -3 is out of range/],
    ['an unknown indicator name', () => ['--data', data, '--template', file('unknown.json', JSON.stringify({ ...rsiTemplate, indicators: [{ ...rsiTemplate.indicators[0], name: 'VWAP' }] }))], /indicators\[0\]\.name: unknown indicator "VWAP"/],
    ['an out-of-range period', () => ['--data', data, '--template', file('period.json', JSON.stringify({ ...rsiTemplate, indicators: [{ ...rsiTemplate.indicators[0], period: 0 }] }))], /indicators\[0\]\.period must be a whole number from 1/],
    ['an out-of-range RSI value', () => ['--data', data, '--template', file('rsi.json', JSON.stringify({ ...rsiTemplate, indicators: [{ ...rsiTemplate.indicators[1], cvalue: '150' }] }))], /indicators\[0\]\.cvalue: RSI value must be between 0 and 100/],
    ['an out-of-range position size', () => ['--data', data, '--template', file('size.json', JSON.stringify({ ...rsiTemplate, position_size: -1 }))], /position_size must be greater than 0/],
    ['a template that is not JSON', () => ['--data', data, '--template', file('broken.json', '{"position_size": ')], /broken\.json: not valid JSON/],
    ['a missing file', () => ['--data', join(dir, 'absent.csv'), '--template', template], /absent\.csv: cannot read \(ENOENT\)/],
    ['a missing argument', ['--data', 'x.csv'], /--data and --template are required/],
    ['a bad --bench', () => ['--data', data, '--template', template, '--bench', 'many'], /--bench must be a whole number/],
  ];
  for (const [what, argv, message] of bad) {
    it(`ends with one line naming ${what} and exit code 2`, () => {
      const r = run(typeof argv === 'function' ? argv() : argv);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/^error: [^\n]+\n$/);
      expect(r.err).toMatch(message);
    });
  }

  it('runs as `npm run backtest` does: a real process, JSON on stdout, exit code 2 on bad input', async () => {
    const exec = promisify(execFile);
    const cli = join(repoRoot, 'apps/server/src/cli/backtest.ts');
    const ok = await exec(process.execPath, ['--import', 'tsx', cli, '--data', data, '--template', template], { cwd: repoRoot });
    expect(JSON.parse(ok.stdout).stats['End']).toBe('2021-03-04');
    const failed = await exec(process.execPath, ['--import', 'tsx', cli, '--data', data], { cwd: repoRoot }).catch((e) => e);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/^error: --data and --template are required/);
  });

  describe.skipIf(!existsSync(goldens))('on the reference cases (skipped: ../shared/goldens is absent)', () => {
    // every public case, the 40-case corpus and the strategy language's 7 + 29, to the goldens' tolerance (1e-6 relative)
    const cases = existsSync(goldens)
      ? ['backtest', 'corpus', 'strategy', 'corpus-strategy'].flatMap((kind) =>
        readdirSync(join(goldens, kind)).map((name) => join(goldens, kind, name)).filter((d) => existsSync(join(d, 'template.json'))))
      : [];
    const close = (a: unknown, e: unknown): boolean =>
      typeof e === 'number' && typeof a === 'number' ? Math.abs(a - e) <= Math.max(1e-9, 1e-6 * Math.abs(e)) : a === e;
    for (const dir of cases) {
      it(`${dir.split('/').slice(-2).join('/')}: prints the reference stats and trades`, () => {
        const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
        const r = run(['--data', join(dir, 'data.csv'), '--template', join(dir, 'template.json')]);
        expect(r.code).toBe(0);
        const body = JSON.parse(r.out);
        expect(Object.keys(body.stats)).toEqual(Object.keys(expected.stats));
        const badStats = Object.keys(expected.stats).filter((k) => !close(body.stats[k], expected.stats[k]));
        expect(badStats).toEqual([]);
        expect(body.trades.length).toBe(expected.trades.length);
        const badTrades = expected.trades.flatMap((t: Record<string, unknown>, i: number) =>
          Object.keys(t).filter((k) => !close(body.trades[i][k], t[k])).map((k) => `trade ${i} ${k}`),
        );
        expect(badTrades).toEqual([]);
        expect(body.trades.every((t: { ExitReason: string }) => ['signal', 'stop', 'target', 'trailing', 'end'].includes(t.ExitReason))).toBe(true);
      });
    }
  });
});
