import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FLOORS, parseScanQuery, type ScanQuery } from '@app/contract';
import { backtest, formatDay, parseDay, type DailyBars, type TemplateInput } from '@app/quant';
import { emptyBars } from '../market/barChunks.ts';
import type { SeriesEntry } from '../market/seriesCache.ts';
import type { FundamentalPeriod } from '../market/repository.ts';
import { latestFundamental } from '../scanner/values.ts';
import { membership, type MembershipRule } from './membership.ts';
import { memberBars, universeRows } from './rows.ts';
import { portfolioResult } from './portfolio.ts';

const query = (s: string): ScanQuery => {
  const q = parseScanQuery(new URLSearchParams(s));
  if (!q.ok) throw new Error(JSON.stringify(q.errors));
  return q.value;
};

/** Weekdays from `start`, with closes from `price(k)` and volumes from `volume(k)`. */
function makeBars(start: string, n: number, price: (k: number, day: number) => number, volume: (k: number) => number = () => 1_000_000): DailyBars {
  const days: number[] = [];
  for (let d = parseDay(start); days.length < n; d++) if ((d + 4) % 7 !== 0 && (d + 4) % 7 !== 6) days.push(d);
  const close = Float64Array.from(days, (d, k) => price(k, d));
  const open = Float64Array.from(close, (c, k) => (k ? close[k - 1] : c));
  return {
    day: Int32Array.from(days),
    open,
    high: Float64Array.from(close, (c, k) => Math.max(c, open[k]) * 1.01),
    low: Float64Array.from(close, (c, k) => Math.min(c, open[k]) * 0.99),
    close,
    volume: Float64Array.from(days, (_, k) => volume(k)),
  };
}

function entry(symbol: string, bars: DailyBars, quarterly: FundamentalPeriod[] = []): SeriesEntry {
  return { info: { symbol, name: symbol, market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Technology', industry: null, market_cap: null }, bars, quarterly, annual: [] };
}

const whole = (e: SeriesEntry) => ({ entry: e, from: 0, to: e.bars.close.length });
const NO_FLOORS: MembershipRule = { query: null, floors: null };
const FLOORS: MembershipRule = { query: null, floors: { ...DEFAULT_FLOORS } };

/** Buys whenever RSI(14) is defined (below 100: prices wiggle) and never sells: a position opens at
 *  the first allowed close. */
const ALWAYS: TemplateInput = {
  position_size: 0.5,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '100' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '100' },
  ],
};
/** A small up-and-down wiggle, so no 14 bars in a row only rise or only fall. */
const wiggle = (k: number) => ((k * 7919) % 13) / 100 - 0.06;

const period = (p: Partial<FundamentalPeriod> & { period_end: string; filed: string }): FundamentalPeriod => ({
  symbol: 'X', period_type: 'QUARTERLY', shares_outstanding: null, values: {}, ...p,
});

describe('fundamentals as filed', () => {
  const bars = makeBars('2020-05-01', 110, () => 10);
  const e = entry('X', bars, [
    period({ period_end: '2020-03-31', filed: '2020-05-15', shares_outstanding: 1_000_000, values: { revenue: 100 } }),
    period({ period_end: '2020-06-30', filed: '2020-08-20', shares_outstanding: 3_000_000, values: { revenue: 200 } }),
  ]);
  const at = (iso: string) => bars.day.indexOf(parseDay(iso));

  it('a filing dated after d is not seen at d: the value on each day is the latest filed by then', () => {
    const s = latestFundamental('revenue', 'QUARTERLY').series(e);
    expect(s[at('2020-05-14')]).toBeNaN();
    expect(s[at('2020-05-15')]).toBe(100);
    expect(s[at('2020-08-19')]).toBe(100);
    expect(s[at('2020-08-20')]).toBe(200);
    expect(latestFundamental('revenue', 'QUARTERLY').compute(e)).toBe(200); // today's scan reads the latest
  });

  it('a scan member on FA and market cap only from the filing that makes it pass (market cap = close × filed shares)', () => {
    const byRevenue = membership(e, { query: query('revenue__gte=150&fa_compare_period=QUARTERLY'), floors: null }, 0, bars.close.length).allowed;
    expect(byRevenue.indexOf(1)).toBe(at('2020-08-20'));
    // 10 × 1M = 10M before the second filing, 10 × 3M = 30M from it
    const byCap = membership(e, { query: query('market_cap__gte=20000000'), floors: null }, 0, bars.close.length).allowed;
    expect(byCap.indexOf(1)).toBe(at('2020-08-20'));
    expect(byCap.slice(at('2020-08-20')).every((v) => v === 1)).toBe(true);
  });
});

