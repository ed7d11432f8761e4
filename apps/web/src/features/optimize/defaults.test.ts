import { describe, expect, it } from 'vitest';
import type { Indicator, TemplateDetail } from '@app/contract';
import { cellCount, defaultDrafts, linkableRows, readSame, requestBody, settingsErrors, settingsFromRequest, type ParamDraft, type RunSettings } from './grid.ts';
import { projectTried } from './heatmap.ts';

const operand = { output: 'value', period: 14, drift: 1, offset: 0, length: 10, fast: 12, slow: 26, signal: 9, stddev: 2, k_smooth: 3, d_period: 3 };
const row = (over: Partial<Indicator>): Indicator => ({
  id: 1, template: 1, name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '30', cprice: 'CLOSE', group: 0, against: null, ...operand, ...over,
}) as Indicator;
const template = (indicators: Indicator[]) => ({ id: 7, name: 'T', position_size: 1, commission: 0, cash: 10_000, indicators }) as unknown as TemplateDetail;
const sma = (period: number) => ({ ...operand, name: 'SMA', period }) as Indicator['against'];
const goldenCross = template([
  row({ name: 'SMA', period: 50, compare: 'crosses_above', cvalue: '', against: sma(200) }),
  row({ name: 'SMA', indicator_type: 'SELL', period: 50, compare: 'crosses_below', cvalue: '', against: sma(200) }),
]);
const axes = (t: TemplateDetail) => defaultDrafts(t).map((d) => ({ row: d.row, field: d.field, linked: d.linked ?? [] }));

describe('the form’s default axes', () => {
  it('a golden cross: the fast and the slow period, each linked to the SELL row', () => {
    expect(axes(goldenCross)).toEqual([
      { row: 0, field: 'period', linked: [1] },
      { row: 0, field: 'against.period', linked: [1] },
    ]);
    // around the template's own periods
    expect(defaultDrafts(goldenCross).map((d) => [d.start, d.stop])).toEqual([['40', '60'], ['190', '210']]);
  });

  it('RSI below 30 / above 70: the period of RSI(14), linked to the SELL row, and the BUY level alone (the rows compare with other levels)', () => {
    const rsi = template([row({}), row({ indicator_type: 'SELL', compare: '>', cvalue: '70' })]);
    expect(axes(rsi)).toEqual([{ row: 0, field: 'period', linked: [1] }, { row: 0, field: 'cvalue', linked: [] }]);
    expect(readSame(rsi.indicators[0], rsi.indicators[1], 'period')).toBe(true);
    expect(readSame(rsi.indicators[0], rsi.indicators[1], 'cvalue')).toBe(false);
    // another RSI period on the SELL row is another indicator: not linked
    const other = template([row({}), row({ indicator_type: 'SELL', compare: '>', cvalue: '70', period: 7 })]);
    expect(axes(other)[0]).toEqual({ row: 0, field: 'period', linked: [] });
  });

  it('a MACD crossover: fast and slow, linked; never drift or offset', () => {
    const macd = { ...operand, name: 'MACD', output: 'signal' } as Indicator['against'];
    const t = template([
      row({ name: 'MACD', output: 'macd', compare: 'crosses_above', cvalue: '', against: macd }),
      row({ name: 'MACD', output: 'macd', indicator_type: 'SELL', compare: 'crosses_below', cvalue: '', against: macd }),
    ]);
    expect(axes(t)).toEqual([{ row: 0, field: 'fast', linked: [1] }, { row: 0, field: 'slow', linked: [1] }]);
    // an SMA above the close: its period, then the next row's, never SMA drift
    const smaClose = template([row({ name: 'SMA', compare: '>', cvalue: '', cprice: 'CLOSE', period: 20 }), row({ name: 'RSI', indicator_type: 'SELL', compare: '>', cvalue: '70' })]);
    expect(axes(smaClose).map((a) => a.field)).toEqual(['period', 'period']);
    expect(defaultDrafts(smaClose).some((d) => d.field === 'drift' || d.field === 'offset')).toBe(false);
  });

  it('rows read the same numbers only with the same indicator and parameters on both sides', () => {
    expect(readSame(goldenCross.indicators[0], goldenCross.indicators[1])).toBe(true);
    expect(readSame(goldenCross.indicators[0], { ...goldenCross.indicators[1], against: sma(100) })).toBe(false);
    expect(readSame(goldenCross.indicators[0], { ...goldenCross.indicators[1], period: 20 })).toBe(false);
  });

  it('an against. field can be linked across rows like the rest', () => {
    const d: ParamDraft = { row: 0, field: 'against.period', mode: 'range', start: '190', stop: '210', step: '5', list: '' };
    expect(linkableRows(goldenCross, d)).toEqual([1]);
    const body = requestBody(1, 2, [{ ...d, linked: [1] }], { objective: 'Return [%]', direction: 'maximize', minTrades: '', maxDrawdown: '', walkForward: null });
    expect(body.params).toEqual([{ rows: [0, 1], field: 'against.period', values: [190, 195, 200, 205, 210] }]);
  });
});

describe('a search in the form', () => {
  const big: ParamDraft[] = [
    { row: 0, field: 'period', mode: 'range', start: '1', stop: '1000', step: '1', list: '' },
    { row: 0, field: 'cvalue', mode: 'range', start: '1', stop: '500', step: '1', list: '' },
  ];
  const settings: RunSettings = { objective: 'Return [%]', direction: 'maximize', minTrades: '', maxDrawdown: '', walkForward: null, search: { budget: '2000', seed: '7' } };

  it('takes a space past the grid limit, counts its budget per fold, and sends method, budget and seed', () => {
    expect(cellCount(big).error).toMatch(/at most 100,000/);
    expect(cellCount(big, null, 2000)).toEqual({ cells: 500_000, error: null });
    expect(cellCount(big, 300, 2000).error).toMatch(/cell runs/);
    expect(requestBody(1, 2, big, settings)).toMatchObject({ method: 'search', budget: 2000, seed: 7 });
    expect(requestBody(1, 2, big, { ...settings, search: null })).not.toHaveProperty('method');
    expect(settingsErrors({ ...settings, search: { budget: '0', seed: '-1' } })).toMatchObject({ budget: expect.any(String), seed: expect.any(String) });
    expect(settingsFromRequest({ objective: 'Return [%]', direction: 'maximize', min_trades: null, max_drawdown_pct: null, walk_forward: null, method: 'search', budget: 500, seed: 3 }).search).toEqual({ budget: '500', seed: '3' });
  });

  it('its heatmap shows the cells tried: at each point the best tried there, blank elsewhere', () => {
    // 3 × 2 × 2 grid; tried cells 0 (0,0,0), 1 (0,0,1), 7 (1,1,1), 10 (2,1,0)
    const values = [[10, 20, 30], [1, 2], ['a', 'b']];
    const s = projectTried([5, 9, null, 4], [0, 1, 7, 10], values, 0, 1, 'maximize');
    expect(s.rows.map((r) => r.map((c) => c.value))).toEqual([[9, null, null], [null, null, 4]]);
    expect(s.rows[0][0].index).toBe(1);
    expect([s.min, s.max]).toEqual([4, 9]);
    expect(projectTried([5, 9, null, 4], [0, 1, 7, 10], values, 0, 1, 'minimize').rows[0][0].index).toBe(0);
  });
});
