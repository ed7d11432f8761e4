// A plain day-by-day reference of the portfolio rules (the header of portfolio.ts), written from the
// rules alone with simple loops and no engine code, checked against the engine on random universes:
// short and long templates, gaps, late listings and early delistings, member masks, slots, ranking,
// stops, targets, trailing stops, spread, commissions and risk sizing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { portfolioBacktest, type PortfolioSymbol, type RankBy } from './portfolio.ts';
import type { IndicatorInput, TemplateInput } from './template.ts';
import type { DailyBars } from './types.ts';

interface Rules {
  dir: 1 | -1;
  /** SMA(period) compare close: the entry rows, and the exit rows (maybe none) */
  entry: { period: number; op: '>' | '<' }[];
  exit: { period: number; op: '>' | '<' }[];
  size: number;
  cash: number;
  commission: number;
  fixed: number;
  spread: number;
  stop: number;
  target: number;
  trail: number;
  risk: number;
}

interface RefTrade { symbol: string; size: number; entryBar: number; exitBar: number; entryPrice: number; exitPrice: number; reason: string; pnl: number }

function template(r: Rules): TemplateInput {
  const row = (side: string) => (c: { period: number; op: string }): IndicatorInput => ({ name: 'SMA', indicator_type: side, period: c.period, compare: c.op, cprice: 'CLOSE' });
  return {
    cash: r.cash,
    position_size: r.size,
    commission: r.commission,
    commission_fixed: r.fixed || undefined,
    spread: r.spread || undefined,
    stop_loss_pct: r.stop || undefined,
    take_profit_pct: r.target || undefined,
    trailing_stop_pct: r.trail || undefined,
    risk_pct: r.risk || undefined,
    indicators: [...r.entry.map(row(r.dir === 1 ? 'BUY' : 'SHORT')), ...r.exit.map(row(r.dir === 1 ? 'SELL' : 'COVER'))],
  };
}

function smaAt(close: Float64Array, i: number, n: number): number {
  if (i < n - 1) return NaN;
  let s = 0;
  for (let j = i - n + 1; j <= i; j++) s += close[j];
  return s / n;
}

function rowsHold(rows: Rules['entry'], bars: DailyBars, i: number): boolean {
  if (!rows.length) return false;
  for (const c of rows) {
    const v = smaAt(bars.close, i, c.period);
    if (!(c.op === '>' ? v > bars.close[i] : v < bars.close[i])) return false;
  }
  return true;
}

function rankValue(u: PortfolioSymbol, i: number, by: RankBy): number {
  if (by === 'volume_high') {
    if (i < 19) return NaN;
    let s = 0;
    for (let j = i - 19; j <= i; j++) s += u.bars.volume[j];
    return s / 20;
  }
  return u.marketCap ?? NaN;
}

