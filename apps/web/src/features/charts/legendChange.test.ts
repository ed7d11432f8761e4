import { describe, expect, it } from 'vitest';
import { barChange, formatChange } from './legendChange.ts';

describe('legend change (spec §2: amount and percent; red when close is below open)', () => {
  it('is the bar’s close − open, as a percent of the open', () => {
    const c = barChange({ open: 80, close: 82 });
    expect(c).toEqual({ amount: 2, percent: 2.5, down: false });
    expect(formatChange(c)).toBe('+2.00 (+2.50%)');
  });
  it('is negative exactly when the legend is red, whatever the previous close was', () => {
    // A gap up (previous close 90) that fades: against the previous close it would read +5.56%, but
    // the bar closed below its open, so the legend is red and the change is negative.
    const c = barChange({ open: 100, close: 95 });
    expect(c.down).toBe(true);
    expect(formatChange(c)).toBe('-5.00 (-5.00%)');
    for (const [open, close] of [[1, 1], [1, 2], [2, 1], [0.5, 0.4999], [10, 10.004]]) {
      const x = barChange({ open, close });
      expect(x.down).toBe(close < open);
      expect(x.amount < 0).toBe(x.down);
    }
  });
  it('a flat bar is green and unsigned; a zero open has no percent', () => {
    expect(barChange({ open: 5, close: 5 }).down).toBe(false);
    expect(formatChange(barChange({ open: 5, close: 5 }))).toBe('0.00 (0.00%)');
    expect(formatChange(barChange({ open: 0, close: 1 }))).toBe('+1.00');
  });
});
