import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeCondition, describeRule, EQUAL_TOLERANCE, operandSeries, sideHoldsAt } from './conditions.ts';
import { readConditions } from './explain.ts';
import { COMPARE_OPS, CPRICES, MIRRORED_OPS, normalizeTemplate, type CompareOp, type CPrice } from './template.ts';
import { barsArb } from './test/arbitraries.ts';
import type { DailyBars } from './types.ts';

// A row written with a price on the left ("Close crosses below BB lower") is stored mirrored: the
// indicator on the left, the comparison reversed, the price as its right-hand side.

/** The written row read plainly, bar by bar: the price against the indicator. */
function writtenHolds(op: CompareOp, price: Float64Array, line: Float64Array, i: number): boolean {
  const p = price[i];
  const x = line[i];
  switch (op) {
    case '>': return p > x;
    case '<': return p < x;
    case '≥': return p >= x;
    case '≤': return p <= x;
    case '=': return Math.abs(p - x) < EQUAL_TOLERANCE;
    case 'crosses_above': return i > 0 && p > x && price[i - 1] <= line[i - 1];
    case 'crosses_below': return i > 0 && p < x && price[i - 1] >= line[i - 1];
  }
}

const FIELD: Record<CPrice, keyof DailyBars> = { CLOSE: 'close', OPEN: 'open', HIGH: 'high', LOW: 'low' };

describe('a row with a price on the left, stored mirrored', () => {
  it('mirrors every operator and back', () => {
    for (const op of COMPARE_OPS) expect(MIRRORED_OPS[MIRRORED_OPS[op]]).toBe(op);
    expect(MIRRORED_OPS.crosses_below).toBe('crosses_above');
    expect(MIRRORED_OPS['<']).toBe('>');
    expect(MIRRORED_OPS['≤']).toBe('≥');
  });

  it('fires on exactly the bars where the written row holds', () => {
    const operand = fc.constantFrom(
      { name: 'BBANDS', output: 'lower', period: 5, stddev: 1 },
      { name: 'BBANDS', output: 'upper', period: 3, stddev: 0.5 },
      { name: 'SMA', output: 'value', period: 3 },
      { name: 'EMA', output: 'value', period: 4, offset: 1 },
    );
    fc.assert(
      fc.property(barsArb(2, 200), operand, fc.constantFrom(...COMPARE_OPS), fc.constantFrom(...CPRICES), (bars, o, written, cprice) => {
        const stored = { ...o, indicator_type: 'BUY', compare: MIRRORED_OPS[written], cprice, price_left: true };
        const { conditions } = normalizeTemplate({ position_size: 1, indicators: [stored] });
        const line = operandSeries(bars, conditions[0]);
        const price = bars[FIELD[cprice]] as Float64Array;
        const cache = new Map<string, Float64Array>();
        for (let i = 0; i < bars.close.length; i++) {
          expect(sideHoldsAt(bars, conditions, 'BUY', i, cache)).toBe(writtenHolds(written, price, line, i));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads back as written, in the row, the rule and a reading', () => {
    const row = { name: 'BBANDS', output: 'lower', period: 20, stddev: 2, indicator_type: 'BUY', compare: 'crosses_above', cprice: 'CLOSE', price_left: true };
    expect(describeCondition(row)).toBe('Close crosses below BB lower(20, 2)');
    expect(describeCondition({ ...row, price_left: false })).toBe('BB lower(20, 2) crosses above Close');
    expect(describeRule({ indicators: [row] }, 'BUY')).toBe('BUY when Close crosses below BB lower(20, 2)');
    expect(describeCondition({ ...row, name: 'SMA', output: 'value', period: 50, compare: '<', cprice: 'HIGH' })).toBe('High > SMA(50)');
    const { conditions } = normalizeTemplate({ position_size: 1, indicators: [row] });
    const bars = fc.sample(barsArb(30, 30), { numRuns: 1, seed: 7 })[0];
    const [reading] = readConditions(bars, conditions, 29);
    expect(reading.text).toMatch(/^Close \S+ crossed below BB lower\(20, 2\) \S+$/);
  });

  it('ignores the flag on a row whose right-hand side is not a price', () => {
    const row = { name: 'RSI', period: 14, indicator_type: 'BUY', compare: '<', cvalue: 30, price_left: true };
    expect(describeCondition(row)).toBe('RSI(14) < 30');
  });
});
