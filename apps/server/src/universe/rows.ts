// A universe run's table: one row per symbol, the single-symbol backtest of that symbol over the
// period in the table's words (runs on an engine thread), and the distribution of their returns.
import { type UniverseRow, type UniverseSummary } from '@app/contract';
import { backtest, windowBars, type DailyBars, type Stats, type TemplateInput } from '@app/quant';
import type { SeriesEntry } from '../market/seriesCache.ts';
import { gatesNothing, membership, type MembershipRule } from './membership.ts';

export interface SymbolBars {
  symbol: string;
  name: string;
  bars: DailyBars;
}

/** One symbol of a run: its whole history (membership reads indicators and filings up to each day)
 *  and the bars [from, to) of the run's period. */
export interface MemberItem {
  entry: SeriesEntry;
  from: number;
  to: number;
}

/** A symbol's bars over the period and the bars of it on which entries may be decided (null: every
 *  bar); null when it was never a member. */
export function memberBars(item: MemberItem, rule: MembershipRule) {
  const { entry, from, to } = item;
  const bars = windowBars(entry.bars, from, to);
  const base = { symbol: entry.info.symbol, name: entry.info.name, bars };
  if (gatesNothing(rule)) return { ...base, entryAllowed: null, floorRemoved: 0, members: to - from };
  const m = membership(entry, rule, from, to);
  return { ...base, entryAllowed: m.allowed, floorRemoved: m.floorRemoved, members: m.members };
}

export interface RowsChunk {
  rows: UniverseRow[];
  /** symbols with bars in the period that were never members (no row) */
  neverMembers: string[];
  floorsRemoved: number;
}

const num = (stats: Stats, key: string) => (typeof stats[key] === 'number' ? (stats[key] as number) : null);

/** The row of each symbol that was a member on some day: what a plain backtest of it over the same
 *  bars reports when entries may be decided only on its member days (every day: exactly the plain
 *  backtest). An open position is held and exits by the template's rules on any day. */
export function universeRows(input: { template: TemplateInput; items: MemberItem[]; rule: MembershipRule }): RowsChunk {
  const out: RowsChunk = { rows: [], neverMembers: [], floorsRemoved: 0 };
  for (const item of input.items) {
    const m = memberBars(item, input.rule);
    out.floorsRemoved += m.floorRemoved;
    if (!m.members) {
      out.neverMembers.push(m.symbol);
      continue;
    }
    out.rows.push(universeRow(m.symbol, m.name, backtest(m.bars, input.template, { entryAllowed: m.entryAllowed ?? undefined }).stats));
  }
  return out;
}

function universeRow(symbol: string, name: string, stats: Stats): UniverseRow {
    return {
      symbol,
      name,
      start: String(stats['Start']),
      end: String(stats['End']),
      return_pct: num(stats, 'Return [%]'),
      cagr_pct: num(stats, 'CAGR [%]'),
      sharpe: num(stats, 'Sharpe Ratio'),
      max_drawdown_pct: num(stats, 'Max. Drawdown [%]'),
      trades: num(stats, '# Trades') ?? 0,
      win_rate_pct: num(stats, 'Win Rate [%]'),
      profit_factor: num(stats, 'Profit Factor'),
      exposure_pct: num(stats, 'Exposure Time [%]'),
      buy_hold_pct: num(stats, 'Buy & Hold Return [%]'),
    };
}

/** Linear-interpolated quantile of sorted values (numpy's default). */
function quantile(sorted: number[], q: number): number | null {
  if (!sorted.length) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}

const HISTOGRAM_BINS = 20;
/** The share of returns at each end left out of the regular bins (into an overflow bin). */
const ROBUST_TAIL = 0.01;

export function universeSummary(rows: UniverseRow[], skipped: string[], extra: { survivorship: string; floors_removed: number; never_members: string[] }): UniverseSummary {
  const returns = rows.map((r) => r.return_pct).filter((v): v is number => v !== null).sort((a, b) => a - b);
  const share = (n: number) => (rows.length ? (n / rows.length) * 100 : null);
  const histogram: UniverseSummary['histogram'] = [];
  if (returns.length) {
    // Binned between robust limits (the 1st and 99th percentiles, by rank, so a universe of fewer
    // than 100 symbols keeps every return in the bins): one symbol at +3,700 % would otherwise
    // stretch the bins until nearly every symbol falls in the first. What lies beyond them is
    // counted in an overflow bin at each end.
    const n = returns.length;
    const loLimit = returns[Math.floor(ROBUST_TAIL * (n - 1))];
    const hiLimit = returns[Math.ceil((1 - ROBUST_TAIL) * (n - 1))];
    const lo = Math.floor(loLimit);
    const hi = Math.max(lo + 1, Math.ceil(hiLimit + 1e-9));
    const below = returns.filter((r) => r < lo);
    const above = returns.filter((r) => r >= hi);
    const width = (hi - lo) / HISTOGRAM_BINS;
    if (below.length) histogram.push({ from: below[0], to: lo, count: below.length, overflow: 'below' });
    const first = histogram.length;
    for (let k = 0; k < HISTOGRAM_BINS; k++) histogram.push({ from: lo + k * width, to: lo + (k + 1) * width, count: 0 });
    for (const r of returns) if (r >= lo && r < hi) histogram[first + Math.min(HISTOGRAM_BINS - 1, Math.floor((r - lo) / width))].count++;
    if (above.length) histogram.push({ from: hi, to: above[above.length - 1], count: above.length, overflow: 'above' });
  }
  return {
    symbols: rows.length,
    skipped,
    median_return_pct: quantile(returns, 0.5),
    q1_return_pct: quantile(returns, 0.25),
    q3_return_pct: quantile(returns, 0.75),
    profitable_pct: share(rows.filter((r) => (r.return_pct ?? 0) > 0).length),
    beat_buy_hold_pct: share(rows.filter((r) => r.return_pct !== null && r.buy_hold_pct !== null && r.return_pct > r.buy_hold_pct).length),
    histogram,
    ...extra,
  };
}
