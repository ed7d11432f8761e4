import { describe, expect, it } from 'vitest';
import { indicatorFormErrors } from '@app/contract';
import { describeCondition } from '@app/quant';
import { blocksOf, initialRow, newGroup, operandFor, rightKinds, rightOf, shownNumbers, sideOfRows, valuesOf } from './rowBuilder.ts';

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
});
