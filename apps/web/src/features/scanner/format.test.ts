import { describe, expect, it } from 'vitest';
import { changeTone, formatCompact, formatDecimal, formatGrouped, formatPercent, formatText } from './format.ts';
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
  it('shows market cap as traders read it: 1.2B, 340M', () => {
    expect(formatCompact(1_234_567_890)).toBe('1.2B');
    expect(formatCompact(340_000_000)).toBe('340M');
    expect(formatCompact(2.5e12)).toBe('2.5T');
    expect(formatCompact(12_345)).toBe('12.3K');
    expect(formatCompact(999_960_000)).toBe('1.0B');
    expect(formatCompact(960_000)).toBe('960K');
    expect(formatCompact(99_960_000)).toBe('100M');
    expect(formatCompact(512)).toBe('512');
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(null)).toBe(SCANNER_TEXT.na);
  });
  it('colours zero and up as positive, below zero as negative', () => {
    expect(changeTone(0)).toBe('positive');
    expect(changeTone(0.01)).toBe('positive');
    expect(changeTone(-0.01)).toBe('negative');
    expect(changeTone(null)).toBe('none');
  });
});
