import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRotateCli } from './rotate.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const goldens = join(repoRoot, '../shared/goldens/rotation');
const haveGoldens = existsSync(goldens);
const dir = mkdtempSync(join(tmpdir(), 'rotate-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = runRotateCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const close = (a: number, e: number) => Math.abs(a - e) <= Math.max(1e-9, 1e-6 * Math.abs(e));

describe.skipIf(!haveGoldens)('rotate CLI on the reference cases', () => {
  const cases = haveGoldens ? readdirSync(goldens).filter((n) => existsSync(join(goldens, n, 'spec.json'))).sort() : [];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(2));
  for (const name of cases) {
    it(`${name}: prints {orders, time, equity, final_equity} as the reference`, () => {
      const r = run(['--data', join(goldens, name, 'data'), '--spec', join(goldens, name, 'spec.json')]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const body = JSON.parse(r.out);
      const expected = JSON.parse(readFileSync(join(goldens, name, 'expected.json'), 'utf8'));
      expect(Object.keys(body)).toEqual(['orders', 'time', 'equity', 'final_equity']);
      expect(body.orders.length).toBe(expected.orders.length);
      const badOrders = expected.orders.filter((e: Record<string, unknown>, i: number) => {
        const a = body.orders[i];
        return !(a.date === e.date && a.symbol === e.symbol && a.side === e.side && a.shares === e.shares && close(a.price, e.price as number));
      });
      expect(badOrders.slice(0, 3)).toEqual([]);
      expect(body.time).toEqual(expected.time);
      expect(expected.equity.filter((e: number, i: number) => !close(body.equity[i], e)).slice(0, 3)).toEqual([]);
      expect(close(body.final_equity, expected.final_equity)).toBe(true);
    });
  }
});

describe('rotate CLI', () => {
  const data = join(dir, 'data');
  mkdirSync(data);
  // two symbols, 60 weekdays from 2021-01-04: UP rises, DOWN falls
  for (const [symbol, drift] of [['UP', 0.01], ['DOWN', -0.01]] as const) {
    const lines = ['date,open,high,low,close,volume'];
    let c = 50;
    for (let i = 0, day = Date.UTC(2021, 0, 4); i < 60; i++) {
      const date = new Date(day).toISOString().slice(0, 10);
      lines.push(`${date},${c},${c * 1.01},${c * 0.99},${(c *= 1 + drift + 0.005 * Math.sin(i))},100000`);
      day += new Date(day).getUTCDay() === 5 ? 3 * 86_400_000 : 86_400_000;
    }
    writeFileSync(join(data, `${symbol}.csv`), lines.join('\n') + '\n');
  }
  writeFileSync(join(data, 'LATER.csv'), 'date,open,high,low,close,volume\n');
  const spec = join(dir, 'spec.json');
  writeFileSync(spec, JSON.stringify({ start_date: '2021-02-01', end_date: '2021-03-31', rebalance: 'weekly', top: 1, score: { kind: 'momentum', period: 5 }, floors: null }));

  it('holds the rising symbol; --full adds the rebalances and the rest', () => {
    const r = run(['--data', data, '--spec', spec]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out);
    expect(body.orders[0]).toMatchObject({ symbol: 'UP', side: 'buy' });
    expect(body.orders.every((o: { symbol: string }) => o.symbol === 'UP')).toBe(true);
    const full = JSON.parse(run(['--data', data, '--spec', spec, '--full', '--benchmark', join(data, 'UP.csv')]).out);
    expect(full.rebalances[0].targets[0]).toMatchObject({ symbol: 'UP', rank: 1 });
    expect(full.beta).toBeGreaterThan(0.5);
    expect(full.final_equity).toBe(body.final_equity);
  });

  const bad: [string, () => string[], RegExp][] = [
    ['no arguments', () => [], /--data and --spec are required/],
    ['an unknown flag', () => ['--data', data, '--spec', spec, '--nope', '1'], /unknown argument "--nope"/],
    ['a missing folder', () => ['--data', join(dir, 'none'), '--spec', spec], /cannot read the folder/],
    ['a bad spec field', () => {
      const f = join(dir, 'bad.json');
      writeFileSync(f, JSON.stringify({ start_date: '2021-02-01', end_date: '2021-03-31', rebalance: 'daily', top: 1, score: { kind: 'momentum', period: 5 } }));
      return ['--data', data, '--spec', f];
    }, /bad\.json: rebalance: must be one of weekly, monthly, quarterly/],
    ['a spec that is not JSON', () => {
      const f = join(dir, 'nojson.json');
      writeFileSync(f, '{');
      return ['--data', data, '--spec', f];
    }, /not valid JSON/],
    ['a period without bars', () => {
      const f = join(dir, 'early.json');
      writeFileSync(f, JSON.stringify({ start_date: '1990-01-01', end_date: '1990-12-31', rebalance: 'monthly', top: 1, score: { kind: 'momentum', period: 5 } }));
      return ['--data', data, '--spec', f];
    }, /no symbol has a bar between start_date and end_date/],
  ];
  for (const [what, argv, message] of bad) {
    it(`${what}: a one-line error and exit code 2`, () => {
      const r = run(argv());
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    });
  }
});
