import { describe, expect, it } from 'vitest';
import { rotationBacktest } from './engine.ts';
import { normalizeRotationSpec, RotationSpecError, type RotationSpecInput } from './spec.ts';
import { allocBars, type DailyBars } from '../types.ts';
import { parseDay } from '../dates.ts';
import type { RotationFiling } from './fundamentals.ts';

const MONDAY = parseDay('2021-01-04');

/** Weekday bars from 2021-01-04: open = the previous close (the first: its own close), a 1 % range,
 *  volume 1,000,000 unless given; `low` overrides a bar's low. */
function bars(closes: number[], opts: { volume?: number; low?: Record<number, number>; open?: Record<number, number> } = {}): DailyBars {
  const b = allocBars(closes.length);
  let day = MONDAY;
  closes.forEach((c, i) => {
    b.day[i] = day;
    day += (day + 3) % 7 === 4 ? 3 : 1; // Friday → Monday
    b.open[i] = opts.open?.[i] ?? (i ? closes[i - 1] : c);
    b.close[i] = c;
    b.high[i] = Math.max(b.open[i], c) * 1.01;
    b.low[i] = opts.low?.[i] ?? Math.min(b.open[i], c) * 0.99;
    b.volume[i] = opts.volume ?? 1_000_000;
  });
  return b;
}
const line = (n: number, from: number, step: number) => Array.from({ length: n }, (_, i) => from + i * step);
const date = (i: number) => {
  let day = MONDAY;
  for (let k = 0; k < i; k++) day += (day + 3) % 7 === 4 ? 3 : 1;
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
};
const base = { start_date: '2021-01-04', end_date: '2021-12-31', rebalance: 'weekly', top: 1, score: { kind: 'momentum', period: 5 }, floors: null } as const satisfies RotationSpecInput;

describe('one symbol, top 1, no floors', () => {
  const closes = line(40, 20, 0.25);
  const r = rotationBacktest([{ symbol: 'ONE', bars: bars(closes) }], base);

  it('buys at the fill after the first decision with scores and marks cash + shares × close every day', () => {
    // momentum(5) needs 6 bars: the first decision is Friday 2021-01-08 (bar 4 has no score), so the
    // second Friday (bar 9) decides and Monday (bar 10) fills
    const first = r.orders[0];
    expect(first).toEqual({ date: date(10), symbol: 'ONE', side: 'buy', shares: Math.floor((10_000 * 0.9999) / 1 / closes[9]), price: closes[9] });
    expect(r.equity.slice(0, 10)).toEqual(new Array(10).fill(10_000));
    let cash = 10_000;
    let shares = 0;
    for (const o of r.orders) {
      const sign = o.side === 'buy' ? 1 : -1;
      cash -= sign * o.shares * o.price;
      shares += sign * o.shares;
    }
    expect(r.final_equity).toBeCloseTo(cash + shares * closes[39], 9);
    // rising prices: every later rebalance tops up or keeps, never sells
    expect(r.orders.every((o) => o.symbol === 'ONE' && o.side === 'buy')).toBe(true);
    expect(r.rebalances[0].targets).toEqual([]);
    expect(r.rebalances[1].targets).toEqual([{ symbol: 'ONE', side: 'long', rank: 1, score: closes[9] / closes[4] - 1, weight: 0.9999 }]);
    expect(r.average_holdings).toBeCloseTo(30 / 40, 12);
  });

  it('is what a lone series returns once invested: the equal-weight basket follows it from the decision close', () => {
    expect(r.equal_weight[9]).toBe(10_000);
    expect(r.equal_weight[10]).toBeCloseTo(10_000 * (closes[10] / closes[9]), 9);
  });
});

