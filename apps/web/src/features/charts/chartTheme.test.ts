import { describe, expect, it } from 'vitest';
import { recentBars } from './chartTheme.ts';

describe('the sessions a chart opens on', () => {
  it('are a year at the full 1096px width and fewer on a phone, readable but never under 60', () => {
    expect(recentBars(1096)).toBe(249);
    expect(recentBars(1400)).toBe(250);
    expect(recentBars(358)).toBe(81);
    expect(recentBars(200)).toBe(60);
  });
});
