import { describe, expect, it } from 'vitest';
import type { UniverseRow } from '@app/contract';
import { universeSummary } from './rows.ts';

// The universe result's histogram bins between the 1st and 99th percentiles, so one extreme symbol
// cannot squeeze every other one into the first bar; what lies beyond is counted at the ends.

const row = (return_pct: number | null, i: number) => ({ symbol: `S${i}`, return_pct, buy_hold_pct: 0 }) as unknown as UniverseRow;
const extra = { survivorship: '', floors_removed: 0, never_members: [] };

describe('universe summary histogram', () => {
  it('keeps an outlier out of the regular bins, counting it in an overflow bin', () => {
    // 1,401 returns spread over −40 % … +40 % and one at +3,702 %
    const returns = [...Array.from({ length: 1401 }, (_, i) => -40 + (80 * i) / 1400), 3702];
    const { histogram } = universeSummary(returns.map(row), [], extra);
    expect(histogram.reduce((n, b) => n + b.count, 0)).toBe(1402);
    const above = histogram.at(-1)!;
    expect(above.overflow).toBe('above');
    expect(above.to).toBe(3702);
    const regular = histogram.filter((b) => !b.overflow);
    expect(regular).toHaveLength(20);
    expect(regular.at(-1)!.to).toBeLessThan(100);
    // no bar holds most of the symbols
    expect(Math.max(...regular.map((b) => b.count))).toBeLessThan(1402 / 10);
  });

  it('has no overflow bin when nothing lies beyond the limits, and bins every return once', () => {
    const { histogram } = universeSummary([-3, 1, 2, 5].map(row), [], extra);
    expect(histogram.some((b) => b.overflow)).toBe(false);
    expect(histogram.reduce((n, b) => n + b.count, 0)).toBe(4);
  });

  it('counts a low outlier below', () => {
    const returns = [-99, ...Array.from({ length: 300 }, (_, i) => i / 10)];
    const { histogram } = universeSummary(returns.map(row), [], extra);
    expect(histogram[0]).toMatchObject({ overflow: 'below', from: -99, to: 0, count: 1 });
    expect(histogram[1].from).toBe(0);
    expect(histogram.reduce((n, b) => n + b.count, 0)).toBe(301);
  });
});
