import { describe, expect, it } from 'vitest';
import { MAX_GRID_CELLS, type Indicator, type OptimizationResult, type TemplateDetail } from '@app/contract';
import { cellCount, draftValues, newDraft, paramChoices, paramLabel, requestBody, settingsErrors, showValue, type ParamDraft, type RunSettings } from './grid.ts';
import { cellAt, coordsOf, formatEta, indexOf, rowGradient, scaleColour, scalePosition, sliceHeatmap, strides } from './heatmap.ts';
import { sortCells } from './sort.ts';

const range = (field: string, start: string, stop: string, step: string, row: number | null = 0): ParamDraft => ({ row, field, mode: 'range', start, stop, step, list: '' });
const list = (field: string, text: string, row: number | null = 0): ParamDraft => ({ row, field, mode: 'list', start: '', stop: '', step: '', list: text });

const row = (over: Partial<Indicator>): Indicator => ({
  id: 1, template: 1, name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, length: 10, compare: '<', cvalue: '30', cprice: 'CLOSE',
  output: 'value', fast: 12, slow: 26, signal: 9, stddev: 2, k_smooth: 3, d_period: 3, group: 0, against: null, ...over,
});
const template = (indicators: Indicator[], exits: Partial<TemplateDetail> = {}) =>
  ({
    id: 7, name: 'RSI', position_size: 0.99, commission: 0, cash: 10_000, stop_loss_pct: null, take_profit_pct: null, trailing_stop_pct: null,
    spread: null, commission_fixed: null, risk_pct: null, created_at: '', updated_at: '', indicators, ...exits,
  }) as TemplateDetail;

describe('grid values as typed', () => {
  it('reads a range with its end included when the steps land on it, without float noise', () => {
    expect(draftValues(range('period', '10', '20', '5')).values).toEqual([10, 15, 20]);
    expect(draftValues(range('period', '10', '19', '5')).values).toEqual([10, 15]);
    expect(draftValues(range('cvalue', '0.1', '0.5', '0.1')).values).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
  });
  it('reads a list, comma or space separated, once per value', () => {
    expect(draftValues(list('cvalue', '20, 30 30;40')).values).toEqual([20, 30, 40]);
    expect(draftValues(list('cvalue', '20, abc')).error).toBe('“abc” is not a number.');
    // read by the shared number parser: unit letters and exponents; 5% in a percentage grid
    expect(draftValues(list('cvalue', '1k 2.5k 1e4')).values).toEqual([1000, 2500, 10000]);
    expect(draftValues(range('stop_loss_pct', '2%', '6%', '2', null)).values).toEqual([0.02, 0.04, 0.06]);
    expect(draftValues(list('take_profit_pct', '5% 10%', null)).values).toEqual([0.05, 0.1]);
    expect(draftValues(list('cvalue', '5%')).error).toBe('“5%” is not a number.');
    expect(draftValues(list('cvalue', ' ')).error).toBe('Enter at least one value.');
  });
  it('refuses steps, bounds and counts the engine would refuse', () => {
    expect(draftValues(range('period', '10', '20', '0')).error).toBe('The step must be more than 0.');
    expect(draftValues(range('period', '20', '10', '1')).error).toBe('“To” must not be less than “from”.');
    expect(draftValues(range('period', '', '10', '1')).error).toBe('Enter numbers for from, to and step.');
    expect(draftValues(range('period', '1', '2000', '1')).error).toMatch(/^At most 1,000 values per parameter \(this is 2,000\)/);
    expect(draftValues(range('period', '0', '4', '2')).error).toBe('Whole numbers of 1 or more only.');
    expect(draftValues(range('offset', '0', '2', '1')).values).toEqual([0, 1, 2]);
    expect(draftValues(range('period', '1', '2', '0.5')).error).toBe('Whole numbers of 1 or more only.');
  });
  it('takes exits in percent and sends fractions', () => {
    expect(draftValues(range('stop_loss_pct', '2', '6', '2', null)).values).toEqual([0.02, 0.04, 0.06]);
    expect(draftValues(list('take_profit_pct', '0, 5', null)).error).toBe('Percentages must be more than 0.');
    expect(showValue({ row: null }, 0.07)).toBe('7');
    expect(showValue({ row: 0 }, 14)).toBe('14');
  });
});

