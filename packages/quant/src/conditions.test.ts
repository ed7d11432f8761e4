import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSide, holdsAt, nextHolding } from './conditions.ts';
import { normalizeTemplate } from './template.ts';
import { barsArb, rowArb } from './test/arbitraries.ts';
import { allocBars, windowBars } from './types.ts';

describe('nextHolding', () => {
  it('finds the same bar as checking every bar in turn, for every operator, inside windows too', () => {
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
          const window = { start, end };
          const view = windowBars(bars, start, end);
          const { conditions } = normalizeTemplate({ position_size: 1, indicators: rows });
          const side = compileSide(bars, conditions, 'BUY', new Map(), window);
          const from = Math.floor(c * (end - start));
          let expected = end - start;
          for (let i = from; i < end - start; i++) {
            if (holdsAt(side, view.close, i)) {
              expected = i;
              break;
            }
          }
          expect(nextHolding(side, view.close, from, end - start)).toBe(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('skips blocks without a match and still finds a bar deep inside a long series', () => {
    const bars = allocBars(300);
    const { conditions } = normalizeTemplate({ position_size: 1, indicators: [{ name: 'OBV', indicator_type: 'BUY', compare: '=', cvalue: '7' }] });
    const side = compileSide(bars, conditions, 'BUY', new Map([['OBV/0', Float64Array.from({ length: 300 }, (_, i) => (i === 237 ? 7.004 : i))]]));
    expect(nextHolding(side, bars.close, 8, 300)).toBe(237);
    expect(nextHolding(side, bars.close, 238, 300)).toBe(300);
  });
});
