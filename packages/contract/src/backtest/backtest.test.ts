import { describe, expect, it } from 'vitest';
import {
  IndicatorCreate,
  INDICATOR_MESSAGES as M,
  PeriodWrite,
  SubmitSelection,
  TemplateWrite,
  TEMPLATE_MESSAGES,
  fractionToPercent,
  indicatorFormErrors,
  percentToFraction,
  templateSettingsErrors,
  positionSizeFromForm,
  settingsFromForm,
} from './index.ts';

describe('indicatorFormErrors (spec §5)', () => {
  it('asks for an indicator and an operator first', () => {
    expect(indicatorFormErrors({})).toEqual({ name: M.name, compare: M.compare });
  });

  it('requires period and drift for RSI, SMA, EMA', () => {
    for (const name of ['RSI', 'SMA', 'EMA']) {
      const e = indicatorFormErrors({ name, compare: '<', cvalue: '30', period: '', drift: '' });
      expect(e).toMatchObject({ period: M.periodRequired, drift: M.driftRequired });
      expect(indicatorFormErrors({ name, compare: '<', cvalue: '30', period: 0, drift: '-1' })).toMatchObject({
        period: M.periodPositive,
        drift: M.driftPositive,
      });
    }
  });

  it('requires a length for Supertrend only', () => {
    expect(indicatorFormErrors({ name: 'SUPERTREND', compare: '>', length: '' })).toEqual({ length: M.lengthRequired });
    expect(indicatorFormErrors({ name: 'SUPERTREND', compare: '>', length: 7 })).toEqual({});
    expect(indicatorFormErrors({ name: 'OBV', compare: '>', cvalue: '1e6' })).toEqual({});
  });

  it('keeps the RSI compare value within 0–100 and requires the OBV one', () => {
    for (const cvalue of ['', '-1', '100.5', 'abc', null]) {
      expect(indicatorFormErrors({ name: 'RSI', compare: '<', period: 14, drift: 1, cvalue })).toEqual({ cvalue: M.rsiValue });
    }
    expect(indicatorFormErrors({ name: 'RSI', compare: '<', period: 14, drift: 1, cvalue: '0' })).toEqual({});
    expect(indicatorFormErrors({ name: 'RSI', compare: '<', period: 14, drift: 1, cvalue: 100 })).toEqual({});
    expect(indicatorFormErrors({ name: 'OBV', compare: '<', cvalue: '' })).toEqual({ cvalue: M.compareValueRequired });
    expect(indicatorFormErrors({ name: 'OBV', compare: '<', cvalue: 'x' })).toEqual({ cvalue: M.compareValueNumber });
    expect(indicatorFormErrors({ name: 'OBV', compare: '<' })).toEqual({}); // left out: default 50
  });

  it('rejects fractional windows and negative offsets', () => {
    expect(indicatorFormErrors({ name: 'SMA', compare: '<', period: 2.5, drift: 1, offset: -1 })).toEqual({
      period: M.wholeNumber('Period'),
      offset: M.offsetNonNegative,
    });
  });
});

describe('IndicatorCreate', () => {
  it('fills the defaults and stores ASCII operators as the spec symbols', () => {
    const v = IndicatorCreate.parse({ template: '3', name: 'rsi', compare: '>=', cvalue: 70 });
    expect(v).toEqual({
      template: 3, name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, length: 7,
      compare: '≥', cvalue: '70', cprice: 'CLOSE',
      // the strategy language's fields, at their defaults for a spec row
      output: 'value', fast: 12, slow: 26, signal: 9, stddev: 2, k_smooth: 3, d_period: 3, group: 0, against: null, price_left: false,
    });
  });

  it('reports every bad field at once', () => {
    const r = IndicatorCreate.safeParse({ name: 'RSI', compare: '!', period: 0, drift: 2, cvalue: 200 });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({ template: 'This field is required.', compare: M.compare, period: M.periodPositive, cvalue: M.rsiValue });
  });
});

