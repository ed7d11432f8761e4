// What a rotation takes and what it returns (the JSON the CLI prints and the API will answer).
import type { DailyBars, ExitReason } from '../types.ts';
import type { RotationFiling } from './fundamentals.ts';

/** One member of the universe: its whole history (warm-up before start_date included, ascending days). */
export interface RotationSymbol {
  symbol: string;
  bars: DailyBars;
  /** point-in-time fundamentals, for the market_cap, pe and fa scores */
  filings?: readonly RotationFiling[] | null;
  /** aligned with bars: 0 on the bars the universe does not hold the symbol (a saved scan judged as of
   *  each close); absent: a member on every bar with a score that clears the floors */
  member?: Uint8Array | null;
}

export interface RotationOptions {
  /** bars of a benchmark (not a member) for alpha and beta */
  benchmark?: DailyBars | null;
}

/** buy/sell open and close long positions; short/cover open and close short ones. */
export type RotationOrderSide = 'buy' | 'sell' | 'short' | 'cover';

export interface RotationOrder {
  date: string;
  symbol: string;
  side: RotationOrderSide;
  shares: number;
  price: number;
  /** only on a template's stop, target or trailing stop closing a position between rebalances */
  reason?: Extract<ExitReason, 'stop' | 'target' | 'trailing'>;
}

export interface RotationTarget {
  symbol: string;
  side: 'long' | 'short';
  /** 1 = best of the members (for a short: 1 = worst) */
  rank: number;
  score: number;
  /** the fraction of the decision's equity it is sized to */
  weight: number;
}

/** Why a rebalance traded a symbol:
 *  new / add — entered the targets, or a held target below its wanted shares;
 *  trim — a held target above its wanted shares;
 *  rank — a member ranked out (below top + buffer, or not among the first top);
 *  rule — the template's BUY rule does not hold at the decision;
 *  not_member — no bar on the decision day, floored, or no score. */
export type RotationTradeReason = 'new' | 'add' | 'trim' | 'rank' | 'rule' | 'not_member';

export interface RotationTrade {
  symbol: string;
  side: RotationOrderSide;
  shares: number;
  price: number;
  reason: RotationTradeReason;
}

export interface RotationRebalance {
  /** the decision day (its close) and the fill day (its open) */
  date: string;
  fill_date: string;
  equity: number;
  /** members ranked, and symbols with a bar that day the floors removed */
  members: number;
  floored: number;
  targets: RotationTarget[];
  trades: RotationTrade[];
  /** held targets left as they were (already at their wanted shares, or no bar on the fill day) */
  kept: string[];
  /** held names the decision did not target: their score and rank that day (null: not a member) */
  dropped: { symbol: string; score: number | null; rank: number | null }[];
}

export interface RotationCosts {
  commission: number;
  commission_fixed: number;
  /** what buying above the open (and shorting below it) cost */
  spread: number;
  total: number;
}

export interface RotationResult {
  orders: RotationOrder[];
  time: string[];
  equity: number[];
  final_equity: number;
  rebalances: RotationRebalance[];
  /** per calendar year: traded value (every order, both sides) / 2 / the year's mean equity */
  turnover: { year: number; turnover: number }[];
  costs: RotationCosts;
  /** the mean number of open positions at the timeline's closes */
  average_holdings: number;
  /** symbol-days the floors removed (at decision days) */
  floored: number;
  /** the starting cash in an equal-weight basket of each decision's members, rebalanced daily */
  equal_weight: number[];
  /** least squares of the daily returns on the benchmark's (alpha × 252); null without a benchmark */
  alpha: number | null;
  beta: number | null;
}
