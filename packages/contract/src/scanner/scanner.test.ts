import { describe, expect, it } from 'vitest';
import {
  FILTER_TYPES,
  SAVED_FILTER_FIELDS,
  SCANNER_MESSAGES,
  buildScanQuery,
  clampFaPeriods,
  clampTaPeriod,
  compareScanResults,
  defaultFilterRow,
  incompleteFilterCount,
  isFilterComplete,
  operatorToSymbol,
  operatorToWord,
  parseScanQuery,
  percentageError,
  readPercentInput,
  rowToSavedFilter,
  rowsToTemplate,
  savedFilterSchema,
  savedFilterToRow,
  scanQueryToRows,
  scannerTemplateCreateSchema,
  storedMarket,
  templateToRows,
  type FilterRow,
  type ScanQuery,
} from './index.ts';

const allTypes = Object.values(FILTER_TYPES).flatMap((l) => l.map((t) => t.type));

/** One complete row of every type, with non-default values so a lost field shows. */
const sample: FilterRow[] = [
  { category: 'Basic', type: 'price', operator: 'between', value1: 10.5, value2: 99 },
  { category: 'Basic', type: 'volume', operator: 'gte', value1: 1_000_000, value2: null },
  { category: 'Basic', type: 'market_cap', operator: 'lte', value1: 2e12, value2: null },
  { category: 'Basic', type: 'chg', operator: 'gte', value1: -3.25 },
  { category: 'Basic', type: 'market', value: 'NYSEACRA' },
  { category: 'Basic', type: 'sector', value: 'Health Care' },
  { category: 'Basic', type: 'instr_type', value: 'ETF' },
  { category: 'TA', type: 'sma', operator: 'lte', period: 50 },
  { category: 'TA', type: 'ema', operator: 'gte', period: 9 },
  { category: 'TA', type: 'st', operator: 'gte', period: 12, multiplier: 2.5 },
  { category: 'TA', type: 'rsi', operator: 'between', value1: 30, value2: 70, period: 21 },
  { category: 'TA', type: 'vol_avg', operator: 'lte', value1: 5e6, value2: null, period: 30 },
  { category: 'TA', type: 'macd', aboveSignal: false, fast: 5, slow: 35, signal: 5 },
  { category: 'TA', type: 'price_compare', currentField: 'high', compareField: 'low', comparison: '<=', offset: -3 },
  { category: 'FA', type: 'financial_trend', metric: 'netincome', periodType: 'ANNUAL', direction: 'decreasing', periods: 4 },
  { category: 'FA', type: 'fa_compare', metric: 'roe', operator: 'gt', value: 0.15, periodType: 'ANNUAL' },
];