function reference(universe: PortfolioSymbol[], r: Rules, slots: number, rankBy: RankBy) {
  const syms = universe.filter((u) => u.bars.close.length >= 2).sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
  const days = [...new Set(syms.flatMap((u) => Array.from(u.bars.day)))].sort((a, b) => a - b);
  const T = days.length;
  const barOn = (u: PortfolioSymbol, k: number) => Array.from(u.bars.day).indexOf(days[k]);
  const weight = r.size < 1 ? r.size / slots : r.size;
  type Pos = { shares: number; entry: number; entryBar: number; entryFee: number; sl: number; tp: number; trails: boolean };
  const pos = new Map<string, Pos>();
  const last = new Map<string, number>();
  const closing = new Set<string>();
  let queue: { u: PortfolioSymbol; shares: number }[] = [];
  let cash = r.cash;
  const trades: RefTrade[] = [];
  const equity: number[] = [];
  const positions: number[] = [];
  let fees = 0;
  let spreadPaid = 0;
  let traded = 0;

  const equityNow = () => {
    let e = cash;
    for (const [s, p] of pos) e += (last.get(s)! - p.entry) * p.shares;
    return e;
  };
  const exit = (s: string, price: number, k: number, reason: string) => {
    const p = pos.get(s)!;
    const fee = r.fixed + Math.abs(p.shares) * price * r.commission;
    cash += p.shares * (price - p.entry) - fee;
    fees += fee;
    traded += Math.abs(p.shares) * price;
    trades.push({ symbol: s, size: p.shares, entryBar: p.entryBar, exitBar: k, entryPrice: p.entry, exitPrice: price, reason, pnl: p.shares * (price - p.entry) - p.entryFee - fee });
    pos.delete(s);
  };
  const morning = (k: number, reason: string) => {
    for (const u of syms) {
      if (closing.has(u.symbol) && barOn(u, k) >= 0) {
        closing.delete(u.symbol);
        if (pos.has(u.symbol)) exit(u.symbol, u.bars.open[barOn(u, k)], k, reason);
      }
    }
    const wait: typeof queue = [];
    for (const q of queue) {
      const i = barOn(q.u, k);
      if (i < 0) {
        wait.push(q);
        continue;
      }
      const o = q.u.bars.open[i];
      const fill = o * (1 + r.dir * r.spread);
      const orderSize = q.shares || weight;
      const perShare = fill + (r.fixed + orderSize * o * r.commission) / orderSize;
      const shares = q.shares || (weight < 1 ? Math.floor((equityNow() * weight) / perShare) : weight);
      let free = cash;
      for (const p of pos.values()) free -= Math.abs(p.shares) * p.entry;
      if (!(shares > 0 && shares * perShare <= free)) continue;
      const fee = r.fixed + shares * fill * r.commission;
      cash -= fee;
      fees += fee;
      spreadPaid += shares * o * r.spread;
      traded += shares * fill;
      let sl = r.stop ? fill * (1 - r.dir * r.stop) : NaN;
      let trails = false;
      if (r.trail) {
        const t = fill * (1 - r.dir * r.trail);
        if (Number.isNaN(sl) || (r.dir === 1 ? t > sl : t < sl)) {
          sl = t;
          trails = true;
        }
      }
      pos.set(q.u.symbol, { shares: r.dir * shares, entry: fill, entryBar: k, entryFee: fee, sl, tp: r.target ? fill * (1 + r.dir * r.target) : NaN, trails });
      last.set(q.u.symbol, fill);
    }
    queue = wait;
    for (const u of syms) {
      const p = pos.get(u.symbol);
      const i = barOn(u, k);
      if (!p || i < 0) continue;
      const { open: o, high, low } = { open: u.bars.open[i], high: u.bars.high[i], low: u.bars.low[i] };
      if (r.dir === 1) {
        if (low <= p.sl) exit(u.symbol, Math.min(o, p.sl), k, p.trails ? 'trailing' : 'stop');
        else if (high >= p.tp) exit(u.symbol, Math.max(o, p.tp), k, 'target');
      } else {
        if (high >= p.sl) exit(u.symbol, Math.max(o, p.sl), k, p.trails ? 'trailing' : 'stop');
        else if (low <= p.tp) exit(u.symbol, Math.min(o, p.tp), k, 'target');
      }
    }
  };

  for (let k = 0; k < T; k++) {
    if (k > 0) morning(k, 'signal');
    for (const u of syms) {
      const i = barOn(u, k);
      if (i < 0) continue;
      last.set(u.symbol, u.bars.close[i]);
      if (pos.has(u.symbol) && i === u.bars.close.length - 1 && k < T - 1) {
        closing.delete(u.symbol);
        exit(u.symbol, u.bars.close[i], k, 'end');
      }
    }
    const e = equityNow();
    equity.push(e);
    positions.push(pos.size);
    if (e <= 0) {
      for (const s of [...pos.keys()]) exit(s, last.get(s)!, k, 'end');
      while (equity.length < T) equity.push(0);
      while (positions.length < T) positions.push(0);
      equity[k] = 0;
      return { trades, equity, positions, fees, spreadPaid, traded, broke: true };
    }
    let staying = 0;
    const candidates: { u: PortfolioSymbol; i: number }[] = [];
    for (const u of syms) {
      const i = barOn(u, k);
      const p = pos.get(u.symbol);
      if (i < 0) {
        if (p && !closing.has(u.symbol)) staying++;
        continue;
      }
      if (p) {
        if (rowsHold(r.exit, u.bars, i)) closing.add(u.symbol);
        else closing.delete(u.symbol);
        if (r.trail) {
          const t = u.bars.close[i] * (1 - r.dir * r.trail);
          if (Number.isNaN(p.sl) || (r.dir === 1 ? t > p.sl : t < p.sl)) {
            p.sl = t;
            p.trails = true;
          }
        }
        if (!closing.has(u.symbol)) staying++;
      } else if (i >= 1 && !(i === u.bars.close.length - 1 && k < T - 1) && !queue.some((q) => q.u === u)
        && (!u.entryAllowed || u.entryAllowed[i]) && rowsHold(r.entry, u.bars, i)) {
        candidates.push({ u, i });
      }
    }
    positions[k] = pos.size;
    const free = slots - staying - queue.length;
    if (free <= 0) continue;
    if (candidates.length > free && rankBy !== 'symbol') {
      const sign = rankBy === 'market_cap_low' ? 1 : -1;
      candidates.sort((a, b) => {
        const x = rankValue(a.u, a.i, rankBy);
        const y = rankValue(b.u, b.i, rankBy);
        if (!Number.isNaN(x) && !Number.isNaN(y) && x !== y) return sign * (x - y);
        if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
        return a.u.symbol < b.u.symbol ? -1 : 1;
      });
    }
    for (const { u, i } of candidates.slice(0, free)) {
      let shares = 0;
      if (r.risk) {
        const c = u.bars.close[i];
        const atRisk = Math.floor((e * r.risk) / (c * r.stop));
        const cap = weight < 1 ? Math.floor((e * weight) / (c * (1 + r.commission))) : weight;
        shares = Math.max(0, Math.min(atRisk, cap));
        if (!shares) continue;
      }
      queue.push({ u, shares });
    }
  }
  if (T > 1) {
    for (const s of pos.keys()) closing.add(s);
    morning(T - 1, 'end');
    for (const u of syms) {
      const i = barOn(u, T - 1);
      if (pos.has(u.symbol) && i >= 0) last.set(u.symbol, u.bars.close[i]);
    }
    equity[T - 1] = equityNow();
    positions[T - 1] = pos.size;
  }
  return { trades, equity, positions, fees, spreadPaid, traded, broke: false };
}

