import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSide, EQUAL_TOLERANCE, holdsAt, indicatorSeries, nextHolding } from './conditions.ts';
import { normalizeTemplate } from './template.ts';
import { barsArb, rowArb } from './test/arbitraries.ts';
import { allocBars } from './types.ts';

describe('nextHolding', () => {
  it('finds the first bar where every row holds, as the rows read plainly (indicator against number or close), inside windows too', () => {
    fc.assert(
      fc.property(
        barsArb(1, 400),
        fc.array(rowArb.map((r) => ({ ...r, indicator_type: 'BUY' as const })), { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bars, rows, a, b, c) => {
          const n = bars.close.length;
          const start = Math.floor(a * (n - 1));
          const end = start + 1 + Math.floor(b * (n - start - 1));
          const { conditions } = normalizeTemplate({ position_size: 1, indicators: rows });
          // the reference: each row's indicator against its number or the close, bar by bar
          const plain = conditions.map((row) => ({ x: indicatorSeries(bars, row), row }));
          const holdsPlainly = (i: number) =>
            plain.every(({ x, row }) => {
              const rhs = Number.isNaN(row.value) ? bars.close[i] : row.value;
              switch (row.op) {
                case '>': return x[i] > rhs;
                case '<': return x[i] < rhs;
                case '>=': return x[i] >= rhs;
                case '<=': return x[i] <= rhs;
                case '=': return Math.abs(x[i] - rhs) < EQUAL_TOLERANCE;
              }
            });
          const side = compileSide(bars, conditions, 'BUY', new Map(), { start, end });
          const from = Math.floor(c * (end - start));
          let expected = end - start;
          for (let i = from; i < end - start; i++) {
            if (holdsPlainly(i + start)) {
              expected = i;
              break;
            }
          }
          expect(nextHolding(side, from, end - start)).toBe(expected);
          if (expected < end - start) expect(holdsAt(side, expected)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('skips blocks without a match and still finds a bar deep inside a long series', () => {
    const bars = allocBars(300);
    const { conditions } = normalizeTemplate({ position_size: 1, indicators: [{ name: 'OBV', indicator_type: 'BUY', compare: '=', cvalue: '7' }] });
    const side = compileSide(bars, conditions, 'BUY', new Map([['OBV/0', Float64Array.from({ length: 300 }, (_, i) => (i === 237 ? 7.004 : i))]]));
    expect(nextHolding(side, 8, 300)).toBe(237);
    expect(nextHolding(side, 238, 300)).toBe(300);
  });
});
