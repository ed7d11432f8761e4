import { describe, expect, it } from 'vitest';
import { indicators } from '@app/quant';
import {
  buildScanQuery, indicatorColumns, parseScanQuery, rowToSavedFilter, savedFilterSchema, savedFilterToRow, scanQueryToRows,
  type FilterRow,
} from '@app/contract';
import { SeriesCache, type SeriesEntry } from '../market/seriesCache.ts';
import { ScannerEngine } from './engine.ts';
import { fixtureMarket, scanQuery, medianOf, lastOf } from '../test/scannerMarket.ts';

// The filtered indicators' values in the results, and the ADX, %B and Stochastic parameters a filter
// may set: every number is computed here straight from quant's indicator functions with the same
// parameters, and a filter at other parameters keeps exactly the listings those numbers say.

const market = fixtureMarket();
const cache = new SeriesCache();
cache.setEntries(market);
const engine = new ScannerEngine(cache);

const entry = (symbol: string) => market.find((e) => e.info.symbol === symbol)!;
const round = (v: number, digits: number) => (Number.isFinite(v) ? Math.round(v * 10 ** digits) / 10 ** digits || 0 : null);

const adx = (e: SeriesEntry, period: number) => lastOf(indicators.adx(e.bars.high, e.bars.low, e.bars.close, period).adx);
const pctb = (e: SeriesEntry, period: number, sd: number) => lastOf(indicators.bbands(e.bars.close, period, sd).percentB);
const stochK = (e: SeriesEntry, period: number, smooth: number) => lastOf(indicators.stoch(e.bars.high, e.bars.low, e.bars.close, period, smooth, 3).k);

describe('filtered indicators as result columns', () => {
  const rows: FilterRow[] = [
    { category: 'TA', type: 'adx', operator: 'gte', value1: 0, value2: null, params: [7] },
    { category: 'TA', type: 'bb_pctb', operator: 'between', value1: -100, value2: 100, params: [10, 1.5] },
    { category: 'TA', type: 'stoch', operator: 'gte', value1: 0, value2: null, params: [9, 1] },
    { category: 'TA', type: 'rsi', operator: 'gte', value1: 0, value2: null, period: 10 },
    { category: 'TA', type: 'macd', aboveSignal: true, fast: 5, slow: 20, signal: 4 },
  ];

  it('name the parameters in the query string, the saved filter and back', () => {
    const qs = buildScanQuery(rows);
    expect(Object.fromEntries(new URLSearchParams(qs))).toMatchObject({ adx_period: '7', bb_pctb_period: '10', bb_pctb_stddev: '1.5', stoch_period: '9', stoch_k_smooth: '1' });
    expect(scanQueryToRows(scanQuery(qs))).toEqual(expect.arrayContaining(rows.slice(0, 3)));
    for (const row of rows.slice(0, 3)) expect(savedFilterToRow(savedFilterSchema.parse(rowToSavedFilter(row, 0)))).toEqual({ ok: true, value: row });
    // a row without parameters stores none (the defaults), as before
    const plain = savedFilterSchema.parse(rowToSavedFilter({ category: 'TA', type: 'adx', operator: 'gte', value1: 20, value2: null }, 0));
    expect(plain.indicator_period).toBeNull();
    // out of the chart's bounds: a 400 naming the parameter
    expect(parseScanQuery(new URLSearchParams('adx_gte=1&adx_period=100000'))).toMatchObject({ ok: false, errors: { adx_period: [expect.any(String)] } });
    expect(parseScanQuery(new URLSearchParams('bb_pctb_gte=1&bb_pctb_stddev=abc'))).toMatchObject({ ok: false, errors: { bb_pctb_stddev: [expect.any(String)] } });
  });

  it('one column per filtered indicator, labelled with the parameters used', () => {
    expect(indicatorColumns(scanQuery(buildScanQuery(rows))).map((c) => [c.field, c.label])).toEqual([
      ['rsi', 'RSI (10)'],
      ['macd', 'MACD − signal (5, 20, 4)'],
      ['bb_pctb', 'Bollinger %B (10, 1.5)'],
      ['stoch', 'Stochastic %K (9, 1, 3)'],
      ['adx', 'ADX (7)'],
    ]);
    expect(indicatorColumns(scanQuery('price__gte=1'))).toEqual([]);
  });

  it('each result carries the filtered values on the scan day, computed with the filter’s parameters', () => {
    const { results } = engine.scan(scanQuery(`${buildScanQuery(rows.slice(0, 3))}&page_size=500`));
    expect(results.length).toBeGreaterThan(5);
    for (const r of results) {
      const e = entry(r.symbol);
      expect(r.adx, r.symbol).toBe(round(adx(e, 7), 2));
      expect(r.bb_pctb, r.symbol).toBe(round(pctb(e, 10, 1.5), 4));
      expect(r.stoch, r.symbol).toBe(round(stochK(e, 9, 1), 2));
      // not filtered on: no value (nothing computed for a column nobody sees)
      expect(r.cci).toBeNull();
      expect(r.macd).toBeNull();
    }
    // at other parameters the numbers differ (the parameters are really used)
    expect(results.some((r) => r.adx !== round(adx(entry(r.symbol), 14), 2))).toBe(true);
  });

  it('a filter at other parameters keeps exactly what those parameters say, and sorts by its column', () => {
    const values = market.map((e) => adx(e, 7));
    const m = medianOf(values);
    const want = market.filter((e, k) => e.bars.close.length && values[k] >= m && !e.info.delisted_on).map((e) => e.info.symbol).sort();
    expect(want.length).toBeGreaterThan(0);
    const got = engine.scan(scanQuery(`adx_gte=${m}&adx_period=7&ordering=-adx&page_size=500`)).results;
    expect(got.map((r) => r.symbol).sort()).toEqual(want);
    const shown = got.map((r) => r.adx!);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    // the same threshold at the default period keeps another set
    const atDefault = engine.scan(scanQuery(`adx_gte=${m}&page_size=500`)).results.map((r) => r.symbol).sort();
    expect(atDefault).not.toEqual(want);
  });
});
