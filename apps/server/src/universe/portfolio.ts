// A portfolio run's answer (runs on an engine thread): quant's portfolio backtest over the symbols'
// bars, with the daily curves as JSON and a market benchmark held with the same cash.
import { type PortfolioResult } from '@app/contract';
import { explainTrades, formatDay, portfolioBacktest, type PortfolioSymbol, type PortfolioTrade, type RankBy, type TemplateInput } from '@app/quant';
import { sharesAsOf } from '../scanner/values.ts';
import { memberBars, type MemberItem, type SymbolBars } from './rows.ts';
import type { MembershipRule } from './membership.ts';

export interface PortfolioInput {
  template: TemplateInput;
  items: MemberItem[];
  rule: MembershipRule;
  /** the result's universe warning (universeWarning) */
  survivorship: string;
  skipped: string[];
  maxPositions: number;
  rankBy: RankBy;
  /** SPY (or another market benchmark) over the same dates, when the market has it */
  benchmark: SymbolBars | null;
}

/** A non-member day means no new entry on that symbol; a position opened on a member day is held and
 *  exits by the template's rules (SELL rows, stops) on any day, member or not. Symbols never members in
 *  the period are left out (no trade could open on them). */
export function portfolioResult(input: PortfolioInput): PortfolioResult {
  let floorsRemoved = 0;
  const neverMembers: string[] = [];
  const legs: (SymbolBars & PortfolioSymbol)[] = [];
  const bySize = input.rankBy === 'market_cap_high' || input.rankBy === 'market_cap_low';
  for (const item of input.items) {
    const m = memberBars(item, input.rule);
    floorsRemoved += m.floorRemoved;
    if (!m.members) neverMembers.push(m.symbol);
    else legs.push({ symbol: m.symbol, name: m.name, bars: m.bars, marketCaps: bySize ? marketCaps(item) : undefined, entryAllowed: m.entryAllowed ?? undefined });
  }
  if (!legs.length) throw new Error('no symbol of the universe was a member on any day of the period (the scan and the floors removed every day)');
  const r = portfolioBacktest(legs, input.template, { maxPositions: input.maxPositions, rankBy: input.rankBy, benchmark: input.benchmark?.bars ?? null });
  const cash = r.equity[0];
  let benchmark: PortfolioResult['benchmark'] = null;
  if (input.benchmark) {
    // bought at its first close in the run, marked at each of its closes; null before its first bar
    const b = input.benchmark.bars;
    const byDay = new Map<number, number>();
    for (let i = 0; i < b.day.length; i++) byDay.set(b.day[i], b.close[i]);
    const first = b.close[0];
    let last: number | null = null;
    const equity = Array.from(r.day, (d) => {
      const c = byDay.get(d);
      if (c !== undefined) last = (cash * c) / first;
      return last;
    });
    benchmark = { symbol: input.benchmark.symbol, equity };
  }
  return {
    stats: r.stats,
    trades: withWhy({ template: input.template, items: legs }, r.trades),
    time: Array.from(r.day, formatDay),
    equity: Array.from(r.equity),
    drawdown: Array.from(r.drawdown, (d) => (d === 0 ? 0 : -d)),
    positions: Array.from(r.positions),
    equal_weight: Array.from(r.equalWeight),
    benchmark,
    skipped: [...input.skipped, ...r.skipped],
    survivorship: input.survivorship,
    floors_removed: floorsRemoved,
    never_members: neverMembers,
    alpha: r.alpha,
    beta: r.beta,
    turnover: r.turnover,
    costs: r.costs,
    average_holdings: r.averageHoldings,
  };
}

/** The market cap at each close of the item's period: that close × the shares of the latest filing by
 *  then (NaN before a filing reports them, which ranks last). */
function marketCaps(item: MemberItem): Float64Array {
  const shares = sharesAsOf(item.entry);
  const close = item.entry.bars.close;
  const out = new Float64Array(item.to - item.from);
  for (let k = item.from; k < item.to; k++) out[k - item.from] = close[k] * shares[k];
  return out;
}

/** The trades with why each opened and closed, read on its own symbol's bars. */
function withWhy(input: { template: TemplateInput; items: SymbolBars[] }, trades: PortfolioTrade[]): PortfolioTrade[] {
  const bySymbol = new Map<string, number[]>();
  trades.forEach((t, i) => {
    const at = bySymbol.get(t.Symbol);
    if (at) at.push(i);
    else bySymbol.set(t.Symbol, [i]);
  });
  const out = [...trades];
  for (const item of input.items) {
    const at = bySymbol.get(item.symbol);
    if (!at) continue;
    const why = explainTrades(item.bars, input.template, at.map((i) => trades[i]));
    at.forEach((i, k) => (out[i] = { ...trades[i], Why: why[k] }));
  }
  return out;
}
