import { describe, expect, it } from 'vitest';
import { barChange, formatChange } from './legendChange.ts';

describe('legend change: against the previous close, coloured by the candle (spec §2)', () => {
  it('is the close − the previous close, as a percent of the previous close', () => {
    const c = barChange({ open: 80, close: 82 }, 80);
    expect(c).toEqual({ amount: 2, percent: 2.5, down: false });
    expect(formatChange(c!)).toBe('+2.00 (+2.50%)');
  });
  it('keeps the candle’s colour: a gap up that fades is red with a positive change', () => {
    // previous close 90, opened 100, closed 95: up 5.56 % on the day, but a red candle
    const c = barChange({ open: 100, close: 95 }, 90)!;
    expect(c.down).toBe(true);
    expect(formatChange(c)).toBe('+5.00 (+5.56%)');
    expect(barChange({ open: 95, close: 100 }, 101)).toMatchObject({ down: false, amount: -1 });
  });
  it('the first bar has no change; a flat day is unsigned; a zero previous close has no percent', () => {
    expect(barChange({ open: 5, close: 5 }, null)).toBeNull();
    expect(formatChange(barChange({ open: 5, close: 5 }, 5)!)).toBe('0.00 (0.00%)');
    expect(formatChange(barChange({ open: 0, close: 1 }, 0)!)).toBe('+1.00');
  });
});
