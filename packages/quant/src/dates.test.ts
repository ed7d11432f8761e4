import { describe, expect, it } from 'vitest';
import { formatDay, monthOf, parseDay, weekOf } from './dates.ts';

describe('session dates', () => {
  it('format and parse agree with Date for every day from 1900 to 2100', () => {
    for (let d = parseDay('1900-01-01'); d <= parseDay('2100-12-31'); d++) {
      const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
      if (formatDay(d) !== iso || parseDay(iso) !== d) expect([d, formatDay(d), parseDay(iso)]).toEqual([d, iso, d]);
      const dt = new Date(d * 86_400_000);
      if (monthOf(d) !== dt.getUTCFullYear() * 12 + dt.getUTCMonth()) expect(monthOf(d)).toBe(dt.getUTCFullYear() * 12 + dt.getUTCMonth());
    }
  });

  it('rejects text that is not a calendar date', () => {
    for (const bad of ['2021-02-29', '2021-13-01', '21-01-01', '2021/01/04', '', '2021-01-04T00:00']) expect(parseDay(bad)).toBeNaN();
  });

  it('starts weeks on Monday', () => {
    expect(weekOf(parseDay('2021-01-04'))).toBe(weekOf(parseDay('2021-01-10')));
    expect(weekOf(parseDay('2021-01-03'))).toBe(weekOf(parseDay('2021-01-04')) - 1);
  });
});
