import { describe, expect, it } from 'vitest';
import { indicatorFormErrors } from '@app/contract';
import { describeCondition } from '@app/quant';
import type { Indicator } from '@app/contract';
import { blocksOf, initialRow, newGroup, operandFor, rightKinds, rightOf, rowFields, rowStateOf, shownNumbers, sideOfRows, valuesOf } from './rowBuilder.ts';

describe('template builder rows', () => {
  it('fill an indicator\'s own defaults and show its registry parameters', () => {
    expect(operandFor('MACD')).toMatchObject({ output: 'macd', fast: '12', slow: '26', signal: '9' });
    expect(operandFor('BBANDS')).toMatchObject({ output: 'middle', period: '20', stddev: '2' });
    expect(shownNumbers('STOCH')).toEqual(['period', 'k_smooth', 'd_period', 'offset']);
    expect(shownNumbers('SMA')).toEqual(['period', 'drift']); // spec §5's form
  });

  it('offer a price beside a price-like line and a number beside an oscillator', () => {
    expect(rightKinds(operandFor('SMA'))).toEqual(['price', 'indicator']);
    expect(rightKinds({ name: 'BBANDS', output: 'percent_b' })).toEqual(['number', 'indicator']);
    const row = { ...initialRow('long'), ...operandFor('BBANDS'), right: 'price' as const, output: 'percent_b' };
    expect(rightOf(row)).toBe('number');
  });

  it('send a golden cross that reads back in words', () => {
    const row = { ...initialRow('long'), ...operandFor('SMA'), period: '50', compare: 'crosses_above', right: 'indicator' as const, against: { ...operandFor('SMA'), period: '200' } };
    const v = valuesOf(row);
    expect(indicatorFormErrors(v)).toEqual({});
    expect(v.against).toMatchObject({ name: 'SMA', period: '200' });
    expect(v.cprice).toBeUndefined();
    expect(describeCondition(v as Parameters<typeof describeCondition>[0])).toBe('SMA(50) crosses above SMA(200)');
  });

  it('send number boxes as the shared parser reads them; text it cannot read goes as typed, for the rules to name', () => {
    const v = valuesOf({ ...initialRow('long'), ...operandFor('RSI'), period: ' 1e1 ', compare: '<', cvalue: '30.50' });
    expect(v).toMatchObject({ period: '10', cvalue: '30.5' });
    expect(indicatorFormErrors(v)).toEqual({});
    const bad = valuesOf({ ...initialRow('long'), ...operandFor('RSI'), period: 'abc', compare: '<' });
    expect(bad.period).toBe('abc');
    expect(indicatorFormErrors(bad).period).toBe('Period is required');
  });

  it('find a template\'s side and its blocks', () => {
    expect(sideOfRows([])).toBeNull();
    expect(sideOfRows([{ indicator_type: 'COVER' }])).toBe('short');
    const rows = [{ indicator_type: 'BUY', group: 2 }, { indicator_type: 'BUY', group: 0 }, { indicator_type: 'SELL', group: 5 }] as const;
    expect(blocksOf(rows, 'BUY').map((b) => b.group)).toEqual([0, 2]);
    expect(newGroup(rows)).toBe(6);
    expect(valuesOf({ ...initialRow('short', 3), ...operandFor('RSI'), compare: '>' })).toMatchObject({ indicator_type: 'SHORT', group: '3', cvalue: '50' });
  });

  it('send a price on the left mirrored, which reads back as written', () => {
    const row = { ...initialRow('long'), ...operandFor('BBANDS'), output: 'lower', left: 'price' as const, lprice: 'CLOSE', compare: 'crosses_below' };
    const v = valuesOf(row);
    expect(v).toMatchObject({ name: 'BBANDS', output: 'lower', compare: 'crosses_above', cprice: 'CLOSE', price_left: true });
    expect(v.against).toBeUndefined();
    expect(indicatorFormErrors(v)).toEqual({});
    expect(describeCondition(v as Parameters<typeof describeCondition>[0])).toBe('Close crosses below BB lower(20, 2)');
    expect(indicatorFormErrors(valuesOf({ ...row, ...operandFor('RSI') }))).toHaveProperty('name');
  });

  it('open a stored row for editing as it was written', () => {
    const stored: Indicator = {
      id: 3, template: 1, name: 'BBANDS', indicator_type: 'SELL', period: 20, drift: 1, offset: 0, length: 7, compare: 'crosses_above', cvalue: '50', cprice: 'HIGH',
      output: 'lower', fast: 12, slow: 26, signal: 9, stddev: 2.5, k_smooth: 3, d_period: 3, group: 2, against: null, price_left: true,
    };
    const s = rowStateOf(stored);
    expect(s).toMatchObject({ left: 'price', lprice: 'HIGH', compare: 'crosses_below', name: 'BBANDS', output: 'lower', stddev: '2.5', indicator_type: 'SELL', group: '2' });
    expect(valuesOf(s)).toMatchObject({ compare: 'crosses_above', cprice: 'HIGH', price_left: true, stddev: '2.5', group: '2' });
    const cross = rowStateOf({ ...stored, name: 'SMA', output: 'value', period: 50, price_left: false, against: { name: 'SMA', output: 'value', period: 200, drift: 1, offset: 0, length: 7, fast: 12, slow: 26, signal: 9, stddev: 2, k_smooth: 3, d_period: 3 } });
    expect(cross).toMatchObject({ left: 'indicator', right: 'indicator', compare: 'crosses_above', period: '50' });
    expect(cross.against.period).toBe('200');
    const rsi = rowStateOf({ ...stored, name: 'RSI', output: 'value', period: 14, compare: '<', cvalue: '30', price_left: false });
    expect(rightOf(rsi)).toBe('number');
    expect(valuesOf(rsi)).toMatchObject({ name: 'RSI', cvalue: '30', compare: '<' });
    expect(rowFields(stored)).not.toHaveProperty('id');
  });
});
