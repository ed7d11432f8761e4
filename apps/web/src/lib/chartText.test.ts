import { describe, expect, it } from 'vitest';
import { chartDay, lastValuesText } from './chartText.ts';

describe('chart text alternative', () => {
  it('names the day and each series with its last value, candles with their four prices', () => {
    expect(
      lastValuesText(
        [
          { name: 'AAPL', open: '10.00', high: '11.00', low: '9.50', close: '10.50' },
          { name: 'RSI 14', value: '55.20' },
        ],
        '2024-12-31',
      ),
    ).toBe('Last values, 2024-12-31: AAPL open 10.00, high 11.00, low 9.50, close 10.50; RSI 14 55.20.');
  });

  it('says when there is nothing drawn', () => {
    expect(lastValuesText([], null)).toBe('No data.');
  });

  it('reads the three kinds of chart time as a day', () => {
    expect(chartDay(1735603200 as never)).toBe('2024-12-31');
    expect(chartDay('2024-12-31')).toBe('2024-12-31');
    expect(chartDay({ year: 2024, month: 3, day: 5 })).toBe('2024-03-05');
  });
});