describe('cell count', () => {
  it('is the product of the value counts, shown as the user types', () => {
    expect(cellCount([range('period', '10', '20', '2'), list('cvalue', '20, 25, 30')])).toEqual({ cells: 18, error: null });
    expect(cellCount([])).toEqual({ cells: null, error: null });
    expect(cellCount([range('period', '10', '', '2'), list('cvalue', '20')])).toEqual({ cells: null, error: null });
  });
  it('gives the 100,000-cell limit message beyond it', () => {
    const big = [range('period', '1', '1000', '1'), range('cvalue', '1', '101', '1', 1)];
    expect(cellCount(big)).toEqual({ cells: 101_000, error: 'The grid has 101,000 cells; at most 100,000.' });
    expect(cellCount([range('period', '1', '1000', '1'), range('cvalue', '1', '100', '1', 1)]).cells).toBe(MAX_GRID_CELLS);
    expect(cellCount([range('period', '1', '1000', '1'), range('cvalue', '1', '100', '1', 1)]).error).toBeNull();
  });
  it('counts a walk-forward’s cell runs (cells × (folds + 1)) against the server’s limit', () => {
    const grid = [range('period', '1', '1000', '1'), range('cvalue', '1', '100', '1', 1)];
    expect(cellCount(grid, 4).error).toBeNull(); // exactly at the limit
    expect(cellCount(grid, 5).error).toBe('5 folds of 100,000 cells is 600,000 cell runs; at most 500,000.');
  });
});

describe('what can be varied', () => {
  const t = template([row({}), row({ id: 2, name: 'SUPERTREND', indicator_type: 'SELL', cvalue: '' }), row({ id: 3 })], { stop_loss_pct: 0.05 });
  it('lists the fields each row’s indicator uses (no Supertrend multiplier), then the exits', () => {
    expect(paramChoices(t).map((c) => `${c.row}:${c.field}`)).toEqual([
      '0:period', '0:cvalue', '0:drift', '1:length', '1:offset', '2:period', '2:cvalue', '2:drift', 'null:stop_loss_pct', 'null:take_profit_pct', 'null:trailing_stop_pct',
    ]);
  });
  it('offers the parameters of the indicator a row compares with, starting around its value', () => {
    const cross = template([row({ name: 'SMA', period: 50, cvalue: '', against: { name: 'SMA', period: 200 } } as unknown as Partial<Indicator>)]);
    expect(paramChoices(cross).map((c) => `${c.row}:${c.field}`)).toContain('0:against.period');
    expect(paramLabel(cross.indicators, { row: 0, field: 'against.period' })).toBe('SMA buy compared-with period');
    expect(draftValues(newDraft(cross, 0, 'against.period')).values).toEqual([190, 195, 200, 205, 210]);
  });
  it('names rows so two alike stay apart', () => {
    expect(paramLabel(t.indicators, { row: 0, field: 'cvalue' })).toBe('RSI buy #1 level');
    expect(paramLabel(t.indicators, { row: 2, field: 'period' })).toBe('RSI buy #2 period');
    expect(paramLabel(t.indicators, { row: 1, field: 'length' })).toBe('SUPERTREND sell length');
    expect(paramLabel(t.indicators, { field: 'stop_loss_pct' })).toBe('Stop-loss (%)');
  });
  it('starts a new parameter around the template’s value', () => {
    expect(draftValues(newDraft(t, 0, 'period')).values).toEqual([10, 12, 14, 16, 18]);
    expect(draftValues(newDraft(t, 0, 'cvalue')).values).toEqual([20, 25, 30, 35, 40]);
    expect(draftValues(newDraft(t, null, 'stop_loss_pct')).values).toEqual([0.03, 0.04, 0.05, 0.06, 0.07]);
  });
});

