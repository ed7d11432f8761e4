import { describe, expect, it } from 'vitest';
import { formatPercent, formatUsd, priceText, toNumber, toPercent } from './format.ts';

describe('calculator number parsing and formatting', () => {
  it('reads numbers as traders type them (the shared parser), spaces around them ignored', () => {
    expect(toNumber('150')).toBe(150);
    expect(toNumber(' 144.5 ')).toBe(144.5);
    expect(toNumber('12.')).toBe(12);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('-3')).toBe(-3);
    expect(toNumber('1e5')).toBe(100_000);
    expect(toNumber('1,000')).toBe(1000);
    expect(toNumber('$150')).toBe(150);
    expect(toNumber('250k')).toBe(250_000);
    expect(toNumber('1.2M')).toBe(1_200_000);
  });

  it('reads a percentage box\'s 5 and 5% alike', () => {
    expect(toPercent('5')).toBe(5);
    expect(toPercent('5%')).toBe(5);
    expect(toPercent('0.5 %')).toBe(0.5);
    expect(toNumber('5%')).toBeNaN(); // a dollar box is not a percentage
  });

  it('treats blank and anything that is not a number as non-numeric (the result is cleared)', () => {
    for (const text of ['', '   ', 'abc', '12abc', '0x10', '0b11', 'Infinity', '1,00', '1.2.3', '.', '-']) {
      expect(toNumber(text), text).toBeNaN();
    }
  });

  it('formats dollars with cents and thousands separators, percents and stop prices', () => {
    expect(formatUsd(1000)).toBe('$1,000.00');
    expect(formatUsd(-36)).toBe('-$36.00');
    expect(formatPercent(0.036, 3)).toBe('0.036%');
    expect(priceText(144)).toBe('144.00');
  });
});
