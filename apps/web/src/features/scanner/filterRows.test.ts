import { describe, expect, it } from 'vitest';
import { buildScanQuery, incompleteFilterCount, SCANNER_PRESETS, TA_DEFAULTS } from '@app/contract';
import { addRow, boundedValue, changeRowType, periodOnBlur, plainRows, removeRow, replaceRow, rowsOf } from './filterRows.ts';

describe('filter rows', () => {
  it('adds rows with the spec §9 defaults, each with its own id, shown under its category', () => {
    let rows = addRow([], 'sma');
    rows = addRow(rows, 'price');
    rows = addRow(rows, 'financial_trend');
    rows = addRow(rows, 'sma');
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
    expect(rows[0].row).toEqual({ category: 'TA', type: 'sma', operator: 'gte', period: 200 });
    expect(rows[2].row).toEqual({ category: 'FA', type: 'financial_trend', metric: 'revenue', periodType: 'QUARTERLY', direction: 'increasing', periods: 3 });
    expect(rowsOf(rows, 'TA').map((r) => r.id)).toEqual([rows[0].id, rows[3].id]);
    expect(rowsOf(rows, 'Basic').map((r) => r.row.type)).toEqual(['price']);
  });

  it('replaces, retypes (back to defaults) and removes one row by id', () => {
    const rows = addRow(addRow([], 'price'), 'market');
    const [a, b] = rows;
    const edited = replaceRow(rows, a.id, { category: 'Basic', type: 'price', operator: 'between', value1: 5, value2: 10 });
    expect(edited[0].row).toMatchObject({ value1: 5, value2: 10 });
    expect(edited[1]).toBe(b);
    const retyped = changeRowType(edited, a.id, 'chg');
    expect(retyped[0]).toEqual({ id: a.id, row: { category: 'Basic', type: 'chg', operator: 'gte', value1: null } });
    expect(changeRowType(edited, a.id, 'price')[0].row).toMatchObject({ value1: 5 }); // same type: unchanged
    expect(removeRow(retyped, a.id).map((r) => r.id)).toEqual([b.id]);
  });

  it('a new range row is incomplete until it has a value, and adds nothing to the query', () => {
    const rows = plainRows(addRow(addRow([], 'price'), 'instr_type'));
    expect(incompleteFilterCount(rows)).toBe(1);
    expect(buildScanQuery(rows)).toBe('instr_type=EQUITY');
  });
});

describe('number inputs', () => {
  it('read what traders type (the shared parser), and nothing for text that is not a number', () => {
    expect(boundedValue('10B', 'market_cap')).toBe(10_000_000_000);
    expect(boundedValue('10,000,000,000', 'market_cap')).toBe(10_000_000_000);
    expect(boundedValue('1.2M', 'volume')).toBe(1_200_000);
    expect(boundedValue('500k', 'vol_avg')).toBe(500_000);
    expect(boundedValue('1e9', 'fa_compare')).toBe(1e9);
    expect(boundedValue(' 12.5 ', 'price')).toBe(12.5);
    for (const junk of ['', '-', 'abc', '1,00', '0x10', 'Infinity']) expect(boundedValue(junk, 'market_cap'), junk).toBeNull();
    expect(periodOnBlur('ta', '1e2', 200)).toBe(100);
  });

  it('hold range values inside the filter bounds', () => {
    expect(boundedValue('250000', 'price')).toBe(100_000);
    expect(boundedValue('-5', 'price')).toBe(0);
    expect(boundedValue('101', 'rsi')).toBe(100);
    expect(boundedValue('2000000000', 'vol_avg')).toBe(1e9);
    expect(boundedValue('55.5', 'rsi')).toBe(55.5);
    expect(boundedValue('x', 'volume')).toBeNull();
    expect(boundedValue('5', 'willr')).toBe(0);
    expect(boundedValue('-150', 'stoch')).toBe(0);
    expect(boundedValue('-0.3', 'bb_pctb')).toBe(-0.3);
  });

  it('clamp TA periods to 5–200 as whole numbers on blur, keeping the old value for blank input', () => {
    expect(periodOnBlur('ta', '2', 200)).toBe(5);
    expect(periodOnBlur('ta', '500', 200)).toBe(200);
    expect(periodOnBlur('ta', '20.6', 200)).toBe(21);
    expect(periodOnBlur('ta', '', TA_DEFAULTS.rsi)).toBe(14);
    expect(periodOnBlur('ta', 'abc', 50)).toBe(50);
  });

  it('clamp financial trend periods to 2–5 and MACD periods to at least 1', () => {
    expect(periodOnBlur('faTrend', '1', 3)).toBe(2);
    expect(periodOnBlur('faTrend', '9', 3)).toBe(5);
    expect(periodOnBlur('faTrend', '', 4)).toBe(4);
    expect(periodOnBlur('macd', '0', 12)).toBe(1);
    expect(periodOnBlur('macd', '-4', 26)).toBe(1);
    expect(periodOnBlur('macd', '', 9)).toBe(9);
  });
});

describe('presets', () => {
  it('fill complete rows that make the query a trader would expect', () => {
    const query = (key: string) => buildScanQuery(SCANNER_PRESETS.find((p) => p.key === key)!.rows);
    for (const p of SCANNER_PRESETS) expect(incompleteFilterCount(p.rows), p.key).toBe(0);
    expect(new Set(SCANNER_PRESETS.map((p) => p.key)).size).toBe(SCANNER_PRESETS.length);
    expect(query('oversold-large-caps')).toBe('rsi_lte=30&rsi_period=14&market_cap__gte=10000000000');
    expect(query('above-200-day')).toBe('sma_lte=true&sma_compare=price&sma_period=200&instr_type=EQUITY');
  });
});
