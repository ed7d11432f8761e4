import { describe, expect, it } from 'vitest';
import { indicators } from '@app/quant';
import { ORDERING_FIELDS, type FaMetric } from '@app/contract';
import { SeriesCache, type SeriesEntry } from '../market/seriesCache.ts';
import { ScannerEngine } from './engine.ts';
import { MEMO_MAX_COLUMNS } from './snapshot.ts';
import { fixtureMarket, scanQuery, medianOf, lastOf } from '../test/scannerMarket.ts';

// Each filter is checked against the fixture market: the expected symbols are picked here, straight
// from the bars and fundamentals, with the quant package giving the indicator series (its numbers are
// checked against reference series in packages/quant). Thresholds are medians, so every filter both
// keeps and drops symbols.

const market = fixtureMarket();
const cache = new SeriesCache();
cache.setEntries(market);
const engine = new ScannerEngine(cache);

const scanSymbols = (qs: string) =>
  engine.scan(scanQuery(`${qs}&page_size=500`)).results.map((r) => r.symbol).sort();
const expected = (keep: (e: SeriesEntry) => boolean) => market.filter(keep).map((e) => e.info.symbol).sort();

const n = (e: SeriesEntry) => e.bars.close.length;
const price = (e: SeriesEntry) => lastOf(e.bars.close);
const chg = (e: SeriesEntry) => (n(e) > 1 ? ((price(e) - e.bars.close[n(e) - 2]) / e.bars.close[n(e) - 2]) * 100 : NaN);
/** Asserts the filter splits the fixture, then that the scan picks exactly `keep`. */
function check(qs: string, keep: (e: SeriesEntry) => boolean) {
  const want = expected(keep);
  expect(want.length, `${qs} keeps some`).toBeGreaterThan(0);
  expect(want.length, `${qs} drops some`).toBeLessThan(market.length);
  expect(scanSymbols(qs)).toEqual(want);
}

describe('Basic filters', () => {
  it('price, volume, market cap and % change ranges', () => {
    const p = medianOf(market.map(price));
    check(`price__gte=${p}`, (e) => price(e) >= p);
    check(`price__lte=${p}`, (e) => price(e) <= p);
    check(`price__gte=50&price__lte=${p}`, (e) => price(e) >= 50 && price(e) <= p);
    const v = medianOf(market.map((e) => lastOf(e.bars.volume)));
    check(`volume__gte=${v}`, (e) => lastOf(e.bars.volume) >= v);
    check(`volume__lte=${v}`, (e) => lastOf(e.bars.volume) <= v);
    const mc = medianOf(market.map((e) => e.info.market_cap ?? NaN));
    check(`market_cap__gte=${mc}`, (e) => e.info.market_cap !== null && e.info.market_cap! >= mc);
    check(`market_cap__lte=${mc}`, (e) => e.info.market_cap !== null && e.info.market_cap! <= mc);
    const c = Math.round(medianOf(market.map(chg)) * 100) / 100;
    check(`chg__gte=${c}`, (e) => chg(e) >= c);
    check(`chg__lte=${c}`, (e) => chg(e) <= c);
  });

  it('market (NYSEACRA means NYSEARCA), sector and instrument type', () => {
    check('market=NASDAQ', (e) => e.info.market === 'NASDAQ');
    check('market=NYSEACRA', (e) => e.info.market === 'NYSEARCA');
    check('sector=Technology', (e) => e.info.sector === 'Technology');
    check('instr_type=ETF', (e) => e.info.instr_type === 'ETF');
    check('instr_type=EQUITY', (e) => e.info.instr_type === 'EQUITY');
  });
});

