import { describe, expect, it } from 'vitest';
import { optimize } from './optimize.ts';
import { barsFromCsv, goldenCases, goldensMissing, haveGoldens, readGolden, sameNumber } from '../test/goldens.ts';

type Json = Record<string, number | string | null>;
const same = (a: unknown, e: unknown) => (typeof e === 'number' || e === null) && typeof a !== 'string' ? sameNumber((a ?? null) as number | null, e) : a === e;

describe.skipIf(!haveGoldens)('grid optimisation matches backtesting.py Backtest.optimize', () => {
  for (const name of goldenCases('optimize')) {
    describe(name, () => {
      const bars = barsFromCsv(readGolden('optimize', name, 'data.csv'));
      const template = JSON.parse(readGolden('optimize', name, 'template.json'));
      const grid = JSON.parse(readGolden('optimize', name, 'grid.json'));
      const expected = JSON.parse(readGolden('optimize', name, 'expected.json'));
      const result = optimize(bars, template, grid);

      it('has every heatmap cell, in grid order, null where the reference has none', () => {
        expect(result.heatmap.map((c) => c.params)).toEqual(expected.heatmap.map((c: { params: unknown }) => c.params));
        const bad = expected.heatmap.filter((c: { value: number | null }, i: number) => !same(result.heatmap[i].value, c.value));
        expect(bad).toEqual([]);
      });

      it('picks the same best cell, with its statistics and trades', () => {
        expect(result.best?.params).toEqual(expected.best.params);
        const stats = result.best!.stats as Json;
        expect(Object.keys(stats)).toEqual(Object.keys(expected.best.stats));
        expect(Object.keys(expected.best.stats).filter((k) => !same(stats[k], expected.best.stats[k]))).toEqual([]);
        expect(result.best!.trades).toHaveLength(expected.best.trades.length);
        const bad = expected.best.trades.flatMap((t: Json, i: number) =>
          Object.keys(t).filter((k) => !same((result.best!.trades[i] as unknown as Json)[k], t[k])).map((k) => `trade ${i} ${k}`),
        );
        expect(bad).toEqual([]);
      });
    });
  }
});

describe.runIf(!haveGoldens)('grid optimisation matches backtesting.py Backtest.optimize', () => {
  it.skip(goldensMissing, () => {});
});