describe('a symbol that passes a scan only in 2015', () => {
  // $20 everywhere but 2015, when it trades at $60; the scan asks for a price of $50 and up
  const e = entry('ONLY15', makeBars('2013-01-01', 1300, (k, d) => (formatDay(d).startsWith('2015') ? 60 : 20) + wiggle(k)));
  const other = entry('OTHER', makeBars('2013-01-01', 1300, (k) => 30 + wiggle(k)));
  const rule: MembershipRule = { query: query('price__gte=50'), floors: { ...DEFAULT_FLOORS } };

  it('is held only from 2015 in a portfolio run, and entered only in 2015 in a universe run', () => {
    const p = portfolioResult({ template: ALWAYS, items: [whole(e), whole(other)], rule, survivorship: '', skipped: [], maxPositions: 2, rankBy: 'symbol', benchmark: null });
    const trades = p.trades.filter((t) => t.Symbol === 'ONLY15');
    expect(trades.length).toBeGreaterThan(0);
    for (const t of trades) expect(String(t.EntryTime) >= '2015-01-01').toBe(true);
    expect(p.never_members).toEqual(['OTHER']);

    const m = memberBars(whole(e), rule);
    const run = backtest(m.bars, ALWAYS, { entryAllowed: m.entryAllowed! });
    expect(run.trades.length).toBeGreaterThan(0);
    for (const t of run.trades) {
      expect(String(t.EntryTime) >= '2015-01-01').toBe(true);
      expect(String(t.EntryTime) <= '2016-01-01').toBe(true); // decided on a 2015 close, filled at the next open
    }
    // without the scan it would have been bought in 2013
    expect(String(backtest(m.bars, ALWAYS).trades[0].EntryTime) < '2014-01-01').toBe(true);
  });
});

describe('ranking a portfolio by market cap', () => {
  // both at $10; SMALLNOW had 5M shares until a 2021 filing cut them to 1M, BIGNOW had 2M until a 2021
  // filing raised them to 9M: in 2020 SMALLNOW is the larger, today BIGNOW is
  const bars = () => makeBars('2020-01-01', 300, (k) => 10 + wiggle(k));
  const shares = (symbol: string, before: number, after: number) => [
    period({ symbol, period_end: '2019-09-30', filed: '2019-11-10', shares_outstanding: before }),
    period({ symbol, period_end: '2020-12-31', filed: '2021-02-10', shares_outstanding: after }),
  ];
  const smallNow = { ...entry('SMALLNOW', bars(), shares('SMALLNOW', 5e6, 1e6)), info: { ...entry('SMALLNOW', bars()).info, market_cap: 1e7 } };
  const bigNow = { ...entry('BIGNOW', bars(), shares('BIGNOW', 2e6, 9e6)), info: { ...entry('BIGNOW', bars()).info, market_cap: 9e7 } };

  it("takes the size of each decision's day, not today's: one slot in 2020 goes to the then-larger name", () => {
    const p = portfolioResult({ template: ALWAYS, items: [whole(bigNow), whole(smallNow)], rule: NO_FLOORS, survivorship: '', skipped: [], maxPositions: 1, rankBy: 'market_cap_high', benchmark: null });
    expect(p.trades[0].Symbol).toBe('SMALLNOW');
    expect(String(p.trades[0].EntryTime) < '2021-01-01').toBe(true);
    const low = portfolioResult({ template: ALWAYS, items: [whole(bigNow), whole(smallNow)], rule: NO_FLOORS, survivorship: '', skipped: [], maxPositions: 1, rankBy: 'market_cap_low', benchmark: null });
    expect(low.trades[0].Symbol).toBe('BIGNOW');
  });
});

describe('floors', () => {
  const penny = entry('PENNY', makeBars('2018-01-01', 400, (k) => 0.1 + wiggle(k) / 10, () => 1e9));
  const thin = entry('THIN', makeBars('2018-01-01', 400, (k) => 40 + wiggle(k), () => 1000)); // $40k a day
  const fine = entry('FINE', makeBars('2018-01-01', 400, (k) => 40 + wiggle(k)));
  const run = (rule: MembershipRule) =>
    portfolioResult({ template: ALWAYS, items: [whole(penny), whole(thin), whole(fine)], rule, survivorship: '', skipped: [], maxPositions: 3, rankBy: 'symbol', benchmark: null });

  it('a $0.10 stock (or one trading $40k a day) is never bought with the default floors, and the removed symbol-days are counted', () => {
    const r = run(FLOORS);
    expect(r.trades.map((t) => t.Symbol)).not.toContain('PENNY');
    expect(r.trades.map((t) => t.Symbol)).not.toContain('THIN');
    expect(r.never_members).toEqual(['PENNY', 'THIN']);
    // every day of both, and FINE's first 19 (no 20-day average yet)
    expect(r.floors_removed).toBe(400 + 400 + 19);
  });

  it('floors null removes them: the penny stock is bought, the run equals the plain portfolio', () => {
    const r = run(NO_FLOORS);
    expect(r.trades.map((t) => t.Symbol)).toContain('PENNY');
    expect(r.floors_removed).toBe(0);
    const rows = universeRows({ template: ALWAYS, items: [whole(penny)], rule: NO_FLOORS });
    expect(rows.rows[0].trades).toBe(backtest(penny.bars, ALWAYS).stats['# Trades']);
  });

  it('each floor can be dropped on its own', () => {
    const closeOnly = run({ query: null, floors: { min_price: 5, min_dollar_volume: null } });
    expect(closeOnly.never_members).toEqual(['PENNY']);
    const volumeOnly = run({ query: null, floors: { min_price: null, min_dollar_volume: 1e6 } });
    expect(volumeOnly.never_members).toEqual(['THIN']);
  });
});