/** A universe: random-walk symbols on one weekday calendar, each listing late or delisting early, with gaps. */
const universeArb = fc.integer({ min: 1, max: 5 }).chain((n) =>
  fc.array(
    fc.record({
      len: fc.integer({ min: 2, max: 70 }),
      start: fc.integer({ min: 0, max: 20 }),
      gaps: fc.array(fc.integer({ min: 1, max: 80 }), { maxLength: 4 }),
      steps: fc.array(fc.double({ min: -0.07, max: 0.07, noNaN: true }), { minLength: 90, maxLength: 90 }),
      wick: fc.double({ min: 0, max: 0.03, noNaN: true }),
      volume: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 90, maxLength: 90 }),
      cap: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
      mask: fc.option(fc.array(fc.boolean(), { minLength: 90, maxLength: 90 }), { nil: undefined }),
    }),
    { minLength: n, maxLength: n },
  ),
).map((specs) =>
  specs.map((s, k): PortfolioSymbol => {
    const idx: number[] = [];
    for (let j = s.start; j < s.start + s.len && j < 90; j++) if (!s.gaps.includes(j)) idx.push(j);
    // no flat day: an SMA equal to the close would compare by rounding, not by the rules
    let close = 50;
    const closes = s.steps.map((x) => (close *= 1 + (x >= 0 ? x + 0.001 : x - 0.001)));
    const bars: DailyBars = {
      day: Int32Array.from(idx, (j) => 18_631 + Math.floor(j / 5) * 7 + (j % 5)),
      open: Float64Array.from(idx, (j) => (j ? closes[j - 1] : closes[0])),
      high: Float64Array.from(idx, (j) => Math.max(closes[j], j ? closes[j - 1] : closes[0]) * (1 + s.wick)),
      low: Float64Array.from(idx, (j) => Math.min(closes[j], j ? closes[j - 1] : closes[0]) * (1 - s.wick)),
      close: Float64Array.from(idx, (j) => closes[j]),
      volume: Float64Array.from(idx, (j) => s.volume[j]),
    };
    return { symbol: `S${k}`, bars, marketCap: s.cap ? s.cap * 1e9 : undefined, entryAllowed: s.mask ? Uint8Array.from(idx, (j) => (s.mask![j] ? 1 : 0)) : undefined };
  }),
);

