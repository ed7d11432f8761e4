import { describe, expect, it } from 'vitest';
import type { Indicator, TemplateDetail } from '@app/contract';
import { draftFromParam, draftValues, linkableRows, paramLabel, draftParam, requestBody, settingsFromRequest, type ParamDraft } from './grid.ts';

const row = (over: Partial<Indicator>): Indicator => ({
  id: 1, template: 1, name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, length: 10, compare: '<', cvalue: '30', cprice: 'CLOSE', ...over,
}) as Indicator;
const template = { indicators: [row({}), row({ indicator_type: 'SELL', compare: '>', cvalue: '70' }), row({ name: 'OBV' })] } as unknown as TemplateDetail;

describe('a run read back into the form', () => {
  it('makes evenly spaced values a range, others a list, exits back in percent', () => {
    expect(draftFromParam({ row: 0, field: 'period', values: [8, 11, 14, 17, 20] })).toMatchObject({ row: 0, mode: 'range', start: '8', stop: '20', step: '3' });
    expect(draftFromParam({ row: 0, field: 'cvalue', values: [30, 35, 45] })).toMatchObject({ mode: 'list', list: '30, 35, 45' });
    expect(draftFromParam({ field: 'stop_loss_pct', values: [0.02, 0.04, 0.06] })).toMatchObject({ row: null, mode: 'range', start: '2', stop: '6', step: '2' });
    expect(draftFromParam({ row: 0, field: 'period', values: [14] })).toMatchObject({ mode: 'list', list: '14' });
    const back = draftFromParam({ field: 'stop_loss_pct', values: [0.02, 0.04, 0.06] });
    expect(draftValues(back).values).toEqual([0.02, 0.04, 0.06]);
  });
  it('reads the objective, constraints and walk-forward as the form holds them', () => {
    expect(settingsFromRequest({ objective: 'Sharpe Ratio', direction: 'minimize', min_trades: 3, max_drawdown_pct: null, walk_forward: { folds: 5, in_sample: 0.8, anchored: true } })).toEqual({
      objective: 'Sharpe Ratio', direction: 'minimize', minTrades: '3', maxDrawdown: '', walkForward: { folds: 5, inSamplePct: 80, anchored: true },
    });
  });
});

describe('linked rows in the form', () => {
  const linked: ParamDraft = { row: 0, linked: [1], field: 'period', mode: 'list', start: '', stop: '', step: '', list: '7, 21' };
  it('offer the other rows whose indicator has the field', () => {
    expect(linkableRows(template, { ...linked, linked: [] })).toEqual([1]);
    expect(linkableRows(template, { ...linked, field: 'cvalue' })).toEqual([1, 2]);
    expect(linkableRows(template, { ...linked, row: null })).toEqual([]);
  });
  it('are named together and sent as rows', () => {
    expect(paramLabel(template.indicators, draftParam(linked))).toBe('RSI buy + sell period');
    const body = requestBody(1, 2, [linked], { objective: 'Return [%]', direction: 'maximize', minTrades: '', maxDrawdown: '', walkForward: null });
    expect(body.params).toEqual([{ rows: [0, 1], field: 'period', values: [7, 21] }]);
    expect(draftFromParam(body.params[0])).toMatchObject({ row: 0, linked: [1] });
  });
});