describe('TA filters', () => {
  const q = indicators;
  it('SMA, EMA and Trendfinder against price', () => {
    const sma50 = (e: SeriesEntry) => lastOf(q.sma(e.bars.close, 50));
    check('sma_gte=true&sma_compare=price&sma_period=50', (e) => sma50(e) >= price(e));
    check('sma_lte=true&sma_compare=price&sma_period=50', (e) => sma50(e) <= price(e));
    const sma200 = (e: SeriesEntry) => lastOf(q.sma(e.bars.close, 200));
    check('sma_lte=true&sma_compare=price', (e) => sma200(e) <= price(e)); // default period 200
    const ema = (e: SeriesEntry) => lastOf(q.ema(e.bars.close, 20));
    check('ema_gte=true&ema_compare=price&ema_period=20', (e) => ema(e) >= price(e));
    check('ema_lte=true&ema_compare=price', (e) => ema(e) <= price(e));
    const st = (e: SeriesEntry, p: number, m: number) => lastOf(q.supertrend(e.bars.high, e.bars.low, e.bars.close, p, m).line);
    check('st_lte=true&st_compare=price&st_period=10&st_multiplier=3', (e) => st(e, 10, 3) <= price(e));
    check('st_gte=true&st_compare=price&st_period=7&st_multiplier=1.5', (e) => st(e, 7, 1.5) >= price(e));
  });

  it('RSI and average volume ranges with their periods', () => {
    const rsi = (e: SeriesEntry, p: number) => lastOf(q.rsi(e.bars.close, p));
    const r = medianOf(market.map((e) => rsi(e, 14)));
    check(`rsi_gte=${r}`, (e) => rsi(e, 14) >= r);
    check(`rsi_lte=${r}&rsi_period=14`, (e) => rsi(e, 14) <= r);
    const r9 = medianOf(market.map((e) => rsi(e, 9)));
    check(`rsi_gte=20&rsi_lte=${r9}&rsi_period=9`, (e) => rsi(e, 9) >= 20 && rsi(e, 9) <= r9);
    const va = (e: SeriesEntry, p: number) => lastOf(q.averageVolume(e.bars.volume, p));
    const v = medianOf(market.map((e) => va(e, 30)));
    check(`vol_avg_gte=${v}&vol_avg_period=30`, (e) => va(e, 30) >= v);
    check(`vol_avg_lte=${v}&vol_avg_period=30`, (e) => va(e, 30) <= v);
  });

  it('MACD above or below its signal', () => {
    const spread = (e: SeriesEntry, f: number, s: number, g: number) => {
      const m = q.macd(e.bars.close, f, s, g);
      return lastOf(m.macd) - lastOf(m.signal);
    };
    check('macd_above_signal=true', (e) => spread(e, 12, 26, 9) > 0);
    check('macd_above_signal=false&macd_fast=12&macd_slow=26&macd_signal=9', (e) => spread(e, 12, 26, 9) <= 0);
    check('macd_above_signal=true&macd_fast=5&macd_slow=35&macd_signal=5', (e) => spread(e, 5, 35, 5) > 0);
  });

  it('price compare: current field today vs compare field |offset| days earlier', () => {
    const bar = (e: SeriesEntry, f: 'open' | 'high' | 'low' | 'close', back: number) => e.bars[f][n(e) - 1 - back];
    const ops = { '>': (a: number, b: number) => a > b, '>=': (a: number, b: number) => a >= b, '<': (a: number, b: number) => a < b,
      '<=': (a: number, b: number) => a <= b, '==': (a: number, b: number) => a === b, '!=': (a: number, b: number) => a !== b };
    for (const [op, fn] of Object.entries(ops)) {
      for (const [cur, cmp, off] of [['close', 'open', 0], ['close', 'close', -3], ['high', 'low', -7]] as const) {
        const keep = (e: SeriesEntry) => n(e) > -off && fn(bar(e, cur, 0), bar(e, cmp, -off));
        const qs = `price_compare=true&price_compare_current_field=${cur}&price_compare_compare_field=${cmp}&price_compare_comparison=${encodeURIComponent(op)}&price_compare_offset=${off}`;
        if (expected(keep).length === 0 || expected(keep).length === market.length) {
          expect(scanSymbols(qs)).toEqual(expected(keep)); // e.g. high > low always holds
        } else check(qs, keep);
      }
    }
    // the flat days make close == open hold for some symbols and not others
    expect(scanSymbols('price_compare=true&price_compare_comparison=eq').length).toBeGreaterThan(0);
  });
});