describe('request body', () => {
  const s: RunSettings = { objective: 'Sharpe Ratio', direction: 'minimize', minTrades: '3', maxDrawdown: '25', walkForward: { folds: 3, inSamplePct: 80, anchored: true } };
  it('sends the grid, the objective, the constraints and the walk-forward as the API takes them', () => {
    expect(requestBody(7, 9, [range('period', '10', '14', '2'), range('stop_loss_pct', '5', '5', '1', null)], s)).toEqual({
      template_id: 7,
      period_id: 9,
      minimize: 'Sharpe Ratio',
      params: [{ row: 0, field: 'period', values: [10, 12, 14] }, { field: 'stop_loss_pct', values: [0.05] }],
      min_trades: 3,
      max_drawdown_pct: 25,
      walk_forward: { folds: 3, in_sample: 0.8, anchored: true },
    });
    expect(requestBody(7, 9, [list('cvalue', '30')], { ...s, direction: 'maximize', minTrades: '', maxDrawdown: '', walkForward: null })).toEqual({
      template_id: 7, period_id: 9, maximize: 'Sharpe Ratio', params: [{ row: 0, field: 'cvalue', values: [30] }],
    });
  });
  it('checks the constraints and folds', () => {
    expect(settingsErrors(s)).toEqual({});
    expect(settingsErrors({ ...s, minTrades: '1e2', maxDrawdown: '25%' })).toEqual({}); // the shared parser
    expect(settingsErrors({ ...s, minTrades: '1.5', maxDrawdown: '120', walkForward: { folds: 0, inSamplePct: 40, anchored: false } })).toEqual({
      minTrades: 'A whole number of 0 or more.', maxDrawdown: 'A percentage from 0 to 100.', folds: 'From 1 to 20 folds.', inSample: 'From 50 % to 95 %.',
    });
  });
});

