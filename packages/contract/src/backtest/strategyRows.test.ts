import { describe, expect, it } from 'vitest';
import { IndicatorCreate, indicatorFormErrors, sideMixError } from './indicators.ts';
import { INDICATOR_MESSAGES as M } from './fields.ts';

const errorsOf = (body: Record<string, unknown>) => {
  const r = IndicatorCreate.safeParse({ template: 1, compare: '>', ...body });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('strategy language rows', () => {
  it('fill each indicator\'s own defaults and keep against, group and the crossing operators', () => {
    const v = IndicatorCreate.parse({
      template: 1, name: 'sma', indicator_type: 'BUY', period: 50, compare: 'crosses_above', against: { name: 'SMA', period: 200 }, group: '1',
    });
    expect(v).toMatchObject({ name: 'SMA', output: 'value', period: 50, compare: 'crosses_above', group: 1 });
    expect(v.against).toMatchObject({ name: 'SMA', period: 200, output: 'value', offset: 0 });
    const bb = IndicatorCreate.parse({ template: 1, name: 'BBANDS', indicator_type: 'SHORT', output: 'upper', compare: '<', cprice: 'high' });
    expect(bb).toMatchObject({ period: 20, stddev: 2, output: 'upper', indicator_type: 'SHORT', cprice: 'HIGH', against: null });
    expect(IndicatorCreate.parse({ template: 1, name: 'MACD', compare: '>', cvalue: 0 })).toMatchObject({ fast: 12, slow: 26, signal: 9, output: 'macd' });
  });

  it('name the bad field in the form\'s words', () => {
    expect(errorsOf({ name: 'MACD', output: 'line', cvalue: 0 })).toEqual({ output: M.output('MACD', ['macd', 'signal', 'hist']) });
    expect(errorsOf({ name: 'MACD', fast: '', cvalue: 0 })).toEqual({ fast: 'Fast is required' });
    expect(errorsOf({ name: 'MACD', slow: 501, cvalue: 0 })).toEqual({ slow: 'Slow must be at most 500' });
    expect(errorsOf({ name: 'CCI', period: 0, cvalue: 0 })).toEqual({ period: M.periodPositive });
    expect(errorsOf({ name: 'CCI', period: 501, cvalue: 0 })).toEqual({ period: 'Period must be at most 500' });
    expect(errorsOf({ name: 'BBANDS', stddev: 0.05 })).toEqual({ stddev: 'Std. deviations must be at least 0.1' });
    expect(errorsOf({ name: 'BBANDS', stddev: 11 })).toEqual({ stddev: 'Std. deviations must be at most 10' });
    expect(errorsOf({ name: 'STOCH', k_smooth: 2.5, cvalue: 20 })).toEqual({ k_smooth: '%K smoothing must be a whole number' });
    expect(errorsOf({ name: 'CCI', cvalue: '' })).toEqual({ cvalue: M.compareValueRequired });
    expect(errorsOf({ name: 'SMA', against: { name: 'SMA', period: 10_001 } })).toEqual({ 'against.period': 'Period must be at most 10000' });
    expect(errorsOf({ name: 'SMA', against: { name: 'BBANDS', period: 501 } })).toEqual({ 'against.period': 'Period must be at most 500' });
  });

  it('refuse against inside against, an unknown compared indicator and an unknown group', () => {
    expect(errorsOf({ name: 'SMA', against: { name: 'SMA', against: { name: 'EMA' } } })).toEqual({ against: M.nestedAgainst });
    expect(errorsOf({ name: 'SMA', against: { name: 'VWAP' } })).toEqual({ 'against.name': M.name });
    expect(errorsOf({ name: 'SMA', against: { name: 'MACD', output: 'upper' } })).toEqual({ 'against.output': M.output('MACD', ['macd', 'signal', 'hist']) });
    expect(errorsOf({ name: 'SMA', against: { name: 'MACD', signal: 0 } })).toEqual({ 'against.signal': 'Signal must be at least 1' });
    expect(errorsOf({ name: 'SMA', against: 'SMA' })).toEqual({ against: M.against });
    expect(errorsOf({ name: 'SMA', group: 100 })).toEqual({ group: M.group });
    expect(indicatorFormErrors({ name: 'RSI', compare: 'crosses_below', cvalue: '70' })).toEqual({});
  });

  it('never mix long and short rows in one template', () => {
    expect(sideMixError(['BUY', 'SELL'], 'SELL')).toBeNull();
    expect(sideMixError(['SHORT'], 'COVER')).toBeNull();
    expect(sideMixError(['BUY'], 'SHORT')).toBe(M.mixedSides);
    expect(sideMixError(['COVER'], 'SELL')).toBe(M.mixedSides);
  });
});