// ---------------------------------------------------------------------------------------------
// No look-ahead: change or remove every bar and filing after day D; nothing decided up to D moves.

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomEntry(symbol: string, seed: number, n: number): SeriesEntry {
  const r = rng(seed);
  let p = 3 + 30 * r();
  const bars = makeBars('2019-01-01', n, () => (p *= Math.exp(0.03 * (r() - 0.5))), () => Math.round(50_000 + 400_000 * r()));
  const quarterly: FundamentalPeriod[] = [];
  for (let q = 0; q < n / 63; q++) {
    const end = bars.day[0] + q * 91;
    quarterly.push({
      symbol, period_type: 'QUARTERLY', period_end: formatDay(end), filed: formatDay(end + 20 + Math.floor(40 * r())),
      shares_outstanding: Math.round(1e6 + 1e6 * r()), values: { revenue: Math.round(1e6 * r()), roe: 30 * r() - 10 },
    });
  }
  return entry(symbol, bars, quarterly);
}

/** The market as a trader at D's close could not know it: bars after D changed (or gone but one) and
 *  filings filed after D changed (or gone), plus a new filing after D. */
function alterAfter(e: SeriesEntry, D: number, mode: 'change' | 'remove', seed: number): SeriesEntry {
  const r = rng(seed);
  const n = e.bars.close.length;
  const cut = e.bars.day.findIndex((d) => d > D);
  if (cut < 0) return e;
  let bars: DailyBars;
  if (mode === 'remove') {
    // one bar after D stays, so D is not the run's last day (which closes every position at its open)
    const keep = Math.min(n, cut + 1);
    bars = emptyBars(keep);
    for (const k of ['day', 'open', 'high', 'low', 'close', 'volume'] as const) bars[k].set(e.bars[k].subarray(0, keep));
  } else {
    bars = emptyBars(n);
    for (const k of ['day', 'open', 'high', 'low', 'close', 'volume'] as const) bars[k].set(e.bars[k]);
    for (let i = cut; i < n; i++) {
      const f = 0.2 + 3 * r();
      bars.open[i] *= f;
      bars.close[i] *= f;
      bars.high[i] = Math.max(bars.open[i], bars.close[i]) * 1.02;
      bars.low[i] = Math.min(bars.open[i], bars.close[i]) * 0.98;
      bars.volume[i] = Math.round(bars.volume[i] * 10 * r());
    }
  }
  const known = e.quarterly.filter((p) => parseDay(p.filed!) <= D);
  const later = e.quarterly.filter((p) => parseDay(p.filed!) > D);
  const quarterly = mode === 'remove' ? known : [
    ...known,
    ...later.map((p) => ({ ...p, shares_outstanding: 10 * r() * 1e6, values: { revenue: 1e7 * r(), roe: 100 * r() - 50 } })),
    { symbol: e.info.symbol, period_type: 'QUARTERLY' as const, period_end: formatDay(D - 5), filed: formatDay(D + 1), shares_outstanding: 1e9, values: { revenue: 1e12, roe: 99 } },
  ].sort((a, b) => (a.period_end < b.period_end ? -1 : 1));
  return { ...e, bars, quarterly };
}

const RSI_TEMPLATE: TemplateInput = {
  position_size: 0.9,
  stop_loss_pct: 0.1,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '45' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '60' },
  ],
};
const QUERIES = ['', 'rsi_lte=55&rsi_period=14', 'revenue__gte=300000&fa_compare_period=QUARTERLY', 'market_cap__gte=20000000', 'price__gte=8&roe__gt=0&fa_compare_period=QUARTERLY'];

interface Case {
  seeds: number[];
  n: number;
  cutAt: number;
  q: number;
  floors: MembershipRule['floors'];
  mode: 'change' | 'remove';
  alterSeed: number;
}