const parse = (qs: string) => parseScanQuery(new URLSearchParams(qs));
const ok = (qs: string): ScanQuery => {
  const r = parse(qs);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const errs = (qs: string) => {
  const r = parse(qs);
  if (r.ok) throw new Error(`expected errors for ${qs}`);
  return r.errors;
};

describe('operator translation (spec §7)', () => {
  it('maps every symbol to its word and back', () => {
    const pairs = [['>=', 'gte'], ['<=', 'lte'], ['==', 'eq'], ['!=', 'neq'], ['>', 'gt'], ['<', 'lt'], ['between', 'between']] as const;
    for (const [s, w] of pairs) {
      expect(operatorToWord(s)).toBe(w);
      expect(operatorToSymbol(w)).toBe(s);
    }
  });
  it('stores NYSEACRA as the exchange spelling', () => {
    expect(storedMarket('NYSEACRA')).toBe('NYSEARCA');
    expect(storedMarket('NASDAQ')).toBe('NASDAQ');
  });
});

describe('defaults (spec §9)', () => {
  it('gives every filter type its default row', () => {
    expect(defaultFilterRow('sma')).toMatchObject({ period: 200, operator: 'gte' });
    expect(defaultFilterRow('ema')).toMatchObject({ period: 20 });
    expect(defaultFilterRow('st')).toMatchObject({ period: 10, multiplier: 3 });
    expect(defaultFilterRow('rsi')).toMatchObject({ period: 14 });
    expect(defaultFilterRow('vol_avg')).toMatchObject({ period: 20 });
    expect(defaultFilterRow('macd')).toEqual({ category: 'TA', type: 'macd', aboveSignal: true, fast: 12, slow: 26, signal: 9 });
    expect(defaultFilterRow('price_compare')).toMatchObject({ currentField: 'close', compareField: 'open', comparison: '>', offset: 0 });
    expect(defaultFilterRow('financial_trend')).toMatchObject({ metric: 'revenue', periodType: 'QUARTERLY', direction: 'increasing', periods: 3 });
    expect(defaultFilterRow('fa_compare')).toMatchObject({ metric: 'revenue', operator: 'gte', value: 1_000_000, periodType: 'QUARTERLY' });
    expect(defaultFilterRow('market')).toMatchObject({ value: 'NASDAQ' });
    expect(defaultFilterRow('sector')).toMatchObject({ value: 'Technology' });
    expect(defaultFilterRow('instr_type')).toMatchObject({ value: 'EQUITY' });
    for (const t of allTypes) expect(defaultFilterRow(t).type).toBe(t);
  });
  it('counts rows still missing values as incomplete', () => {
    const rsi: FilterRow = { category: 'TA', type: 'rsi', operator: 'between', value1: 30, value2: null, period: 14 };
    const rows: FilterRow[] = [defaultFilterRow('price'), defaultFilterRow('sma'), rsi];
    expect(rows.map(isFilterComplete)).toEqual([false, true, false]);
    expect(incompleteFilterCount(rows)).toBe(2);
    expect(SCANNER_MESSAGES.incompleteFilters(2)).toBe('Please complete all filters before saving. You have 2 incomplete filter(s).');
  });
});

describe('input rules (spec §5)', () => {
  it('validates percentages with the spec messages', () => {
    expect(percentageError('12.34')).toBeNull();
    expect(percentageError('-100')).toBeNull();
    expect(percentageError('1000')).toBeNull();
    expect(percentageError('abc')).toBe('Please enter a valid number');
    expect(percentageError('')).toBe('Please enter a valid number');
    expect(percentageError('-100.01')).toBe('Percentage cannot be less than -100%');
    expect(percentageError('1000.5')).toBe('Percentage cannot be greater than 1000%');
    expect(percentageError('1.234')).toBe('Maximum 2 decimal places allowed');
  });
  it('reads the % change box as traders type it (5 and 5% alike), with the same spec messages', () => {
    expect(readPercentInput('5')).toEqual({ value: 5, error: null });
    expect(readPercentInput(' 5% ')).toEqual({ value: 5, error: null });
    expect(readPercentInput('-2.5%')).toEqual({ value: -2.5, error: null });
    expect(readPercentInput('1.20')).toEqual({ value: 1.2, error: null });
    expect(readPercentInput('abc')).toEqual({ value: null, error: 'Please enter a valid number' });
    expect(readPercentInput('')).toEqual({ value: null, error: 'Please enter a valid number' });
    expect(readPercentInput('5k')).toEqual({ value: null, error: 'Please enter a valid number' });
    expect(readPercentInput('-100.01%')).toEqual({ value: null, error: 'Percentage cannot be less than -100%' });
    expect(readPercentInput('1,000.5')).toEqual({ value: null, error: 'Percentage cannot be greater than 1000%' });
    expect(readPercentInput('1.234%')).toEqual({ value: null, error: 'Maximum 2 decimal places allowed' });
  });
  it('clamps TA and trend periods', () => {
    expect(clampTaPeriod(3)).toBe(5);
    expect(clampTaPeriod(500)).toBe(200);
    expect(clampTaPeriod(20.4)).toBe(20);
    expect(clampTaPeriod(NaN, 14)).toBe(14);
    expect(clampFaPeriods(1)).toBe(2);
    expect(clampFaPeriods(9)).toBe(5);
  });
});

describe('saved filters (spec §3)', () => {
  it('stores every row type and restores it exactly', () => {
    sample.forEach((row, i) => {
      const saved = rowToSavedFilter(row, i);
      expect(Object.keys(saved).sort()).toEqual([...SAVED_FILTER_FIELDS].sort());
      expect(savedFilterSchema.parse(saved)).toEqual(saved);
      expect(savedFilterToRow(saved)).toEqual({ ok: true, value: row });
    });
  });
  it('follows the spec mapping for MA, MACD and operators', () => {
    expect(rowToSavedFilter(sample[7], 0)).toMatchObject({ filter_type: 'sma_lte', operator: '<=', value_text: 'price', indicator_period: '50' });
    expect(rowToSavedFilter(sample[9], 0)).toMatchObject({ filter_type: 'st_gte', multiplier: 2.5, indicator_period: '12' });
    expect(rowToSavedFilter(sample[12], 0)).toMatchObject({ filter_type: 'macd', operator: '!=', indicator_period: '5,35,5' });
    expect(rowToSavedFilter(defaultFilterRow('macd'), 0)).toMatchObject({ operator: '==', indicator_period: '12,26,9' });
    expect(rowToSavedFilter(sample[0], 0)).toMatchObject({ operator: 'between', value_numeric_1: 10.5, value_numeric_2: 99 });
    expect(rowToSavedFilter(sample[15], 0)).toMatchObject({ operator: '>', fa_metric_name: 'roe', value_numeric_1: 0.15, fa_period_type: 'ANNUAL' });
    expect(rowToSavedFilter(sample[13], 0)).toMatchObject({ current_price_field: 'high', compare_price_field: 'low', ohlc_comparison: '<=', ohlc_offset: -3 });
  });
  it('loads a Trendfinder saved without multiplier with 3', () => {
    const saved = { ...rowToSavedFilter(sample[9], 0), multiplier: null };
    expect(savedFilterToRow(saved)).toMatchObject({ ok: true, value: { multiplier: 3 } });
  });
  it('names the fields that make a stored filter invalid', () => {
    const base = rowToSavedFilter(sample[10], 0);
    expect(savedFilterToRow({ ...base, indicator_period: '4' })).toMatchObject({ ok: false, errors: { indicator_period: [expect.any(String)] } });
    expect(savedFilterToRow({ ...base, operator: '~' })).toMatchObject({ ok: false, errors: { operator: [expect.any(String)] } });
    expect(savedFilterToRow({ ...base, value_numeric_2: null })).toMatchObject({ ok: false, errors: { value_numeric_2: [expect.any(String)] } });
    expect(savedFilterToRow({ ...base, value_numeric_1: 101 })).toMatchObject({ ok: false, errors: { value_numeric_1: [expect.any(String)] } });
    expect(savedFilterToRow({ ...base, filter_type: 'nope' })).toMatchObject({ ok: false, errors: { filter_type: [expect.any(String)] } });
    expect(savedFilterToRow({ ...base, category: 'FA' })).toMatchObject({ ok: false, errors: { category: [expect.any(String)] } });
    expect(savedFilterToRow({ ...rowToSavedFilter(sample[7], 0), filter_type: 'sma' })).toMatchObject({ ok: false });
    expect(savedFilterToRow({ ...rowToSavedFilter(sample[12], 0), indicator_period: '12,26' })).toMatchObject({ ok: false });
    expect(savedFilterToRow({ ...rowToSavedFilter(sample[13], 0), ohlc_offset: 2 })).toMatchObject({ ok: false, errors: { ohlc_offset: [expect.any(String)] } });
    expect(savedFilterToRow({ ...rowToSavedFilter(sample[3], 0), value_numeric_1: 1.234 })).toMatchObject({
      ok: false,
      errors: { value_numeric_1: ['Maximum 2 decimal places allowed'] },
    });
  });
  it('validates a template body with paths the screen can show', () => {
    const body = rowsToTemplate('  My query ', sample);
    const parsed = scannerTemplateCreateSchema.parse(body);
    expect(parsed.name).toBe('My query');
    expect(templateToRows(parsed)).toEqual(sample);
    const bad = scannerTemplateCreateSchema.safeParse({ name: ' ', filters: [{ ...body.filters[10], indicator_period: 'x' }] });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('name');
    expect(paths).toContain('filters.0.indicator_period');
    expect(bad.error!.issues.find((i) => i.path[0] === 'name')!.message).toBe('Template name cannot be empty');
  });
  it('restores rows in saved order', () => {
    const filters = sample.slice(0, 3).map((r, i) => rowToSavedFilter(r, 2 - i));
    expect(templateToRows({ filters })).toEqual(sample.slice(0, 3).reverse());
  });
});

describe('query string (spec §7)', () => {
  it('builds the parameters the spec names', () => {
    const qs = new URLSearchParams(buildScanQuery(sample, { ordering: '-chg', page_size: 100 }));
    expect(Object.fromEntries(qs)).toEqual({
      price__gte: '10.5', price__lte: '99', volume__gte: '1000000', market_cap__lte: '2000000000000', chg__gte: '-3.25',
      market: 'NYSEACRA', sector: 'Health Care', instr_type: 'ETF',
      sma_lte: 'true', sma_compare: 'price', sma_period: '50',
      ema_gte: 'true', ema_compare: 'price', ema_period: '9',
      st_gte: 'true', st_compare: 'price', st_period: '12', st_multiplier: '2.5',
      rsi_gte: '30', rsi_lte: '70', rsi_period: '21', vol_avg_lte: '5000000', vol_avg_period: '30',
      macd_above_signal: 'false', macd_fast: '5', macd_slow: '35', macd_signal: '5',
      price_compare: 'true', price_compare_current_field: 'high', price_compare_compare_field: 'low',
      price_compare_comparison: '<=', price_compare_offset: '-3',
      fa_metric: 'netincome', fa_period_type: 'ANNUAL', fa_direction: 'decreasing', fa_consecutive_periods: '4',
      roe__gt: '0.15', fa_compare_period: 'ANNUAL', ordering: '-chg', page_size: '100',
    });
  });
  it('parses back to the same rows', () => {
    expect(scanQueryToRows(ok(buildScanQuery(sample)))).toEqual(sample);
  });
  it('applies defaults and the default ordering', () => {
    const q = ok('sma_gte=true&sma_compare=price&rsi_lte=30&macd_above_signal=true&price_compare=true&fa_metric=fcf');
    expect(q.sma).toEqual({ gte: true, lte: false, period: 200 });
    expect(q.rsi).toEqual({ lte: 30, gte: undefined, period: 14 });
    expect(q.macd).toEqual({ aboveSignal: true, fast: 12, slow: 26, signal: 9 });
    expect(q.price_compare).toEqual({ currentField: 'close', compareField: 'open', comparison: '>', offset: 0 });
    expect(q.financial_trend).toEqual({ metric: 'fcf', periodType: 'QUARTERLY', direction: 'increasing', periods: 3 });
    expect(q.ordering).toEqual({ field: 'volume', desc: true });
    expect(q.page).toBe(1);
    expect(q.page_size).toBe(50);
    expect(q.periods).toEqual({ sma: 200, ema: 20, rsi: 14, vol_avg: 20 });
  });
  it('accepts comparison words and the exchange spelling of NYSE Arca', () => {
    expect(ok('price_compare=true&price_compare_comparison=neq').price_compare!.comparison).toBe('!=');
    expect(ok('market=NYSEARCA').market).toBe('NYSEACRA');
    expect(ok('price__gte=').price).toBeUndefined();
  });
  it('answers 400-style errors naming each bad parameter', () => {
    expect(errs('foo=1&price__gte=abc')).toEqual({ foo: ['Unknown parameter.'], price__gte: ['Enter a number.'] });
    expect(errs('price__lte=100001')).toEqual({ price__lte: ['Ensure this value is less than or equal to 100000.'] });
    expect(errs('sma_period=4')).toHaveProperty('sma_period');
    expect(errs('sma_period=20.5')).toEqual({ sma_period: ['Enter a whole number.'] });
    expect(errs('chg__gte=1.234')).toEqual({ chg__gte: ['Maximum 2 decimal places allowed'] });
    expect(errs('chg__lte=-101')).toEqual({ chg__lte: ['Percentage cannot be less than -100%'] });
    expect(errs('price_compare_offset=1')).toHaveProperty('price_compare_offset');
    expect(errs('ordering=-foo')).toHaveProperty('ordering');
    expect(errs('page=0')).toHaveProperty('page');
    expect(errs('page_size=501')).toHaveProperty('page_size');
    expect(errs('sector=Tech')).toHaveProperty('sector');
    expect(errs('revenue__eq=5')).toEqual({ revenue__eq: ['Unknown parameter.'] });
    expect(errs('volume__gte=1e400')).toHaveProperty('volume__gte');
    expect(errs('price__gte=NaN')).toHaveProperty('price__gte');
    expect(errs('price__gte=0x10')).toHaveProperty('price__gte');
    expect(errs('sma_gte=yes')).toHaveProperty('sma_gte');
    expect(parseScanQuery([['price__gte', ['1', '2']]])).toEqual({ ok: false, errors: { price__gte: ['Give this parameter once.'] } });
    const proto = errs('__proto__=1&constructor=2');
    expect(Object.keys(proto).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(proto, '__proto__')!.value).toEqual(['Unknown parameter.']);
  });
});

describe('result order', () => {
  const rows = [
    { symbol: 'B', price: 2, name: 'b' },
    { symbol: 'A', price: null, name: 'a' },
    { symbol: 'C', price: 2, name: 'c' },
    { symbol: 'D', price: 1, name: 'd' },
  ] as any[];
  it('sorts both ways with nulls last and ties by symbol', () => {
    expect([...rows].sort(compareScanResults('price', false)).map((r) => r.symbol)).toEqual(['D', 'B', 'C', 'A']);
    expect([...rows].sort(compareScanResults('price', true)).map((r) => r.symbol)).toEqual(['B', 'C', 'D', 'A']);
    expect([...rows].sort(compareScanResults('name', true)).map((r) => r.symbol)).toEqual(['D', 'C', 'B', 'A']);
  });
});

describe('oscillator and Bollinger filters', () => {
  const rows: FilterRow[] = [
    { category: 'TA', type: 'bb_pctb', operator: 'between', value1: -0.25, value2: 0.2 },
    { category: 'TA', type: 'stoch', operator: 'lte', value1: 20, value2: null },
    { category: 'TA', type: 'adx', operator: 'gte', value1: 25, value2: null },
    { category: 'TA', type: 'cci', operator: 'lte', value1: -100, value2: null },
    { category: 'TA', type: 'roc', operator: 'gte', value1: 5.5, value2: null },
    { category: 'TA', type: 'willr', operator: 'between', value1: -90, value2: -80 },
    { category: 'TA', type: 'bb_band', band: 'above_upper' },
  ];
  it('are in the TA menu, labelled with the default parameters', () => {
    const ta = FILTER_TYPES.TA.map((t) => t.label);
    expect(ta).toEqual(expect.arrayContaining(['Bollinger %B (20, 2)', 'Stochastic %K (14, 3, 3)', 'ADX (14)', 'CCI (20)', 'ROC % (10)', 'Williams %R (14)', 'Bollinger Bands (20, 2)']));
  });
  it('build their parameters and parse back to the same rows', () => {
    const qs = buildScanQuery(rows);
    expect(Object.fromEntries(new URLSearchParams(qs))).toEqual({
      bb_pctb_gte: '-0.25', bb_pctb_lte: '0.2', stoch_lte: '20', adx_gte: '25', cci_lte: '-100', roc_gte: '5.5',
      willr_gte: '-90', willr_lte: '-80', bb_band: 'above_upper',
    });
    expect(scanQueryToRows(ok(qs))).toEqual(rows);
  });
  it('store and restore exactly, and name a bad stored value', () => {
    rows.forEach((row, i) => expect(savedFilterToRow(savedFilterSchema.parse(rowToSavedFilter(row, i)))).toEqual({ ok: true, value: row }));
    const bad = { ...rowToSavedFilter(rows[1], 0), value_numeric_1: 150 };
    expect(savedFilterToRow(bad)).toEqual({ ok: false, errors: { value_numeric_1: ['Ensure this value is between 0 and 100.'] } });
    const band = { ...rowToSavedFilter(rows[6], 0), value_text: 'inside' };
    expect(savedFilterToRow(band)).toEqual({ ok: false, errors: { value_text: ['Select a valid choice. inside is not one of the available choices.'] } });
  });
  it('need a value before they are complete', () => {
    expect(isFilterComplete(defaultFilterRow('cci'))).toBe(false);
    expect(isFilterComplete(defaultFilterRow('bb_band'))).toBe(true);
    expect(errs('willr_gte=5')).toEqual({ willr_gte: ['Ensure this value is less than or equal to 0.'] });
  });
});