describe('heatmap slicing', () => {
  // 3 parameters of 2, 3 and 4 values: cell = a·12 + b·4 + c (the last parameter fastest)
  const values = [[1, 2], [10, 20, 30], [100, 200, 300, 400]];
  const lengths = [2, 3, 4];
  const heatmap = Array.from({ length: 24 }, (_, i) => (i % 5 === 0 ? null : i));
  it('places cells in grid order, the last parameter fastest', () => {
    expect(strides(lengths)).toEqual([12, 4, 1]);
    expect(coordsOf(23, lengths)).toEqual([1, 2, 3]);
    expect(coordsOf(6, lengths)).toEqual([0, 1, 2]);
    for (let i = 0; i < 24; i++) expect(indexOf(coordsOf(i, lengths), lengths)).toBe(i);
  });
  it('cuts the two chosen parameters with the others at the fixed cell, empty cells kept as null', () => {
    const s = sliceHeatmap(heatmap, values, 2, 1, coordsOf(13, lengths)); // fixed: first parameter = 2
    expect(s.xs).toEqual([100, 200, 300, 400]);
    expect(s.ys).toEqual([10, 20, 30]);
    expect(s.rows.map((r) => r.map((c) => c.index))).toEqual([[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]);
    expect(s.rows[0][3].value).toBeNull(); // cell 15
    expect(s.rows[2][0].value).toBeNull(); // cell 20
    expect([s.min, s.max]).toEqual([12, 23]);
    // across the first parameter, down the last one
    const t = sliceHeatmap(heatmap, values, 0, 2, coordsOf(6, lengths));
    expect(t.rows.map((r) => r.map((c) => c.index))).toEqual([[4, 16], [5, 17], [6, 18], [7, 19]]);
  });
  it('gives one row for a single parameter', () => {
    const s = sliceHeatmap([3, null, 5], [[1, 2, 3]], 0, null, [0]);
    expect(s.rows).toEqual([[{ index: 0, value: 3 }, { index: 1, value: null }, { index: 2, value: 5 }]]);
    expect(s.ys).toEqual([]);
  });
  it('has no range when every cell is empty', () => {
    const s = sliceHeatmap([null, null], [[1, 2]], 0, null, [0]);
    expect([s.min, s.max]).toEqual([null, null]);
    expect(scalePosition(null, s.min, s.max, 'maximize')).toBeNull();
  });
});

describe('colour scale', () => {
  it('puts the best end at 1 whichever the direction', () => {
    expect(scalePosition(10, 0, 10, 'maximize')).toBe(1);
    expect(scalePosition(0, 0, 10, 'maximize')).toBe(0);
    expect(scalePosition(0, 0, 10, 'minimize')).toBe(1);
    expect(scalePosition(2.5, 0, 10, 'minimize')).toBe(0.75);
    expect(scalePosition(4, 4, 4, 'maximize')).toBe(1);
  });
  it('runs from dark purple to yellow through the stops, clamped', () => {
    expect(scaleColour(0)).toBe('rgb(68, 1, 84)');
    expect(scaleColour(1)).toBe('rgb(253, 231, 37)');
    expect(scaleColour(0.5)).toBe('rgb(33, 145, 140)');
    expect(scaleColour(0.125)).toBe('rgb(64, 42, 112)');
    expect(scaleColour(-3)).toBe(scaleColour(0));
    expect(scaleColour(7)).toBe(scaleColour(1));
  });
});

describe('heatmap geometry', () => {
  it('finds the cell under the pointer, clamped to the plot', () => {
    expect(cellAt(0, 0, 300, 100, 3, 2)).toEqual({ i: 0, j: 0 });
    expect(cellAt(199.9, 50, 300, 100, 3, 2)).toEqual({ i: 1, j: 1 });
    expect(cellAt(300, 100, 300, 100, 3, 2)).toEqual({ i: 2, j: 1 });
    expect(cellAt(-5, 130, 300, 100, 3, 2)).toEqual({ i: 0, j: 1 });
  });
  it('draws a big row as one band per cell, empty ones transparent', () => {
    expect(rowGradient(['red', null, 'blue'])).toBe('linear-gradient(to right, red 0% 33.3333%, transparent 33.3333% 66.6667%, blue 66.6667% 100%)');
  });
});

describe('table of best cells and progress', () => {
  const cell = (index: number, value: number, trades: number, p: number): OptimizationResult['top'][number] => ({ index, params: [p], value, stats: { '# Trades': trades } as never });
  const top = [cell(4, 9, 3, 20), cell(1, 7, 8, 10), cell(2, 7, 1, 30)];
  it('sorts by any column, ties in rank order, and keeps each cell’s rank', () => {
    expect(sortCells(top, { kind: 'rank' }, false).map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(sortCells(top, { kind: 'stat', key: '# Trades' }, true).map((r) => r.cell.index)).toEqual([1, 4, 2]);
    expect(sortCells(top, { kind: 'param', k: 0 }, false).map((r) => r.cell.index)).toEqual([1, 4, 2]);
    expect(sortCells(top, { kind: 'value' }, false).map((r) => r.rank)).toEqual([2, 3, 1]);
    expect(sortCells(top, { kind: 'stat', key: 'Missing' }, true).map((r) => r.rank)).toEqual([1, 2, 3]);
  });
  it('reads the time left', () => {
    expect(formatEta(null)).toBeNull();
    expect(formatEta(0.2)).toBe('1 s');
    expect(formatEta(42)).toBe('42 s');
    expect(formatEta(185)).toBe('3 min');
    expect(formatEta(3900)).toBe('1 h 5 min');
  });
});
