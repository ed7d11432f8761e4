import { describe, expect, it } from 'vitest';
import { sparklinePath, sparklineTrend } from './sparkline.ts';

describe('sparklinePath', () => {
  it('spans the box: first close at x=0, last at the width, highest at the top, lowest at the bottom', () => {
    expect(sparklinePath([10, 20, 15], { width: 100, height: 20, pad: 0 })).toBe('M0 20 L50 0 L100 10');
  });
  it('keeps the padding at the top and bottom', () => {
    expect(sparklinePath([1, 3], { width: 10, height: 12, pad: 1 })).toBe('M0 11 L10 1');
  });
  it('draws a flat series through the middle', () => {
    expect(sparklinePath([5, 5, 5], { width: 4, height: 10 })).toBe('M0 5 L2 5 L4 5');
  });
  it('is empty with fewer than two finite closes', () => {
    expect(sparklinePath([], { width: 10, height: 10 })).toBe('');
    expect(sparklinePath([3, Number.NaN], { width: 10, height: 10 })).toBe('');
  });
});

describe('sparklineTrend', () => {
  it('compares the last close with the first', () => {
    expect(sparklineTrend([1, 5, 2])).toBe('up');
    expect(sparklineTrend([3, 5, 2])).toBe('down');
    expect(sparklineTrend([2, 5, 2])).toBe('flat');
    expect(sparklineTrend([2])).toBe('flat');
  });
});