describe('floors', () => {
  // PENNY soars from $0.10, BIG rises slowly at $50
  const universe = [
    { symbol: 'PENNY', bars: bars(line(60, 0.1, 0.01), { volume: 1e9 }) },
    { symbol: 'BIG', bars: bars(line(60, 50, 0.05)) },
  ];
  it('remove a $0.10 stock (the default $5 minimum price) and count the symbol-days removed', () => {
    const r = rotationBacktest(universe, { ...base, floors: undefined, score: { kind: 'momentum', period: 5 } });
    expect(r.orders.length).toBeGreaterThan(0);
    expect(r.orders.every((o) => o.symbol === 'BIG')).toBe(true);
    expect(r.floored).toBeGreaterThanOrEqual(r.rebalances.length);
    expect(r.rebalances.every((x) => x.floored >= 1)).toBe(true);
  });
  it('once removed (floors: null), hold the best score whatever its price', () => {
    const r = rotationBacktest(universe, base);
    expect(r.orders[0].symbol).toBe('PENNY');
    expect(r.floored).toBe(0);
  });
  it('need the window of dollar volume: a member needs window − 1 earlier bars', () => {
    const r = rotationBacktest(universe, { ...base, floors: { min_price: 1, min_dollar_volume: 0, window: 30 } });
    // the first Friday with 30 bars (j = 29)
    expect(r.rebalances.find((x) => x.members > 0)!.date).toBe(date(29));
  });
});

describe('template gating and exits', () => {
  it('skips a member whose BUY rule does not hold: the next member takes its place', () => {
    const universe = [{ symbol: 'FAST', bars: bars(line(60, 30, 0.3)) }, { symbol: 'SLOW', bars: bars(line(60, 30, -0.05)) }];
    expect(rotationBacktest(universe, base).orders[0].symbol).toBe('FAST');
    // "close below its 10-day average": the falling SLOW passes, the rising FAST never does
    const gate = { indicators: [{ name: 'SMA', indicator_type: 'BUY', period: 1, compare: '<', against: { name: 'SMA', period: 10 } }] };
    const r = rotationBacktest(universe, { ...base, template: gate });
    expect(r.orders.length).toBeGreaterThan(0);
    expect(r.orders.every((o) => o.symbol === 'SLOW')).toBe(true);
    expect(r.rebalances[1].targets).toMatchObject([{ symbol: 'SLOW', rank: 2 }]);
  });

  it('sells a held member once its BUY rule fails, with the reason', () => {
    // FAST leads throughout; from bar 30 it falls a little each day, so RSI(2) < 50 from then on
    const fast = [...line(30, 30, 0.5), ...line(30, 44.4, -0.02)];
    const universe = [{ symbol: 'FAST', bars: bars(fast) }, { symbol: 'SLOW', bars: bars(line(60, 10, -0.1)) }];
    const gate = { indicators: [{ name: 'RSI', indicator_type: 'BUY', period: 2, compare: '>', cvalue: '50' }] };
    const r = rotationBacktest(universe, { ...base, score: { kind: 'momentum', period: 20 }, template: gate });
    const held = rotationBacktest(universe, { ...base, score: { kind: 'momentum', period: 20 } });
    expect(held.orders.filter((o) => o.side === 'sell' && o.symbol === 'FAST')).toEqual([]);
    const sold = r.rebalances.flatMap((x) => x.trades).find((t) => t.symbol === 'FAST' && t.side === 'sell');
    expect(sold?.reason).toBe('rule');
  });

  it("a stop closes a position from its fill bar on; it stays in cash until the next rebalance", () => {
    // rising, then bar 12 dips 10 % below the fill intraday and recovers
    const closes = line(30, 20, 0.2);
    const lows: Record<number, number> = { 12: closes[11] * 0.85 };
    const universe = [{ symbol: 'ONE', bars: bars(closes, { low: lows }) }];
    const template = { stop_loss_pct: 0.05, indicators: [{ name: 'RSI', indicator_type: 'BUY', period: 2, compare: '>', cvalue: '0' }] };
    const r = rotationBacktest(universe, { ...base, template });
    const [buy, stop, rebuy] = r.orders;
    expect(buy).toMatchObject({ date: date(10), side: 'buy' });
    const sl = buy.price * 0.95;
    expect(stop).toEqual({ date: date(12), symbol: 'ONE', side: 'sell', shares: buy.shares, price: Math.min(closes[11], sl), reason: 'stop' });
    // cash until the next decision (Friday, bar 14), bought again on Monday (bar 15)
    expect(r.equity[13]).toBe(r.equity[12]);
    expect(rebuy).toMatchObject({ date: date(15), side: 'buy' });
  });
});