describe('no look-ahead', () => {
  const arb: fc.Arbitrary<Case> = fc.record({
    seeds: fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 4 }),
    n: fc.integer({ min: 120, max: 320 }),
    cutAt: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
    q: fc.integer({ min: 0, max: QUERIES.length - 1 }),
    floors: fc.constantFrom<MembershipRule['floors']>(null, { ...DEFAULT_FLOORS }, { min_price: 5, min_dollar_volume: 2e6 }),
    mode: fc.constantFrom<'change' | 'remove'>('change', 'remove'),
    alterSeed: fc.integer({ min: 1, max: 1e9 }),
  });
  const setup = (v: Case) => {
    const entries = v.seeds.map((s, i) => randomEntry(`S${i}`, s, v.n));
    const D = entries[0].bars.day[Math.floor(v.n * v.cutAt)];
    const altered = entries.map((e, i) => alterAfter(e, D, v.mode, v.alterSeed + i));
    const rule: MembershipRule = { query: QUERIES[v.q] ? query(QUERIES[v.q]) : null, floors: v.floors };
    return { entries, altered, D, rule };
  };
  const upTo = (D: number) => (t: { EntryTime: unknown; ExitTime: unknown }) => parseDay(String(t.ExitTime).slice(0, 10)) <= D;
  const enteredBy = (D: number) => (t: { EntryTime: unknown }) => parseDay(String(t.EntryTime).slice(0, 10)) <= D;

  it('universe runs: membership, equity, entries and closed trades up to D do not change', () => {
    fc.assert(
      fc.property(arb, (v) => {
        const { entries, altered, D, rule } = setup(v);
        entries.forEach((e, i) => {
          const a = memberBars(whole(e), rule);
          const b = memberBars(whole(altered[i]), rule);
          const k = a.bars.day.findIndex((d) => d > D); // bars 0..k-1 are up to D
          if (a.entryAllowed) expect(Array.from(b.entryAllowed!.subarray(0, k))).toEqual(Array.from(a.entryAllowed.subarray(0, k)));
          const ra = backtest(a.bars, RSI_TEMPLATE, { entryAllowed: a.entryAllowed ?? undefined });
          const rb = backtest(b.bars, RSI_TEMPLATE, { entryAllowed: b.entryAllowed ?? undefined });
          expect(Array.from(rb.equity.subarray(0, k))).toEqual(Array.from(ra.equity.subarray(0, k)));
          expect(rb.trades.filter(upTo(D))).toEqual(ra.trades.filter(upTo(D)));
          const entriesOf = (ts: typeof ra.trades) => ts.filter(enteredBy(D)).map((t) => JSON.stringify([t.EntryTime, t.EntryPrice, t.Size])).sort();
          expect(entriesOf(rb.trades)).toEqual(entriesOf(ra.trades));
        });
      }),
      { numRuns: 40 },
    );
  });

  it('portfolio runs: equity, positions, entries and closed trades up to D do not change', () => {
    fc.assert(
      fc.property(arb, fc.integer({ min: 1, max: 3 }), (v, slots) => {
        const { entries, altered, D, rule } = setup(v);
        const run = (es: SeriesEntry[]) => {
          try {
            return portfolioResult({ template: RSI_TEMPLATE, items: es.map(whole), rule, survivorship: '', skipped: [], maxPositions: slots, rankBy: 'rsi_low', benchmark: null });
          } catch {
            return null; // no member at all: neither run may have one up to D then
          }
        };
        const a = run(entries);
        const b = run(altered);
        if (!a || !b) {
          // a universe with no member day at all before D: nothing to compare but that both agree up to D
          const members = (es: SeriesEntry[]) => es.map((e) => Array.from(memberBars(whole(e), rule).entryAllowed ?? []).slice(0, e.bars.day.findIndex((d) => d > D)).join(''));
          expect(members(altered)).toEqual(members(entries));
          return;
        }
        const k = a.time.findIndex((t) => parseDay(t) > D);
        expect(b.time.slice(0, k)).toEqual(a.time.slice(0, k));
        expect(b.equity.slice(0, k)).toEqual(a.equity.slice(0, k));
        expect(b.positions.slice(0, k)).toEqual(a.positions.slice(0, k));
        expect(b.trades.filter(upTo(D)).map(({ Why: _, ...t }) => t)).toEqual(a.trades.filter(upTo(D)).map(({ Why: _, ...t }) => t));
        // (the trade list is in entry then exit order, and exits after D may move)
        const entriesOf = (ts: typeof a.trades) => ts.filter(enteredBy(D)).map((t) => JSON.stringify([t.EntryTime, t.Symbol, t.EntryPrice, t.Size])).sort();
        expect(entriesOf(b.trades)).toEqual(entriesOf(a.trades));
      }),
      { numRuns: 30 },
    );
  });
});
