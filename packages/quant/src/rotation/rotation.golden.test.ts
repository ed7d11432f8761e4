import { describe, expect, it } from 'vitest';
import { rotationBacktest } from './engine.ts';
import { barsFromCsv, goldensDir, goldensMissing, haveGoldens, sameNumber } from '../test/goldens.ts';
import { readdirSync, readFileSync } from 'node:fs';
import type { RotationOrder, RotationSymbol } from './types.ts';

interface Expected {
  orders: RotationOrder[];
  time: string[];
  equity: number[];
  final_equity: number;
}

const root = `${goldensDir}rotation/`;
const cases = haveGoldens ? readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];

/** A golden case's universe: one `data/<SYMBOL>.csv` per member. */
function goldenUniverse(name: string): RotationSymbol[] {
  const dir = `${root}${name}/data/`;
  return readdirSync(dir).filter((f) => f.endsWith('.csv')).map((f) => ({ symbol: f.slice(0, -4), bars: barsFromCsv(readFileSync(dir + f, 'utf8')) }));
}

describe.skipIf(!haveGoldens)('rotations match the reference', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(2));
  for (const name of cases) {
    describe(name, () => {
      const spec = JSON.parse(readFileSync(`${root}${name}/spec.json`, 'utf8'));
      const expected = JSON.parse(readFileSync(`${root}${name}/expected.json`, 'utf8')) as Expected;
      const result = rotationBacktest(goldenUniverse(name), spec);

      it('places the same orders', () => {
        const diffs: string[] = [];
        const n = Math.max(result.orders.length, expected.orders.length);
        for (let i = 0; i < n && diffs.length < 5; i++) {
          const a = result.orders[i];
          const e = expected.orders[i];
          const same = a && e && a.date === e.date && a.symbol === e.symbol && a.side === e.side && a.shares === e.shares && sameNumber(a.price, e.price);
          if (!same) diffs.push(`order ${i}: ours ${JSON.stringify(a)}, expected ${JSON.stringify(e)}`);
        }
        expect(diffs).toEqual([]);
        expect(result.orders.length).toBe(expected.orders.length);
      });

      it('marks the same equity on the same dates', () => {
        expect(result.time).toEqual(expected.time);
        const bad = expected.equity.flatMap((e, i) => (sameNumber(result.equity[i], e) ? [] : [`${expected.time[i]}: ours ${result.equity[i]}, expected ${e}`]));
        expect(bad.slice(0, 5)).toEqual([]);
        expect(sameNumber(result.final_equity, expected.final_equity)).toBe(true);
      });
    });
  }
});

describe.runIf(!haveGoldens)('rotations match the reference', () => {
  it.skip(goldensMissing, () => {});
});
