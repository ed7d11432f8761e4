import { describe, expect, it } from 'vitest';
import { changeTone, formatDecimal, formatGrouped, formatPercent, formatText } from './format.ts';
import { SCANNER_TEXT } from './texts.ts';

describe('results formatting', () => {
  it('shows N/A for nulls', () => {
    for (const f of [formatDecimal, formatPercent, formatGrouped]) expect(f(null)).toBe(SCANNER_TEXT.na);
    expect(formatText(null)).toBe(SCANNER_TEXT.na);
    expect(formatText('')).toBe(SCANNER_TEXT.na);
  });
  it('gives change two decimals and % change two decimals with a percent sign', () => {
    expect(formatDecimal(1.005)).toBe('1.01');
    expect(formatDecimal(-0.5)).toBe('-0.50');
    expect(formatDecimal(1234.5)).toBe('1,234.50');
    expect(formatPercent(3.14159)).toBe('3.14%');
    expect(formatPercent(-12)).toBe('-12.00%');
  });
  it('groups market cap and volume by thousands', () => {
    expect(formatGrouped(1234567)).toBe('1,234,567');
    expect(formatGrouped(2.5e12)).toBe('2,500,000,000,000');
    expect(formatGrouped(0)).toBe('0');
  });
  it('colours zero and up as positive, below zero as negative', () => {
    expect(changeTone(0)).toBe('positive');
    expect(changeTone(0.01)).toBe('positive');
    expect(changeTone(-0.01)).toBe('negative');
    expect(changeTone(null)).toBe('none');
  });
});