describe('scores from fundamentals, point in time', () => {
  const flat = line(30, 20, 0);
  const filing = (filed: string, values: RotationFiling['values'], period_type: RotationFiling['period_type'] = 'QUARTERLY', period_end?: string, shares?: number): RotationFiling =>
    ({ filed: parseDay(filed), period_type, values, period_end: period_end ? parseDay(period_end) : null, shares_outstanding: shares ?? null });

  it('market cap = close × the shares filed by the decision day (a later filing is not read)', () => {
    const universe = [
      { symbol: 'A', bars: bars(flat), filings: [filing('2020-12-01', {}, 'QUARTERLY', undefined, 1e6), filing('2021-01-20', {}, 'ANNUAL', undefined, 1e9)] },
      { symbol: 'B', bars: bars(flat), filings: [filing('2020-12-01', {}, 'QUARTERLY', undefined, 1e7), filing('2020-12-20', { revenue: 5 })] },
    ];
    const r = rotationBacktest(universe, { ...base, score: { kind: 'market_cap' } });
    // decisions on Fridays 8 and 15 January: B is bigger; from 22 January A's new count is public
    expect(r.rebalances.map((x) => x.targets[0].symbol).slice(0, 3)).toEqual(['B', 'B', 'A']);
    expect(r.rebalances[0].targets[0].score).toBe(20 * 1e7);
  });

  it('P/E = close / the last four quarters of diluted EPS; a non-positive EPS leaves the ranking', () => {
    const q = (eps: number[], later?: number) => [
      ...eps.map((e, i) => filing(`2020-0${i + 2}-15`, { epsdiluted: e }, 'QUARTERLY', `2020-0${i + 1}-28`)),
      ...(later === undefined ? [] : [filing('2021-01-12', { epsdiluted: later }, 'QUARTERLY', '2020-12-31')]),
    ];
    const universe = [
      { symbol: 'CHEAP', bars: bars(flat), filings: q([1, 1, 1, 1]) },
      { symbol: 'DEAR', bars: bars(flat), filings: q([0.1, 0.1, 0.1, 0.1]) },
      { symbol: 'LOSS', bars: bars(flat), filings: q([1, 1, 1, 1], -10) },
    ];
    const r = rotationBacktest(universe, { ...base, top: 3, score: { kind: 'pe' } });
    // 8 Jan: LOSS's trailing EPS is still 4 (P/E 5, tied with CHEAP, after it by symbol); from 15 Jan: −7, out
    expect(r.rebalances[0].targets.map((t) => [t.symbol, t.score])).toEqual([['CHEAP', 5], ['LOSS', 5], ['DEAR', 50]]);
    expect(r.rebalances[1].targets.map((t) => t.symbol)).toEqual(['CHEAP', 'DEAR']);
  });

  it('an FA field ranks by its latest filed value; lowest first when asked', () => {
    const universe = [
      { symbol: 'A', bars: bars(flat), filings: [filing('2020-11-01', { roe: 10 }, 'ANNUAL')] },
      { symbol: 'B', bars: bars(flat), filings: [filing('2020-11-01', { roe: 20 }, 'ANNUAL')] },
    ];
    expect(rotationBacktest(universe, { ...base, score: { kind: 'fa', field: 'roe' } }).rebalances[0].targets[0].symbol).toBe('B');
    expect(rotationBacktest(universe, { ...base, score: { kind: 'fa', field: 'roe' }, order: 'lowest' }).rebalances[0].targets[0].symbol).toBe('A');
    expect(rotationBacktest(universe, { ...base, score: { kind: 'fa', field: 'roe', period_type: 'QUARTERLY' } }).orders).toEqual([]);
  });
});

