// A plain, day-by-day reading of the rotation rules (docs/portfolio.md), written without the engine's
// code: string dates, Maps, a linear search for every bar. The engine must agree with it on random
// universes for every extension: long/short, inverse-volatility weights, a buffer, RSI and
// volatility scores, lowest-first ordering, floors and every cost.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rotationBacktest } from './engine.ts';
import type { DailyBars } from '../types.ts';
import type { RotationSpecInput } from './spec.ts';
import { universeFrom } from '../test/rotationUniverse.ts';

interface Sym { symbol: string; bars: DailyBars }
interface RefOrder { date: string; symbol: string; side: string; shares: number; price: number }
/** Every field written out: the reference fills no defaults. */
interface RefSpec {
  start_date: string;
  end_date: string;
  rebalance: string;
  top: number;
  score: { kind: 'momentum'; period: number; skip?: number } | { kind: 'rsi'; period?: number } | { kind: 'volatility'; period?: number };
  order: 'highest' | 'lowest';
  cash: number;
  position_size: number;
  commission: number;
  commission_fixed: number;
  spread: number;
  floors: { min_price: number; min_dollar_volume: number; window: number } | null;
  side: 'long' | 'long_short';
  weighting: 'equal' | 'inverse_volatility';
  buffer: number;
}

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

function periodKey(day: number, rebalance: string): number {
  const date = new Date(day * 86_400_000);
  if (rebalance === 'weekly') {
    // days since Monday 1970-01-05, in whole weeks
    return Math.floor((day - 4) / 7);
  }
  const month = date.getUTCFullYear() * 12 + date.getUTCMonth();
  return rebalance === 'monthly' ? month : Math.floor(month / 3);
}

function plainRsi(close: Float64Array, j: number, period: number): number {
  if (j < period) return NaN;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const ch = close[i] - close[i - 1];
    if (ch > 0) gain += ch;
    else loss -= ch;
  }
  gain /= period;
  loss /= period;
  for (let i = period + 1; i <= j; i++) {
    const ch = close[i] - close[i - 1];
    gain = (gain * (period - 1) + Math.max(ch, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-ch, 0)) / period;
  }
  return loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
}