const cond = fc.record({ period: fc.integer({ min: 2, max: 15 }), op: fc.constantFrom('>' as const, '<' as const) });
const rulesArb: fc.Arbitrary<Rules> = fc.record({
  dir: fc.constantFrom(-1 as const, -1 as const, 1 as const),
  entry: fc.array(cond, { minLength: 1, maxLength: 2 }),
  exit: fc.array(cond, { maxLength: 1 }),
  size: fc.oneof(fc.double({ min: 0.1, max: 0.99, noNaN: true }), fc.integer({ min: 1, max: 80 })),
  cash: fc.constantFrom(10_000, 3_000),
  commission: fc.constantFrom(0, 0.001, 0.01),
  fixed: fc.constantFrom(0, 0, 1),
  spread: fc.constantFrom(0, 0.002),
  stop: fc.constantFrom(0, 0.03, 0.1),
  target: fc.constantFrom(0, 0.05, 0.2),
  trail: fc.constantFrom(0, 0.04),
  risk: fc.constantFrom(0, 0, 0.01),
}).map((r) => ({ ...r, stop: r.risk && !r.stop ? 0.05 : r.stop }));

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe('portfolio engine against a plain day-by-day reference', () => {
  it('agrees on random universes, short and long: trades, equity, holdings, costs and turnover', () => {
    let shortTrades = 0;
    fc.assert(
      fc.property(universeArb, rulesArb, fc.integer({ min: 1, max: 3 }), fc.constantFrom<RankBy>('symbol', 'volume_high', 'market_cap_high', 'market_cap_low'), (u, rules, slots, rankBy) => {
        if (!u.some((s) => s.bars.close.length >= 2)) return;
        const got = portfolioBacktest(u, template(rules), { maxPositions: slots, rankBy });
        const want = reference(u, rules, slots, rankBy);
        const key = (t: { symbol: string; entryBar: number; exitBar: number }) => `${t.entryBar} ${t.exitBar} ${t.symbol}`;
        const wantTrades = [...want.trades].sort((a, b) => a.entryBar - b.entryBar || a.exitBar - b.exitBar || (a.symbol < b.symbol ? -1 : 1));
        expect(got.trades.map((t) => key({ symbol: t.Symbol, entryBar: t.EntryBar, exitBar: t.ExitBar }))).toEqual(wantTrades.map(key));
        got.trades.forEach((t, j) => {
          const w = wantTrades[j];
          expect([t.Size, t.ExitReason]).toEqual([w.size, w.reason]);
          expect(near(t.EntryPrice, w.entryPrice) && near(t.ExitPrice, w.exitPrice) && near(t.PnL, w.pnl), `${key(w)}`).toBe(true);
        });
        shortTrades += want.trades.filter((t) => t.size < 0).length;
        expect(Array.from(got.positions)).toEqual(want.positions);
        got.equity.forEach((e, k) => expect(near(e, want.equity[k]), `equity on day ${k}: ${e} vs ${want.equity[k]}`).toBe(true));
        expect(near(got.costs.commission + got.costs.commission_fixed, want.fees)).toBe(true);
        expect(near(got.costs.spread, want.spreadPaid)).toBe(true);
        expect(near(got.averageHoldings, want.positions.reduce((a, b) => a + b, 0) / want.positions.length)).toBe(true);
        // turnover × 2 × the year's mean equity, summed over the years, is the value traded
        const yearOf = (d: number) => new Date(d * 86_400_000).getUTCFullYear();
        const value = got.turnover.reduce((a, y) => {
          const ks = Array.from(got.day.keys()).filter((k) => yearOf(got.day[k]) === y.year);
          return a + y.turnover * 2 * (ks.reduce((s, k) => s + got.equity[k], 0) / ks.length);
        }, 0);
        if (!want.broke) expect(near(value, want.traded)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(shortTrades).toBeGreaterThan(20);
  });
});
