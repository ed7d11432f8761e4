import { describe, expect, it } from 'vitest';
import { backtest } from './engine.ts';
import { barsFromCsv, goldenCases, goldensMissing, haveGoldens, readGolden, sameNumber } from './test/goldens.ts';

type Json = Record<string, number | string | null>;

/** Lists every field where `actual` disagrees with `expected` under the goldens' tolerance. */
function differences(actual: Json, expected: Json, at: string): string[] {
  const out: string[] = [];
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  for (const k of keys) {
    const a = actual[k];
    const e = expected[k];
    const same = typeof e === 'number' || typeof a === 'number' ? typeof a !== 'string' && typeof e !== 'string' && sameNumber(a ?? null, e ?? null) : a === e;
    if (!same || !(k in actual) || !(k in expected)) out.push(`${at}${k}: ours ${a}, expected ${e}`);
  }
  return out;
}

// The public cases (backtest/) and the 40-case corpus (corpus/: 22 plain, 18 with exits, costs or sizing),
// and the strategy language's (strategy/: 7, corpus-strategy/: 29; crossings, against, OR groups, shorts).
const cases = (['backtest', 'corpus', 'strategy', 'corpus-strategy'] as const).flatMap((kind) => goldenCases(kind).map((name) => ({ kind, name })));

describe.skipIf(!haveGoldens)('backtests match backtesting.py 0.6', () => {
  for (const { kind, name } of cases) {
    describe(`${kind}/${name}`, () => {
      const bars = barsFromCsv(readGolden(kind, name, 'data.csv'));
      const template = JSON.parse(readGolden(kind, name, 'template.json'));
      const expected = JSON.parse(readGolden(kind, name, 'expected.json')) as { stats: Json; trades: Json[] };
      const result = backtest(bars, template);

      it('reports the same statistics, in the same key order', () => {
        expect(differences(result.stats, expected.stats, '')).toEqual([]);
        expect(Object.keys(result.stats)).toEqual(Object.keys(expected.stats));
      });

      it('makes the same trades', () => {
        expect(result.trades.length).toBe(expected.trades.length);
        // Our trades add ExitReason after the reference's columns (the reference has no such column).
        const ours = result.trades.map(({ ExitReason, ...reference }) => reference as unknown as Json);
        const diffs = expected.trades.flatMap((e, i) => differences(ours[i], e, `trade ${i} `));
        expect(diffs.slice(0, 10)).toEqual([]);
        expect(result.trades.map((t) => Object.keys(t))).toEqual(expected.trades.map((t) => [...Object.keys(t), 'ExitReason']));
      });

      it('serializes to the expected JSON form', () => {
        const roundTrip = JSON.parse(JSON.stringify({ stats: result.stats, trades: result.trades }));
        expect(Object.keys(roundTrip)).toEqual(['stats', 'trades']);
        expect(roundTrip.stats['Start']).toBe(expected.stats['Start']);
      });
    });
  }
});

describe.runIf(!haveGoldens)('backtests match backtesting.py 0.6', () => {
  it.skip(goldensMissing, () => {});
});