describe('FA filters', () => {
  const periods = (e: SeriesEntry, t: 'QUARTERLY' | 'ANNUAL') => (t === 'ANNUAL' ? e.annual : e.quarterly);
  const trend = (e: SeriesEntry, m: FaMetric, t: 'QUARTERLY' | 'ANNUAL', up: boolean, changes: number) => {
    const vs = periods(e, t).slice(-(changes + 1)).map((p) => p.values[m]);
    if (vs.length < changes + 1 || vs.some((v) => v === null || v === undefined)) return false;
    return vs.every((v, i) => i === 0 || (up ? v! > vs[i - 1]! : v! < vs[i - 1]!));
  };
  const latest = (e: SeriesEntry, m: FaMetric, t: 'QUARTERLY' | 'ANNUAL') =>
    [...periods(e, t)].reverse().map((p) => p.values[m]).find((v) => v !== null && v !== undefined) ?? NaN;

  it('financial trend over the last N changes', () => {
    check('fa_metric=revenue&fa_period_type=QUARTERLY&fa_direction=increasing&fa_consecutive_periods=3', (e) => trend(e, 'revenue', 'QUARTERLY', true, 3));
    check('fa_metric=revenue', (e) => trend(e, 'revenue', 'QUARTERLY', true, 3));
    check('fa_metric=netincome&fa_period_type=ANNUAL&fa_direction=decreasing&fa_consecutive_periods=2', (e) => trend(e, 'netincome', 'ANNUAL', false, 2));
    check('fa_metric=totalassets&fa_direction=increasing&fa_consecutive_periods=5', (e) => trend(e, 'totalassets', 'QUARTERLY', true, 5));
  });

  it('FA compare on the latest reported value, every operator', () => {
    for (const [m, t] of [['revenue', 'QUARTERLY'], ['roe', 'ANNUAL'], ['ebitda', 'QUARTERLY']] as const) {
      const v = medianOf(market.map((e) => latest(e, m, t))); // a value some symbol has exactly
      check(`${m}__gte=${v}&fa_compare_period=${t}`, (e) => latest(e, m, t) >= v);
      check(`${m}__gt=${v}&fa_compare_period=${t}`, (e) => latest(e, m, t) > v);
      check(`${m}__lte=${v}&fa_compare_period=${t}`, (e) => latest(e, m, t) <= v);
      check(`${m}__lt=${v}&fa_compare_period=${t}`, (e) => latest(e, m, t) < v);
    }
  });
});