function sampleSd(close: Float64Array, j: number, n: number): number {
  if (j < n) return NaN;
  const r: number[] = [];
  for (let i = j - n + 1; i <= j; i++) r.push(close[i] / close[i - 1] - 1);
  const mean = r.reduce((a, b) => a + b, 0) / n;
  return Math.sqrt(r.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
}

/** The rules, one day at a time. */
function reference(universe: Sym[], spec: RefSpec) {
  const syms = [...universe].sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
  const start = Date.parse(spec.start_date) / 86_400_000;
  const end = Date.parse(spec.end_date) / 86_400_000;
  const days = [...new Set(syms.flatMap((s) => [...s.bars.day].filter((d) => d >= start && d <= end)))].sort((a, b) => a - b);
  const barOn = (s: Sym, d: number) => s.bars.day.indexOf(d);
  const lastBefore = (s: Sym, d: number) => {
    let j = -1;
    for (let i = 0; i < s.bars.day.length; i++) if (s.bars.day[i] <= d) j = i;
    return j;
  };
  const cost = spec.commission;
  const fixed = spec.commission_fixed;
  const floors = spec.floors;
  const score = spec.score;
  const pos = new Map<string, number>();
  let cash = spec.cash;
  const orders: RefOrder[] = [];
  const equity: number[] = [];
  let pending: { longs: { s: Sym; value: number }[]; shorts: { s: Sym; value: number }[] } | null = null;

  for (let k = 0; k < days.length; k++) {
    const t = days[k];
    if (pending) {
      const longValue = new Map(pending.longs.map((x) => [x.s.symbol, x.value]));
      const shortValue = new Map(pending.shorts.map((x) => [x.s.symbol, x.value]));
      const wantedAt = (s: Sym, value: number) => Math.floor(value / s.bars.open[barOn(s, t)]);
      for (const s of syms) {
        const held = pos.get(s.symbol) ?? 0;
        if (held <= 0) continue;
        const j = barOn(s, t);
        if (!longValue.get(s.symbol)) {
          const price = j >= 0 ? s.bars.open[j] : s.bars.close[lastBefore(s, t)];
          cash += held * price * (1 - cost) - fixed;
          pos.set(s.symbol, 0);
          orders.push({ date: iso(t), symbol: s.symbol, side: 'sell', shares: held, price });
        } else if (j >= 0 && held > wantedAt(s, longValue.get(s.symbol)!)) {
          const extra = held - wantedAt(s, longValue.get(s.symbol)!);
          cash += extra * s.bars.open[j] * (1 - cost) - fixed;
          pos.set(s.symbol, held - extra);
          orders.push({ date: iso(t), symbol: s.symbol, side: 'sell', shares: extra, price: s.bars.open[j] });
        }
      }
      for (const s of syms) {
        const held = pos.get(s.symbol) ?? 0;
        if (held >= 0) continue;
        const j = barOn(s, t);
        let n = 0;
        if (!shortValue.get(s.symbol)) n = -held;
        else if (j >= 0) n = -held - wantedAt(s, shortValue.get(s.symbol)!);
        if (n <= 0) continue;
        const price = j >= 0 ? s.bars.open[j] : s.bars.close[lastBefore(s, t)];
        cash -= n * price * (1 + cost) + fixed;
        pos.set(s.symbol, held + n);
        orders.push({ date: iso(t), symbol: s.symbol, side: 'cover', shares: n, price });
      }
      for (const { s, value } of pending.shorts) {
        const j = barOn(s, t);
        if (j < 0) continue;
        const held = pos.get(s.symbol) ?? 0;
        const n = wantedAt(s, value) + held;
        if (n < 1) continue;
        const price = s.bars.open[j] * (1 - spec.spread);
        cash += n * price * (1 - cost) - fixed;
        pos.set(s.symbol, held - n);
        orders.push({ date: iso(t), symbol: s.symbol, side: 'short', shares: n, price });
      }
      for (const { s, value } of pending.longs) {
        const j = barOn(s, t);
        if (j < 0) continue;
        const held = pos.get(s.symbol) ?? 0;
        let n = wantedAt(s, value) - held;
        if (n <= 0) continue;
        const price = s.bars.open[j] * (1 + spec.spread);
        if (n * price * (1 + cost) + fixed > cash) n = Math.floor((cash - fixed) / (price * (1 + cost)));
        if (n < 1) continue;
        cash -= n * price * (1 + cost) + fixed;
        pos.set(s.symbol, held + n);
        orders.push({ date: iso(t), symbol: s.symbol, side: 'buy', shares: n, price });
      }
      pending = null;
    }
    let e = cash;
    for (const s of syms) {
      const held = pos.get(s.symbol) ?? 0;
      if (held) e += held * s.bars.close[lastBefore(s, t)];
    }
    equity.push(e);

    const isDecision = k + 1 < days.length && periodKey(days[k + 1], spec.rebalance) !== periodKey(t, spec.rebalance);
    if (!isDecision) continue;
    const members: { s: Sym; score: number }[] = [];
    for (const s of syms) {
      const j = barOn(s, t);
      if (j < 0) continue;
      const c = s.bars.close;
      if (floors) {
        if (j < floors.window - 1 || c[j] < floors.min_price) continue;
        let dv = 0;
        for (let i = j - floors.window + 1; i <= j; i++) dv += c[i] * s.bars.volume[i];
        if (dv / floors.window < floors.min_dollar_volume) continue;
      }
      let v = NaN;
      if (score.kind === 'momentum') {
        const m = score.skip ?? 0;
        if (j >= score.period + m) v = c[j - m] / c[j - m - score.period] - 1;
      } else if (score.kind === 'rsi') v = plainRsi(c, j, score.period ?? 14);
      else if (score.kind === 'volatility') v = sampleSd(c, j, score.period ?? 20);
      if (!Number.isNaN(v)) members.push({ s, score: v });
    }
    const sign = spec.order === 'lowest' ? 1 : -1;
    const ranked = [...members].sort((a, b) => (a.score !== b.score ? sign * (a.score - b.score) : a.s.symbol < b.s.symbol ? -1 : 1));
    const worst = [...members].sort((a, b) => (a.score !== b.score ? -sign * (a.score - b.score) : a.s.symbol < b.s.symbol ? -1 : 1));
    const pick = (list: typeof ranked, isHeld: (s: Sym) => boolean, taken: Set<string>) => {
      const chosen: typeof ranked = [];
      list.forEach((m, r) => {
        if (r < spec.top + spec.buffer && isHeld(m.s) && !taken.has(m.s.symbol) && chosen.length < spec.top) chosen.push(m);
      });
      for (const m of list) {
        if (chosen.length >= spec.top) break;
        if (!chosen.includes(m) && !taken.has(m.s.symbol)) chosen.push(m);
      }
      return chosen.sort((a, b) => list.indexOf(a) - list.indexOf(b));
    };
    const longs = pick(ranked, (s) => (pos.get(s.symbol) ?? 0) > 0, new Set());
    const shorts = spec.side === 'long_short' ? pick(worst, (s) => (pos.get(s.symbol) ?? 0) < 0, new Set(longs.map((m) => m.s.symbol))) : [];
    const slots = spec.side === 'long_short' ? 2 * spec.top : spec.top;
    const half = spec.side === 'long_short' ? 0.5 : 1;
    const sized = (chosen: typeof ranked) => {
      if (spec.weighting === 'equal') return chosen.map((m) => ({ s: m.s, value: (e * spec.position_size) / slots }));
      const inv = chosen.map((m) => {
        const sd = sampleSd(m.s.bars.close, barOn(m.s, t), 20);
        return sd > 0 ? 1 / sd : 0;
      });
      const total = inv.reduce((a, b) => a + b, 0);
      return chosen.map((m, i) => ({ s: m.s, value: total > 0 ? e * spec.position_size * half * (inv[i] / total) : 0 }));
    };
    pending = { longs: sized(longs), shorts: sized(shorts) };
  }
  return { orders, equity, time: days.map(iso) };
}

const specArb = fc.record({
  rebalance: fc.constantFrom('weekly', 'monthly', 'quarterly'),
  top: fc.integer({ min: 1, max: 3 }),
  score: fc.oneof(
    fc.record({ kind: fc.constant('momentum' as const), period: fc.integer({ min: 1, max: 30 }), skip: fc.integer({ min: 0, max: 5 }) }),
    fc.record({ kind: fc.constant('rsi' as const), period: fc.integer({ min: 2, max: 20 }) }),
    fc.record({ kind: fc.constant('volatility' as const), period: fc.integer({ min: 2, max: 25 }) }),
  ),
  order: fc.constantFrom('highest', 'lowest'),
  cash: fc.constantFrom(10_000, 123_456.78),
  position_size: fc.constantFrom(0.9999, 0.5, 1),
  commission: fc.constantFrom(0, 0.001, 0.01),
  commission_fixed: fc.constantFrom(0, 1),
  spread: fc.constantFrom(0, 0.002),
  floors: fc.constantFrom(null, { min_price: 5, min_dollar_volume: 1_000_000, window: 5 }, { min_price: 3, min_dollar_volume: 0, window: 10 }),
  side: fc.constantFrom('long', 'long_short'),
  weighting: fc.constantFrom('equal', 'inverse_volatility'),
  buffer: fc.integer({ min: 0, max: 2 }),
  start_date: fc.constantFrom('2021-01-04', '2021-02-15', '2021-03-01'),
  end_date: fc.constantFrom('2021-06-30', '2021-08-13'),
});

describe('the rotation engine agrees with a plain day-by-day reading of the rules', () => {
  it('on random universes and specs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 7 }), specArb, (seed, count, spec) => {
        const universe = universeFrom(seed, count);
        const ours = rotationBacktest(universe, spec as RotationSpecInput);
        const ref = reference(universe, spec as RefSpec);
        expect(ours.time).toEqual(ref.time);
        expect(ours.orders.map(({ date, symbol, side, shares, price }) => ({ date, symbol, side, shares, price }))).toEqual(ref.orders);
        ref.equity.forEach((e, i) => expect(Math.abs(ours.equity[i] - e)).toBeLessThanOrEqual(1e-9 * Math.abs(e) + 1e-9));
      }),
      { numRuns: 300 },
    );
  });

  it('trades in every mode the generator offers (the comparison is not vacuous)', () => {
    const universe = universeFrom(7, 6);
    const base = { rebalance: 'weekly', top: 2, score: { kind: 'momentum', period: 5 }, floors: null, start_date: '2021-02-01', end_date: '2021-06-30' } as const;
    const ls = rotationBacktest(universe, { ...base, side: 'long_short', weighting: 'inverse_volatility', buffer: 1 });
    expect(ls.orders.some((o) => o.side === 'short')).toBe(true);
    expect(ls.orders.some((o) => o.side === 'cover')).toBe(true);
    expect(ls.orders.some((o) => o.side === 'buy')).toBe(true);
    expect(ls.orders.some((o) => o.side === 'sell')).toBe(true);
    const ref = reference(universe, { ...base, side: 'long_short', weighting: 'inverse_volatility', buffer: 1, order: 'highest', cash: 10_000, position_size: 0.9999, commission: 0, commission_fixed: 0, spread: 0 });
    expect(ls.orders.length).toBe(ref.orders.length);
  });
});
