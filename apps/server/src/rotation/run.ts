// A rotation run's answer (runs on an engine thread): each symbol's history up to the end date, its
// member mask when a saved scan is judged as of each close, its filings when the score reads them, the
// rotation engine over them, and the result in the API's words.
import type { RotationResult as RotationAnswer, RotationHolding, RotationRebalanceRow } from '@app/contract';
import {
  normalizeRotationSpec, parseDay, rotationBacktest, rotationSummary, windowBars, type DailyBars, type RotationFiling, type RotationRebalance,
  type RotationResult, type RotationSpecInput, type RotationSymbol,
} from '@app/quant';
import type { ScanQuery } from '@app/contract';
import type { SeriesEntry } from '../market/seriesCache.ts';
import { membership } from '../universe/membership.ts';

export interface RotationItem {
  /** the symbol's history; bars [0, to) are read (up to the end date) and a mask is kept for [from, to) */
  entry: SeriesEntry;
  from: number;
  to: number;
  /** its filings as of their filing days, when the score reads them (filings.ts) */
  filings?: RotationFiling[];
}

export interface RotationRunInput {
  spec: RotationSpecInput;
  items: RotationItem[];
  query: ScanQuery | null;
  /** the benchmark's bars up to the end date, and its symbol */
  benchmark: { symbol: string; bars: DailyBars } | null;
  survivorship: string;
  skipped: string[];
}

export function rotationRun(input: RotationRunInput): RotationAnswer {
  const spec = normalizeRotationSpec(input.spec);
  const universe: RotationSymbol[] = input.items.map(({ entry, from, to, filings }) => {
    const u: RotationSymbol = { symbol: entry.info.symbol, bars: windowBars(entry.bars, 0, to), filings };
    if (input.query) {
      // the scan alone: the floors are the rotation's own, checked by the engine at each decision
      const m = membership(entry, { query: input.query, floors: null }, from, to);
      const member = new Uint8Array(to);
      member.set(m.allowed, from);
      u.member = member;
    }
    return u;
  });
  const r = rotationBacktest(universe, spec, { benchmark: input.benchmark?.bars ?? null });
  return {
    orders: r.orders,
    time: r.time,
    equity: r.equity,
    benchmark: input.benchmark ? { symbol: input.benchmark.symbol, equity: boughtAndHeld(r, input.benchmark.bars, spec.cash) } : null,
    equal_weight: r.equal_weight,
    stats: { ...rotationSummary(r), costs: r.costs },
    turnover: r.turnover,
    rebalances: r.rebalances.map(holdingsTable),
    survivorship: input.survivorship,
    skipped: input.skipped,
  };
}

/** The cash bought at the benchmark's first close on the timeline and marked at each of its closes
 *  (its last close on days it has none); null before its first bar. */
function boughtAndHeld(r: RotationResult, bars: DailyBars, cash: number): (number | null)[] {
  const byDay = new Map<number, number>();
  for (let i = 0; i < bars.day.length; i++) byDay.set(bars.day[i], bars.close[i]);
  let first: number | null = null;
  let last: number | null = null;
  return r.time.map((t) => {
    const c = byDay.get(parseDay(t));
    if (c !== undefined) {
      first ??= c;
      last = (cash * c) / first;
    }
    return last;
  });
}

const ACTION = { buy: 'bought', sell: 'sold', short: 'shorted', cover: 'covered' } as const;

/** A rebalance as its holdings table: each trade, then each target kept as it was. */
export function holdingsTable(rb: RotationRebalance): RotationRebalanceRow {
  const target = new Map(rb.targets.map((t) => [t.symbol, t]));
  const dropped = new Map(rb.dropped.map((t) => [t.symbol, t]));
  const holdings: RotationHolding[] = rb.trades.map((t) => {
    const g = target.get(t.symbol);
    const why = g ?? dropped.get(t.symbol);
    return {
      symbol: t.symbol,
      action: ACTION[t.side],
      side: t.side === 'buy' || t.side === 'sell' ? 'long' : 'short',
      shares: t.shares,
      price: t.price,
      score: why?.score ?? null,
      rank: why?.rank ?? null,
      weight: g?.weight ?? null,
      reason: t.reason,
    };
  });
  for (const symbol of rb.kept) {
    const g = target.get(symbol)!;
    holdings.push({ symbol, action: 'kept', side: g.side, shares: null, price: null, score: g.score, rank: g.rank, weight: g.weight, reason: 'held' });
  }
  return { date: rb.date, fill_date: rb.fill_date, equity: rb.equity, members: rb.members, floored: rb.floored, holdings };
}
