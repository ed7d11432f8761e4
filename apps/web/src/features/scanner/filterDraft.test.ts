import { describe, expect, it } from 'vitest';
import { defaultFilterRow } from '@app/contract';
import { restoreRow, restoreScannerDraft } from './filterDraft.ts';

describe('the scanner filters kept for the session', () => {
  it('restores rows as stored, half-filled ones included', () => {
    const price = { ...defaultFilterRow('price'), operator: 'between', value1: 5, value2: null };
    const rsi = { ...defaultFilterRow('rsi'), value1: 30, period: 9 };
    const stored = JSON.parse(JSON.stringify({ category: 'TA', rows: [price, rsi] }));
    expect(restoreScannerDraft(stored)).toEqual({ category: 'TA', rows: [price, rsi] });
  });

  it('drops unknown filter types and fields of the wrong kind, keeping the defaults there', () => {
    expect(restoreRow({ type: 'astrology', category: 'Basic' })).toBeNull();
    expect(restoreRow('price')).toBeNull();
    expect(restoreRow({ type: 'sma', period: 'fifty', operator: 'lte', extra: 1 })).toEqual({ ...defaultFilterRow('sma'), operator: 'lte' });
    expect(restoreRow({ type: 'price', value1: 'x', value2: 7, category: 'FA' })).toEqual({ ...defaultFilterRow('price'), value2: 7 });
  });

  it('refuses what is not a draft; an unknown tab falls back to the first row’s', () => {
    expect(restoreScannerDraft(null)).toBeNull();
    expect(restoreScannerDraft({ rows: 'none' })).toBeNull();
    expect(restoreScannerDraft({ category: 'Nope', rows: [{ type: 'macd' }] })).toEqual({ category: 'TA', rows: [defaultFilterRow('macd')] });
    expect(restoreScannerDraft({ rows: [] })).toEqual({ category: 'Basic', rows: [] });
  });
});