describe('TemplateWrite, PeriodWrite, SubmitSelection', () => {
  it('rejects a blank template name and bad position sizes', () => {
    expect(TemplateWrite.safeParse({ name: '  ' }).error!.issues[0]).toMatchObject({ path: ['name'], message: 'This field may not be blank.' });
    expect(TemplateWrite.parse({ name: ' A ' })).toEqual({ name: 'A', position_size: undefined });
    expect(TemplateWrite.safeParse({ name: 'A', position_size: 1.5 }).success).toBe(false);
    expect(TemplateWrite.safeParse({ name: 'A', position_size: 0 }).success).toBe(false);
    expect(TemplateWrite.parse({ name: 'A', position_size: '10' }).position_size).toBe(10);
  });

  it('upper-cases the ticker and wants start before end', () => {
    expect(PeriodWrite.parse({ stock_ticker: 'aapl', start_date: '2020-01-01', end_date: '2021-01-01' }).stock_ticker).toBe('AAPL');
    expect(PeriodWrite.safeParse({ stock_ticker: 'AAPL', start_date: '2021-02-30', end_date: '2021-03-01' }).success).toBe(false);
    const r = PeriodWrite.safeParse({ stock_ticker: 'AAPL', start_date: '2021-01-01', end_date: '2021-01-01' });
    expect(r.error!.issues[0].path).toEqual(['end_date']);
  });

  it('wants two positive integer ids', () => {
    expect(SubmitSelection.parse({ period_id: '1', template_id: 2 })).toEqual({ period_id: 1, template_id: 2 });
    expect(SubmitSelection.safeParse({ period_id: 1.5, template_id: 'x' }).error!.issues.map((i) => i.path[0])).toEqual(['period_id', 'template_id']);
  });
});

describe('template commission and cash', () => {
  it('takes commission as a fraction below 0.1 and cash above 0, both optional', () => {
    expect(TemplateWrite.parse({ name: 'A' })).toEqual({ name: 'A', position_size: undefined, commission: undefined, cash: undefined });
    expect(TemplateWrite.parse({ name: 'A', commission: '0.001', cash: '25000' })).toMatchObject({ commission: 0.001, cash: 25_000 });
    expect(TemplateWrite.parse({ name: 'A', commission: 0 }).commission).toBe(0);
    for (const commission of [-0.0001, 0.1, 1, 5]) expect(TemplateWrite.safeParse({ name: 'A', commission }).success, String(commission)).toBe(false);
    for (const cash of [0, -1, 1e13]) expect(TemplateWrite.safeParse({ name: 'A', cash }).success, String(cash)).toBe(false);
  });

  it('converts the form\'s percent to the fraction and back without binary noise', () => {
    expect(percentToFraction(0.1)).toBe(0.001);
    expect(percentToFraction(0.07)).toBe(0.0007);
    expect(fractionToPercent(0.0007)).toBe(0.07);
    expect(fractionToPercent(0.001)).toBe(0.1);
  });

  it('gives the edit form one message per bad field, commission read as a percent', () => {
    const ok = { position_size: '0.99', commission_percent: '0.1', cash: '10000' };
    expect(templateSettingsErrors(ok)).toEqual({});
    expect(templateSettingsErrors({ ...ok, commission_percent: '9.99' })).toEqual({});
    expect(templateSettingsErrors({ ...ok, commission_percent: '10' })).toEqual({ commission_percent: TEMPLATE_MESSAGES.commissionRange });
    expect(templateSettingsErrors({ ...ok, commission_percent: '-0.1' })).toEqual({ commission_percent: TEMPLATE_MESSAGES.commissionRange });
    expect(templateSettingsErrors({ ...ok, cash: '0' })).toEqual({ cash: TEMPLATE_MESSAGES.cashPositive });
    expect(templateSettingsErrors({ position_size: '', commission_percent: 'abc', cash: '1e13' })).toEqual({
      position_size: 'This field is required.',
      commission_percent: 'A valid number is required.',
      cash: TEMPLATE_MESSAGES.cashTooLarge,
    });
    expect(templateSettingsErrors({ ...ok, position_size: '2.5' })).toEqual({ position_size: TEMPLATE_MESSAGES.positionSizeShares });
    // the boxes read what traders type (the shared number parser): 25k, $25,000, 0.1% in the % box
    expect(templateSettingsErrors({ position_size: '99%', position_unit: 'percent', commission_percent: '0.1%', cash: '$25,000' })).toEqual({});
    expect(templateSettingsErrors({ ...ok, cash: '25k' })).toEqual({});
    expect(templateSettingsErrors({ ...ok, cash: '5%' })).toEqual({ cash: 'A valid number is required.' });
    expect(positionSizeFromForm('99%', 'percent')).toBe(0.99);
    expect(positionSizeFromForm('1,000', 'shares')).toBe(1000);
    expect(settingsFromForm({ position_size: '99%', position_unit: 'percent', commission_percent: '0.1%', cash: '25k' })).toEqual({ position_size: 0.99, commission: 0.001, cash: 25_000 });
  });
});
