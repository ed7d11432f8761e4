import { describe, expect, it } from 'vitest';
import { normalizeTemplate, TemplateError, type TemplateInput } from './template.ts';
import { comparedWith, describeCondition, indicatorSeries } from './conditions.ts';
import { rsi, sma, supertrend } from './indicators/index.ts';

const base: TemplateInput = { position_size: 0.5, indicators: [] };
const row = { name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '30' };

describe('template checks', () => {
  it('fills the spec defaults: period 14, drift 1, offset 0, length 7, commission 0, cash 10,000', () => {
    const t = normalizeTemplate({ ...base, indicators: [row] });
    expect(t).toMatchObject({ positionSize: 0.5, commission: 0, cash: 10_000 });
    expect(t.conditions[0]).toMatchObject({ name: 'RSI', side: 'BUY', period: 14, drift: 1, offset: 0, length: 7, op: '<', value: 30 });
  });

  it('accepts numbers as text (as API rows carry decimals) and ≥/≤ spelled either way', () => {
    const t = normalizeTemplate({ position_size: '0.25', commission: '0.001', indicators: [{ ...row, period: '21', compare: '≥' }, { ...row, compare: '<=' }] });
    expect(t.positionSize).toBe(0.25);
    expect(t.conditions.map((c) => [c.period, c.op])).toEqual([[21, '>='], [14, '<=']]);
  });

  const bad: [string, TemplateInput, RegExp][] = [
    ['unknown indicator', { ...base, indicators: [{ ...row, name: 'VWAP' }] }, /indicators\[0\]\.name: unknown indicator "VWAP"/],
    ['bad side', { ...base, indicators: [{ ...row, indicator_type: 'HOLD' }] }, /indicator_type must be BUY, SELL, SHORT or COVER/],
    ['bad operator', { ...base, indicators: [{ ...row, compare: '!=' }] }, /compare must be one of/],
    ['zero period', { ...base, indicators: [{ ...row, period: 0 }] }, /period must be a whole number from 1/],
    ['fractional drift', { ...base, indicators: [{ ...row, drift: 1.5 }] }, /drift must be a whole number/],
    ['negative offset', { ...base, indicators: [{ ...row, offset: -1 }] }, /offset must be a whole number from 0/],
    ['RSI value above 100', { ...base, indicators: [{ ...row, cvalue: '101' }] }, /RSI value must be between 0 and 100/],
    ['missing OBV value', { ...base, indicators: [{ ...row, name: 'OBV', cvalue: '' }] }, /cvalue is required for OBV/],
    ['non-numeric value', { ...base, indicators: [{ ...row, cvalue: 'abc' }] }, /cvalue must be a number/],
    ['unknown price', { ...base, indicators: [{ name: 'SMA', indicator_type: 'BUY', compare: '<', cprice: 'MID' }] }, /cprice must be one of CLOSE, OPEN, HIGH, LOW/],
    ['zero position size', { ...base, position_size: 0 }, /position_size must be greater than 0/],
    ['fractional share count', { ...base, position_size: 2.5 }, /whole number of shares/],
    ['commission of 100 %', { ...base, commission: 1 }, /commission must be a fraction/],
    ['no indicator list', { position_size: 1 } as TemplateInput, /indicators must be a list/],
  ];
  for (const [what, input, message] of bad) {
    it(`rejects ${what}, naming the field`, () => {
      expect(() => normalizeTemplate(input)).toThrow(TemplateError);
      expect(() => normalizeTemplate(input)).toThrow(message);
    });
  }
});

describe('conditions', () => {
  it('describe a row in a trader\'s words', () => {
    expect(describeCondition(row)).toBe('RSI(14) < 30');
    expect(describeCondition({ ...row, period: 7, drift: 2, compare: '>=' })).toBe('RSI(7, drift 2) ≥ 30');
    expect(describeCondition({ name: 'SMA', indicator_type: 'BUY', period: 50, compare: '<=', cprice: 'CLOSE' })).toBe('SMA(50) ≤ Close');
    expect(describeCondition({ name: 'EMA', indicator_type: 'SELL', period: 20, compare: '=', cprice: 'CLOSE' })).toBe('EMA(20) = Close');
    expect(describeCondition({ name: 'SUPERTREND', indicator_type: 'BUY', length: 10, compare: '<', cprice: 'CLOSE' })).toBe('Supertrend(10, 3) < Close');
    expect(describeCondition({ name: 'OBV', indicator_type: 'BUY', offset: 3, compare: '>', cvalue: '0' })).toBe('OBV offset 3 > 0');
  });

  it('give the series a row compares and what it is compared with', () => {
    const n = 40;
    const close = Float64Array.from({ length: n }, (_, i) => 100 + Math.sin(i) * 5);
    const bars = { day: new Int32Array(n), open: close, high: close.map((c) => c + 1), low: close.map((c) => c - 1), close, volume: new Float64Array(n).fill(1) };
    expect(indicatorSeries(bars, { ...row, period: 5, offset: 2 })).toEqual(rsi(close, 5, 1, 2));
    expect(indicatorSeries(bars, { name: 'SMA', indicator_type: 'BUY', period: 3, compare: '<' })).toEqual(sma(close, 3));
    expect(indicatorSeries(bars, { name: 'SUPERTREND', indicator_type: 'BUY', compare: '<' })).toEqual(supertrend(bars.high, bars.low, close, 7, 3).line);
    expect(comparedWith(row)).toBe(30);
    expect(comparedWith({ name: 'EMA', indicator_type: 'BUY', compare: '<' })).toBe('close');
  });
});
