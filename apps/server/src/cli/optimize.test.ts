import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnginePool } from '../engine/pool.ts';
import { runCli } from './optimize.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const goldens = join(repoRoot, '../shared/goldens/optimize');
const dir = mkdtempSync(join(tmpdir(), 'optimize-cli-'));
let pool: EnginePool;
beforeAll(() => {
  pool = new EnginePool({ threads: 2 });
});
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) }, pool);
  return { code, out, err };
}

/** 120 synthetic bars: a sine around 100, so RSI crosses its levels often. */
function csv(rows = 120): string {
  const lines = ['date,open,high,low,close,volume'];
  for (let i = 0; i < rows; i++) {
    const date = new Date(Date.UTC(2021, 0, 4) + i * 86_400_000).toISOString().slice(0, 10);
    const c = 100 + 10 * Math.sin(i / 4) + i * 0.05;
    lines.push(`${date},${(c - 0.5).toFixed(4)},${(c + 1).toFixed(4)},${(c - 1).toFixed(4)},${c.toFixed(4)},${1000 + i}`);
  }
  return lines.join('\n') + '\n';
}

const template = {
  position_size: 0.9999,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
  ],
};
const grid = { maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: [5, 7, 9] }, { row: 0, field: 'cvalue', values: ['30', '40'] }] };

const values_ = (body: { heatmap: { value: number | null }[] }) => body.heatmap.filter((c) => c.value !== null);

describe('optimize CLI', () => {
  const data = file('ok.csv', csv());
  const tpl = file('t.json', JSON.stringify(template));

  it('prints {best, heatmap} with every cell in grid order and exits 0; --bench reports the grid time', async () => {
    const r = await run(['--data', data, '--template', tpl, '--grid', file('g.json', JSON.stringify(grid)), '--bench']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out);
    expect(Object.keys(body)).toEqual(['best', 'heatmap', 'luck']);
    expect(body.luck.trials).toBe(values_(body).length);
    expect(body.luck.pbo).toBeNull(); // six cells: too few for a PBO
    expect(body.heatmap.map((c: { params: unknown }) => c.params)).toEqual([[5, '30'], [5, '40'], [7, '30'], [7, '40'], [9, '30'], [9, '40']]);
    const values = body.heatmap.map((c: { value: number | null }) => c.value).filter((v: number | null) => v !== null);
    expect(body.best.stats['Return [%]']).toBe(Math.max(...values));
    expect(r.err).toMatch(/^optimize: 6 cells in \d+\.\d ms \([\d,]+ cells\/s on 2 threads\)\nluck: Deflated Sharpe and PBO in \d+\.\d ms\n$/);
  });

  it('--method search tries --budget cells of a space past the grid limit, the same cells for the same --seed', async () => {
    const big = { maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: Array.from({ length: 400 }, (_, i) => i + 2) }, { row: 1, field: 'period', values: Array.from({ length: 400 }, (_, i) => i + 2) }] };
    const g = file('big.json', JSON.stringify(big));
    expect((await run(['--data', data, '--template', tpl, '--grid', g])).err).toMatch(/160,000 cells; at most 100,000/);
    const a = await run(['--data', data, '--template', tpl, '--grid', g, '--method', 'search', '--budget', '60', '--seed', '3', '--bench']);
    expect(a.code).toBe(0);
    const body = JSON.parse(a.out);
    expect(body).toMatchObject({ method: 'search', budget: 60, seed: 3, space: 160_000 });
    expect(body.heatmap).toHaveLength(60);
    expect(new Set(body.cells).size).toBe(60);
    // a cell's params are its grid index's: the last parameter changes fastest
    body.cells.forEach((c: number, i: number) => expect(body.heatmap[i].params).toEqual([Math.floor(c / 400) + 2, (c % 400) + 2]));
    expect(body.luck.trials).toBe(values_(body).length);
    const values = values_(body).map((c) => c.value as number);
    expect(body.best.stats['Return [%]']).toBe(Math.max(...values));
    expect(a.err).toMatch(/^optimize: search of 60 of 160,000 cells in \d+\.\d ms\n$/);
    const again = JSON.parse((await run(['--data', data, '--template', tpl, '--grid', g, '--method', 'search', '--budget', '60', '--seed', '3'])).out);
    expect(again.cells).toEqual(body.cells);
  });

  const bad: [string, () => string[], RegExp][] = [
    ['an unknown method', () => ['--data', data, '--template', tpl, '--grid', file('g.json', JSON.stringify(grid)), '--method', 'sambo'], /--method must be grid or search/],
    ['a bad budget', () => ['--data', data, '--template', tpl, '--grid', file('g.json', JSON.stringify(grid)), '--method', 'search', '--budget', '0'], /--budget must be a whole number from 1/],
    ['a bad seed', () => ['--data', data, '--template', tpl, '--grid', file('g.json', JSON.stringify(grid)), '--method', 'search', '--seed', '-1'], /--seed needs a value|--seed must be/],
    ['a budget for a grid', () => ['--data', data, '--template', tpl, '--grid', file('g.json', JSON.stringify(grid)), '--budget', '5'], /--budget and --seed are for --method search/],
    ['a missing --grid', () => ['--data', data, '--template', tpl], /--data, --template and --grid are required/],
    ['a grid that is not JSON', () => ['--data', data, '--template', tpl, '--grid', file('b.json', '{')], /b\.json: not valid JSON/],
    ['an unknown statistic', () => ['--data', data, '--template', tpl, '--grid', file('s.json', JSON.stringify({ ...grid, maximize: 'Luck' }))], /s\.json: maximize: "Luck" is not a numeric statistic/],
    ['a bad value', () => ['--data', data, '--template', tpl, '--grid', file('v.json', JSON.stringify({ ...grid, params: [{ row: 0, field: 'period', values: [-2] }] }))], /v\.json: params\[0\]\.values: -2/],
    ['an unknown argument', () => ['--data', data, '--speed', 'x'], /unknown argument "--speed"/],
  ];
  for (const [what, argv, message] of bad) {
    it(`ends with one line naming ${what} and exit code 2`, async () => {
      const r = await run(argv());
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/^error: [^\n]+\n$/);
      expect(r.err).toMatch(message);
    });
  }

  describe.skipIf(!existsSync(goldens))('on the reference grids (skipped: ../shared/goldens is absent)', () => {
    const close = (a: unknown, e: unknown) => (typeof e === 'number' && typeof a === 'number' ? Math.abs(a - e) <= Math.max(1e-9, 1e-6 * Math.abs(e)) : a === e);
    for (const name of existsSync(goldens) ? readdirSync(goldens).filter((d) => existsSync(join(goldens, d, 'grid.json'))) : []) {
      it(`${name}: prints the reference best cell and heatmap`, async () => {
        const at = (f: string) => join(goldens, name, f);
        const expected = JSON.parse(readFileSync(at('expected.json'), 'utf8'));
        const r = await run(['--data', at('data.csv'), '--template', at('template.json'), '--grid', at('grid.json')]);
        expect(r.code).toBe(0);
        const body = JSON.parse(r.out);
        expect(body.best.params).toEqual(expected.best.params);
        expect(Object.keys(expected.best.stats).filter((k) => !close(body.best.stats[k], expected.best.stats[k]))).toEqual([]);
        expect(body.best.trades.length).toBe(expected.best.trades.length);
        expect(body.heatmap.map((c: { params: unknown }) => c.params)).toEqual(expected.heatmap.map((c: { params: unknown }) => c.params));
        expect(expected.heatmap.filter((c: { value: unknown }, i: number) => !close(body.heatmap[i].value, c.value))).toEqual([]);
      });
    }
  });
});
