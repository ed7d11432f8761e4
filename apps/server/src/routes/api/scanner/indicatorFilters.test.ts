import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDICATOR_RANGE_TYPES, rowToSavedFilter, scanPageSchema, scannerTemplateSchema, templateToRows, type FilterRow, type IndicatorRangeType } from '@app/contract';
import { indicators, INDICATOR_SPECS } from '@app/quant';
import type { SeriesEntry } from '../../../market/seriesCache.ts';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../../test/testApp.ts';
import { fixtureMarket } from '../../../test/scannerMarket.ts';

// The oscillator and Bollinger filters keep exactly the listings whose last indicator value, computed
// here straight from quant's functions at the registry's default parameters, passes the filter.

/** The fixture market, with a few last closes pushed outside the Bollinger bands both ways. */
function market(): SeriesEntry[] {
  const m = fixtureMarket();
  m.forEach((e, k) => {
    const n = e.bars.close.length;
    if (n < 30 || k % 5 > 1) return;
    const f = k % 5 === 0 ? 1.25 : 0.75;
    e.bars.close[n - 1] *= f;
    e.bars.high[n - 1] = Math.max(e.bars.high[n - 1], e.bars.close[n - 1]);
    e.bars.low[n - 1] = Math.min(e.bars.low[n - 1], e.bars.close[n - 1]);
  });
  return m;
}

const d = <N extends keyof typeof INDICATOR_SPECS>(name: N, field: string) =>
  (INDICATOR_SPECS[name].params as readonly { field: string; default: number }[]).find((p) => p.field === field)!.default;
const lastOf = (a: Float64Array) => (a.length ? a[a.length - 1] : NaN);

/** Each filter's number, computed from the bars with quant's own indicator functions. */
const EXPECTED: Record<IndicatorRangeType, (e: SeriesEntry) => number> = {
  bb_pctb: ({ bars }) => lastOf(indicators.bbands(bars.close, d('BBANDS', 'period'), d('BBANDS', 'stddev')).percentB),
  stoch: ({ bars }) => lastOf(indicators.stoch(bars.high, bars.low, bars.close, d('STOCH', 'period'), d('STOCH', 'k_smooth'), d('STOCH', 'd_period')).k),
  adx: ({ bars }) => lastOf(indicators.adx(bars.high, bars.low, bars.close, d('ADX', 'period')).adx),
  cci: ({ bars }) => lastOf(indicators.cci(bars.high, bars.low, bars.close, d('CCI', 'period'))),
  roc: ({ bars }) => lastOf(indicators.roc(bars.close, d('ROC', 'period'))),
  willr: ({ bars }) => lastOf(indicators.willr(bars.high, bars.low, bars.close, d('WILLR', 'period'))),
};

describe.each(dbKinds)('scanner indicator filters on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const m = market();
  beforeAll(async () => {
    t = await testApp(kind);
    t.deps.series.setEntries(m);
    headers = (await signedInAs(t, 'scanner-indicators@example.com')).headers;
  });
  afterAll(() => t.close());

  const symbols = async (qs: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/scanner/stocks/?${qs}&ordering=symbol&page_size=500`, headers });
    expect(r.statusCode, r.body).toBe(200);
    return scanPageSchema.parse(r.json()).results.map((x) => x.symbol);
  };
  const where = (keep: (e: SeriesEntry) => boolean) => m.filter(keep).map((e) => e.info.symbol).sort();

  it.each(INDICATOR_RANGE_TYPES)('%s keeps the listings whose last value is in range', async (type) => {
    const values = m.map(EXPECTED[type]).filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    expect(values.length).toBeGreaterThan(10);
    const lo = Math.round(values[Math.floor(values.length / 4)] * 100) / 100;
    const hi = Math.round(values[Math.floor((values.length * 3) / 4)] * 100) / 100;
    const value = (e: SeriesEntry) => EXPECTED[type](e);

    const atLeast = await symbols(`${type}_gte=${lo}`);
    expect(atLeast).toEqual(where((e) => value(e) >= lo));
    expect(atLeast.length).toBeGreaterThan(0);
    expect(atLeast.length).toBeLessThan(values.length);
    expect(await symbols(`${type}_lte=${hi}`)).toEqual(where((e) => value(e) <= hi));
    const between = await symbols(`${type}_gte=${lo}&${type}_lte=${hi}`);
    expect(between).toEqual(where((e) => value(e) >= lo && value(e) <= hi));
    expect(between.length).toBeGreaterThan(0);
  });

  it('bb_band keeps the listings whose last close is outside the band', async () => {
    const band = (e: SeriesEntry) => indicators.bbands(e.bars.close, d('BBANDS', 'period'), d('BBANDS', 'stddev'));
    const close = (e: SeriesEntry) => lastOf(e.bars.close);
    const above = where((e) => close(e) > lastOf(band(e).upper));
    const below = where((e) => close(e) < lastOf(band(e).lower));
    expect(above.length).toBeGreaterThan(0);
    expect(below.length).toBeGreaterThan(0);
    expect(await symbols('bb_band=above_upper')).toEqual(above);
    expect(await symbols('bb_band=below_lower')).toEqual(below);
  });

  it('names each bad value in a 400', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/scanner/stocks/?stoch_gte=101&willr_lte=abc&bb_band=inside&cci_gte=-20000', headers });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      stoch_gte: ['Ensure this value is less than or equal to 100.'],
      willr_lte: ['Enter a number.'],
      bb_band: ['Select a valid choice. inside is not one of the available choices.'],
      cci_gte: ['Ensure this value is greater than or equal to -10000.'],
    });
  });

  it('saves and restores the new filters in a scanner template, naming a bad value', async () => {
    const rows: FilterRow[] = [
      { category: 'TA', type: 'bb_pctb', operator: 'between', value1: -0.125, value2: 0.25 },
      { category: 'TA', type: 'stoch', operator: 'lte', value1: 20, value2: null },
      { category: 'TA', type: 'adx', operator: 'gte', value1: 25, value2: null },
      { category: 'TA', type: 'cci', operator: 'lte', value1: -100, value2: null },
      { category: 'TA', type: 'roc', operator: 'gte', value1: 12.5, value2: null },
      { category: 'TA', type: 'willr', operator: 'between', value1: -95, value2: -80 },
      { category: 'TA', type: 'bb_band', band: 'below_lower' },
    ];
    const post = (filters: unknown) => t.app.inject({ method: 'POST', url: '/api/scanner/templates/', headers, payload: { name: 'Oscillators', filters } as any });
    const created = await post(rows.map((r, i) => rowToSavedFilter(r, i)));
    expect(created.statusCode, created.body).toBe(201);
    const r = await t.app.inject({ method: 'GET', url: `/api/scanner/templates/${created.json().id}/`, headers });
    expect(templateToRows(scannerTemplateSchema.parse(r.json()))).toEqual(rows);
    const bad = await post([rowToSavedFilter(rows[0], 0), { ...rowToSavedFilter(rows[5], 1), value_numeric_1: 5 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'filters.1.value_numeric_1': ['Ensure this value is between -100 and 0.'] });
  });
});