describe('combinations, ordering and pages', () => {
  it('keeps only symbols passing every filter', () => {
    const p = medianOf(market.map(price));
    const sma = (e: SeriesEntry) => lastOf(indicators.sma(e.bars.close, 20));
    const rev = (e: SeriesEntry) => e.quarterly.at(-1)?.values.revenue ?? NaN;
    const r = medianOf(market.map(rev));
    check(`price__gte=${p}&sma_lte=true&sma_compare=price&sma_period=20&revenue__gte=${r}&instr_type=EQUITY`, (e) =>
      price(e) >= p && sma(e) <= price(e) && rev(e) >= r && e.info.instr_type === 'EQUITY');
  });

  it('orders on every field both ways with nulls last and ties by symbol', () => {
    for (const field of ORDERING_FIELDS) {
      for (const desc of [false, true]) {
        const rows = engine.scan(scanQuery(`ordering=${desc ? '-' : ''}${field}&page_size=500`)).results;
        expect(rows).toHaveLength(market.length);
        const vals = rows.map((r) => r[field] ?? null); // every field is sent; the optional ones read as null when absent
        const firstNull = vals.findIndex((v) => v === null);
        if (firstNull >= 0) expect(vals.slice(firstNull).every((v) => v === null), `${field} nulls last`).toBe(true);
        for (let i = 1; i < rows.length; i++) {
          const a = vals[i - 1];
          const b = vals[i];
          if (a === null || b === null) continue;
          if (a === b) expect(rows[i - 1].symbol < rows[i].symbol).toBe(true);
          else expect(desc ? a > b : a < b, `${field} ${desc ? 'desc' : 'asc'} at ${i}`).toBe(true);
        }
      }
    }
  });

  it('defaults to -volume and reports the sortable extras', () => {
    const rows = engine.scan(scanQuery('page_size=500')).results;
    const vols = market.filter((e) => n(e) > 0).map((e) => lastOf(e.bars.volume)).sort((a, b) => b - a);
    expect(rows.slice(0, vols.length).map((r) => r.volume)).toEqual(vols);
    const t = rows.find((r) => r.symbol === 'T12')!;
    const e = market[12];
    // numbers as the results table shows them (no float noise): 2 decimals, prices to the cent (4 decimals
    // below $1), volumes whole, ratios 4 decimals
    const to = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
    const cents = (v: number) => to(v, Math.abs(v) >= 1 ? 2 : 4);
    expect(t).toMatchObject({ price: cents(price(e)), market: e.info.market, name: e.info.name, sector: e.info.sector, market_cap: to(e.info.market_cap!, 0) });
    expect(t.diff).toBe(to(price(e) - e.bars.close[n(e) - 2], 2));
    expect(t.chg).toBe(to(chg(e), 2));
    expect(t.sma).toBe(cents(lastOf(indicators.sma(e.bars.close, 200))));
    expect(t.ema).toBe(cents(lastOf(indicators.ema(e.bars.close, 20))));
    expect(t.rsi).toBe(to(lastOf(indicators.rsi(e.bars.close, 14)), 2));
    expect(t.vol_avg).toBe(to(lastOf(indicators.averageVolume(e.bars.volume, 20)), 0));
    expect(t.roe).toBe(to(e.quarterly.at(-1)!.values.roe!, 4));
    const none = rows.find((r) => r.symbol === 'T00')!; // no bars
    expect(none).toMatchObject({ price: null, diff: null, chg: null, volume: null, sma: null, rsi: null });
  });

  it('pages through the sorted matches', () => {
    const all = engine.scan(scanQuery('ordering=symbol&page_size=500')).results.map((r) => r.symbol);
    const pages = [1, 2, 3, 4].map((p) => engine.scan(scanQuery(`ordering=symbol&page_size=8&page=${p}`)));
    expect(pages.every((p) => p.count === market.length)).toBe(true);
    expect(pages.flatMap((p) => p.results.map((r) => r.symbol))).toEqual(all);
    expect(pages[3].results).toHaveLength(market.length - 24);
  });

  it('recomputes after the cache reloads (memo keyed by cache version)', () => {
    const local = new SeriesCache();
    local.setEntries(fixtureMarket(10, 3));
    const eng = new ScannerEngine(local);
    const before = eng.scan(scanQuery('ordering=symbol&page_size=500')).results.find((r) => r.symbol === 'T05')!;
    const changed = fixtureMarket(10, 99);
    local.setEntries(changed);
    const after = eng.scan(scanQuery('ordering=symbol&page_size=500')).results.find((r) => r.symbol === 'T05')!;
    expect(after.sma).not.toBe(before.sma);
    expect(after.sma).toBeCloseTo(lastOf(indicators.sma(changed[5].bars.close, 200)), 2); // to the cent, as shown
  });

  it('gives the same answers with and without the memo', () => {
    const naive = new ScannerEngine(cache, { memo: false });
    const qs = 'rsi_gte=40&ema_lte=true&ema_compare=price&macd_above_signal=true&fa_metric=revenue&ordering=-rsi&page_size=500';
    expect(naive.scan(scanQuery(qs))).toEqual(engine.scan(scanQuery(qs)));
    expect(engine.scan(scanQuery(qs))).toEqual(engine.scan(scanQuery(qs)));
  });
});

describe('memo', () => {
  it('keeps at most MEMO_MAX_COLUMNS columns however many periods are asked for', () => {
    const eng = new ScannerEngine(cache);
    for (let p = 5; p <= 200; p++) for (const f of ['sma', 'ema', 'rsi']) eng.scan(scanQuery(`${f}_period=${p}&${f === 'rsi' ? 'rsi_gte=0' : `${f}_gte=true`}&page_size=1`));
    expect(eng.snapshot().memo.size).toBeLessThanOrEqual(MEMO_MAX_COLUMNS);
    // an evicted column is computed again, to the same numbers
    expect(eng.scan(scanQuery('sma_period=5&sma_gte=true&page_size=500'))).toEqual(engine.scan(scanQuery('sma_period=5&sma_gte=true&page_size=500')));
  });
});
