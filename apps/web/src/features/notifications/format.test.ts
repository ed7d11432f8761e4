import { describe, expect, it } from 'vitest';
import { isAppPath, valuesLine } from './format.ts';

describe('valuesLine', () => {
  it('lists the numbers, rounded to 6 significant digits, without the missing ones or the close', () => {
    expect(valuesLine({ close: 199.5, 'RSI(14)': 28.41234567, level: 200, sma: null })).toBe('RSI(14) 28.4123 · level 200');
    expect(valuesLine({})).toBe('');
  });
});

describe('isAppPath', () => {
  it('accepts app paths only', () => {
    expect(isAppPath('/rchart/AAPL/')).toBe(true);
    expect(isAppPath('//evil.example/')).toBe(false);
    expect(isAppPath('https://evil.example/')).toBe(false);
  });
});
