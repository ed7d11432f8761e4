import { describe, expect, it } from 'vitest';
import type { TemplateInput } from '../template.ts';
import { cellParams, cellTemplate, GridError, parseGrid } from './grid.ts';

// Linked rows: one grid value sets a field in several indicator rows (one RSI period for BUY and SELL).
const rsi: TemplateInput = {
  position_size: 0.99,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
  ],
};

describe('linked rows', () => {
  it('set the same value in every row named, cell by cell', () => {
    const g = parseGrid({ maximize: 'Return [%]', params: [{ rows: [0, 1], field: 'period', values: [7, 21] }, { row: 0, field: 'cvalue', values: [25, 35] }] }, rsi);
    expect(g.cells).toBe(4);
    expect(g.params[0]).toEqual({ rows: [0, 1], field: 'period', values: [7, 21] });
    for (let i = 0; i < 4; i++) {
      const [period, level] = cellParams(g, i);
      const t = cellTemplate(g, i);
      expect(t.conditions.map((c) => c.period)).toEqual([period, period]);
      expect(t.conditions[0].value).toBe(level);
      expect(t.conditions[1].value).toBe(70);
    }
  });
  it('refuse a row named twice, a row out of range, row beside rows, and a row already varied', () => {
    const bad = (params: object[]) => () => parseGrid({ maximize: 'Return [%]', params: params as never }, rsi);
    expect(bad([{ rows: [0, 0], field: 'period', values: [7] }])).toThrow(new GridError('params[0].rows names a row twice'));
    expect(bad([{ rows: [0, 2], field: 'period', values: [7] }])).toThrow(/params\[0\]\.rows must be the index of one of the template's 2 indicator rows/);
    expect(bad([{ row: 0, rows: [0, 1], field: 'period', values: [7] }])).toThrow(/give row or rows, not both/);
    expect(bad([{ rows: [0, 1], field: 'period', values: [7] }, { row: 1, field: 'period', values: [9] }])).toThrow(/params\[1\]: row 1 period is already a parameter/);
  });
});
