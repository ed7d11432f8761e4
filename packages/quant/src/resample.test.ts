import { describe, expect, it } from 'vitest';
import { resample, resampleMonthly, resampleWeekly } from './resample.ts';
import { formatDay, parseDay } from './dates.ts';
import type { DailyBars } from './types.ts';

function barsOn(dates: string[]): DailyBars {
  const n = dates.length;
  const at = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
  return {
    day: Int32Array.from(dates, parseDay),
    open: at((i) => 100 + i),
    high: at((i) => 110 + (i % 3) * 5),
    low: at((i) => 90 - (i % 4)),
    close: at((i) => 101 + i),
    volume: at((i) => 1000 * (i + 1)),
  };
}

const rows = (b: DailyBars) =>
  Array.from(b.day, (d, i) => [formatDay(d), b.open[i], b.high[i], b.low[i], b.close[i], b.volume[i]]);

describe('weekly bars', () => {
  // Thu 2020-12-31, Fri 2021-01-01 | Mon 01-04 .. Fri 01-08 with Wed missing (holiday) | Tue 01-12
  const daily = barsOn(['2020-12-31', '2021-01-01', '2021-01-04', '2021-01-05', '2021-01-07', '2021-01-08', '2021-01-12']);

  it('groups Monday–Friday weeks, dated by their first trading day, open first, high max, low min, close last, volume sum', () => {
    expect(rows(resampleWeekly(daily))).toEqual([
      ['2020-12-31', 100, 115, 89, 102, 3000],
      ['2021-01-04', 102, 120, 87, 106, 3000 + 4000 + 5000 + 6000],
      ['2021-01-12', 106, 110, 88, 107, 7000],
    ]);
  });

  it('keeps a year boundary inside one week', () => {
    expect(resample(daily, 'weekly').day.length).toBe(3);
  });
});

describe('monthly bars', () => {
  it('groups calendar months, across leap days and years', () => {
    const daily = barsOn(['2020-01-30', '2020-01-31', '2020-02-03', '2020-02-28', '2020-02-29', '2020-03-02', '2021-03-01']);
    expect(rows(resampleMonthly(daily))).toEqual([
      ['2020-01-30', 100, 115, 89, 102, 3000],
      ['2020-02-03', 102, 120, 87, 105, 3000 + 4000 + 5000],
      ['2020-03-02', 105, 120, 89, 106, 6000],
      ['2021-03-01', 106, 110, 88, 107, 7000],
    ]);
  });

  it('agrees with calendar months from Date for every day over 130 years', () => {
    const start = parseDay('1950-01-01');
    const days = Array.from({ length: 130 * 366 }, (_, i) => start + i);
    const daily = barsOn(days.map(formatDay));
    const expected = new Set(days.map((d) => formatDay(d).slice(0, 7))).size;
    const monthly = resampleMonthly(daily);
    expect(monthly.day.length).toBe(expected);
    expect(Array.from(monthly.day, (d) => formatDay(d).slice(8))).toEqual(new Array(expected).fill('01'));
  });

  it('returns daily bars unchanged and empty input as empty bars', () => {
    const daily = barsOn(['2021-01-04']);
    expect(resample(daily, 'daily')).toBe(daily);
    expect(resampleMonthly(barsOn([])).day.length).toBe(0);
  });
});
