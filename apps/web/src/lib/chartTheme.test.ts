import { describe, expect, it } from 'vitest';
import type { UTCTimestamp } from 'lightweight-charts';
import { chartOptions, crosshairTime, PERCENT_1, WHOLE_DOLLARS } from './chartTheme.ts';

describe('chart labels as traders read them', () => {
  it('shows a daily bar’s date without "00:00"', () => {
    expect(crosshairTime(Date.UTC(2026, 10, 27) / 1000 as UTCTimestamp)).toBe('27 Nov 2026');
    expect(crosshairTime('2024-01-05')).toBe('5 Jan 2024');
    expect(crosshairTime({ year: 2023, month: 12, day: 31 })).toBe('31 Dec 2023');
  });
  it('keeps hours and minutes (not seconds) for a bar within a day', () => {
    expect(crosshairTime(Date.UTC(2026, 10, 27, 14, 30, 45) / 1000 as UTCTimestamp)).toBe('27 Nov 2026 14:30');
  });
  it('is the crosshair label of every chart', () => {
    expect(chartOptions(false).localization?.timeFormatter).toBe(crosshairTime);
  });
  it('formats account values and drawdown on their axes', () => {
    expect(WHOLE_DOLLARS.formatter(25250.6)).toBe('25,251');
    expect(PERCENT_1.formatter(-12.345)).toBe('-12.3%');
  });
});