describe('reports', () => {
  const universe = [
    { symbol: 'A', bars: bars(line(80, 20, 0.2).map((c, i) => c + Math.sin(i))) },
    { symbol: 'B', bars: bars(line(80, 40, -0.1)) },
  ];
  it('costs, turnover and alpha/beta against a benchmark', () => {
    const r = rotationBacktest(universe, { ...base, commission: 0.01, commission_fixed: 2, spread: 0.001 }, { benchmark: universe[0].bars });
    const value = r.orders.reduce((s, o) => s + o.shares * o.price, 0);
    expect(r.costs.commission).toBeCloseTo(value * 0.01, 9);
    expect(r.costs.commission_fixed).toBe(2 * r.orders.length);
    expect(r.costs.spread).toBeGreaterThan(0);
    expect(r.costs.total).toBeCloseTo(r.costs.commission + r.costs.commission_fixed + r.costs.spread, 9);
    expect(r.turnover).toHaveLength(1);
    expect(r.turnover[0].year).toBe(2021);
    expect(r.beta).toBeGreaterThan(0.5);
    expect(r.alpha).not.toBeNull();
    expect(rotationBacktest(universe, base).alpha).toBeNull();
  });
});

describe('spec checks', () => {
  const bad: [string, unknown, string][] = [
    ['a rebalance period', { ...base, rebalance: 'daily' }, 'rebalance'],
    ['top', { ...base, top: 0 }, 'top'],
    ['a score kind', { ...base, score: { kind: 'luck' } }, 'score.kind'],
    ['a momentum period', { ...base, score: { kind: 'momentum' } }, 'score.period'],
    ['a date', { ...base, start_date: '2021-02-30' }, 'start_date'],
    ['dates out of order', { ...base, end_date: '2020-01-01' }, 'end_date'],
    ['position_size', { ...base, position_size: 2 }, 'position_size'],
    ['floors', { ...base, floors: 5 }, 'floors'],
    ['a template row', { ...base, template: { indicators: [{ name: 'NOPE', indicator_type: 'BUY', compare: '<' }] } }, 'template'],
    ['a template without BUY rows', { ...base, template: { indicators: [] } }, 'template'],
    ['a template on a long/short rotation', { ...base, side: 'long_short', template: { indicators: [{ name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: 30 }] } }, 'template'],
  ];
  for (const [what, spec, field] of bad) {
    it(`names the field of a bad ${what}`, () => {
      let error: unknown;
      try {
        normalizeRotationSpec(spec as RotationSpecInput);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RotationSpecError);
      expect((error as RotationSpecError).field).toBe(field);
    });
  }
  it('fills the defaults', () => {
    const s = normalizeRotationSpec({ ...base, floors: { window: 10 } });
    expect(s).toMatchObject({ cash: 10_000, positionSize: 0.9999, commission: 0, order: 'highest', side: 'long', weighting: 'equal', buffer: 0 });
    expect(s.floors).toEqual({ minPrice: 5, minDollarVolume: 1_000_000, window: 10 });
    expect(normalizeRotationSpec({ ...base, score: { kind: 'volatility' } }).score).toEqual({ kind: 'volatility', period: 20 });
    expect(normalizeRotationSpec({ ...base, score: { kind: 'volatility' } }).order).toBe('lowest');
  });
});

describe('a held name the decision lets go', () => {
  // three names, top 1: UP leads at first, then falls to last; MID then FLAT overtake it
  const up = [...line(12, 20, 1), ...line(28, 31, -1)];
  const mid = line(40, 20, 0.2);
  const flat = line(40, 20, 0.05);
  const r = rotationBacktest(
    [{ symbol: 'UP', bars: bars(up) }, { symbol: 'MID', bars: bars(mid) }, { symbol: 'FLAT', bars: bars(flat) }],
    base,
  );

  it('carries its score and its rank in the ranking of that decision', () => {
    const rb = r.rebalances.find((x) => x.trades.some((t) => t.symbol === 'UP' && t.side === 'sell'))!;
    expect(rb.trades.find((t) => t.symbol === 'UP')!.reason).toBe('rank');
    const gone = rb.dropped.find((d) => d.symbol === 'UP')!;
    expect(gone.score).toBeLessThan(rb.targets[0].score);
    // three members: UP's momentum is the lowest, so it ranks last
    expect(gone.rank).toBe(3);
    expect(rb.dropped.map((d) => d.symbol)).toEqual(['UP']);
  });
});
