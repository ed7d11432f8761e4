// A portfolio backtest: one account, one cash balance, one template traded on many symbols, long (BUY
// and SELL rows) or short (SHORT and COVER rows: every position of the run is short).
//
// The timeline is every day on which at least one symbol has a bar. On each day, in this order:
//  1. at the open, for symbols with a bar that day: the SELL-signal exits decided at the previous
//     close fill first, then the entries decided at the previous close in their rank order, each
//     sized from the equity (cash + open positions at their last close) and dropped when the cash
//     cannot pay it; then the stops and targets of open positions, those filled at this open included (stop first);
//  2. at the close, the equity is marked: cash + each open position at its symbol's last close;
//  3. decisions at the close, for symbols with a bar that day that is not their first: SELL rows of
//     open positions (and trailing stops), then the BUY candidates among flat symbols, ranked by
//     `rank_by` (ties by symbol), taking as many as there are free slots: `max_positions` less the
//     positions that stay open (those with a SELL decided now free their slot for tomorrow's entries).
// A symbol with no bar on a day (a halt, a gap in the data) does nothing that day: its orders wait for
// its next bar and its position is marked at its last close. A symbol that stops trading before the
// last day is closed at the close of its last bar (exit reason `end`). After the last day, as in the
// single-symbol engine (backtesting.py's `finalize_trades`), open positions close at the last open
// and entries decided on the last day fill there and stay open: in the final equity, not the trades.
// Sizing: a fraction `position_size` of equity is split equally over `max_positions` slots (one slot
// per position); a whole `position_size` buys that many shares; `risk_pct` sizes from the stop as in
// the single engine, capped by the slot. With one symbol and one slot this is the single-symbol
// backtest exactly.
// Shorts follow the single-symbol short rules: a short sale fills at the open less the spread, its
// stop sits above the fill and its target below (a stop hits when high ≥ SL and fills at max(open, SL),
// a target when low ≤ TP at min(open, TP), stop first, live on the entry bar), a trailing stop starts
// at fill·(1 + trail) and only falls, to close·(1 + trail). The share count is negative, so the equity
// is the long's arithmetic: the sale's proceeds go to cash and the position counts −shares × close.
// A short's entry value is held as margin: an entry (long or short) fills only when the cash, less the
// entry value of every open position, pays shares × (fill + commission per share), as the single
// engine checks a short against its cash.
import type { DailyBars, ExitReason } from './types.ts';
import { isShortTemplate, normalizeTemplate, type Template, type TemplateInput } from './template.ts';
import { compileSide, gatedSide, holdsAt, type CompiledSide } from './conditions.ts';
import { computeStats, type Stats, type TradeRecord } from './stats.ts';
import { closedTrade, entryCost, entryLevels, fractionShares, levelExit, orderCommission, riskShares, shortLevelExit, watchesLevels, type Direction } from './fills.ts';
import { alphaBeta, closesOnTimeline, turnoverByYear } from './runFigures.ts';
import { tradeJson, type Trade } from './engine.ts';
import { rsi } from './indicators/rsi.ts';
import { sma } from './indicators/movingAverages.ts';

/** How entry candidates of one close are ordered when there are more than free slots. */
export const RANK_BY = ['symbol', 'rsi_low', 'momentum_high', 'market_cap_high', 'market_cap_low', 'volume_high'] as const;
export type RankBy = (typeof RANK_BY)[number];
export const RANK_BY_TEXT: Record<RankBy, string> = {
  symbol: 'symbol (A to Z)',
  rsi_low: 'lowest RSI(14)',
  momentum_high: 'highest 3-month momentum (63-bar return)',
  market_cap_high: 'largest market cap',
  market_cap_low: 'smallest market cap',
  volume_high: 'highest 20-day average volume',
};
export const MAX_PORTFOLIO_POSITIONS = 100;

export interface PortfolioSymbol {
  symbol: string;
  /** the symbol's bars over the run's period */
  bars: DailyBars;
  /** one market cap for every day (a caller without filings); `marketCaps` wins when given */
  marketCap?: number | null;
  /** per bar of `bars`, the market cap as of that close (close × the shares of the latest filing by
   *  then; NaN before one): what ranking by market cap reads, so a run never ranks by today's size */
  marketCaps?: Float64Array;
  /** 1 on the bars where the symbol may be entered (a universe's members that day); every bar when absent.
   *  A position opened on a member day is held and exits by its rules on any day. */
  entryAllowed?: Uint8Array;
}

export interface PortfolioOptions {
  maxPositions: number;
  rankBy?: RankBy;
  /** the market benchmark alpha and beta are measured against */
  benchmark?: DailyBars | null;
}

/** Dollars paid in costs: the relative commission, the fixed fee per order, and the spread (shares × open × spread at each entry). */
export interface PortfolioCosts {
  commission: number;
  commission_fixed: number;
  spread: number;
  total: number;
}

export interface PortfolioTrade extends Trade {
  Symbol: string;
}

export interface PortfolioResult {
  stats: Stats;
  trades: PortfolioTrade[];
  /** the timeline (days since 1970-01-01) and, per day: equity, drawdown (fraction ≥ 0), open positions */
  day: Int32Array;
  equity: Float64Array;
  drawdown: Float64Array;
  positions: Uint16Array;
  /** the same cash in an equal-weight basket of the universe, rebalanced daily */
  equalWeight: Float64Array;
  /** symbols left out: fewer than 2 bars in the period */
  skipped: string[];
  /** per calendar year: the value of every fill (entries and exits) / 2 / the year's mean equity */
  turnover: { year: number; turnover: number }[];
  costs: PortfolioCosts;
  /** the mean number of open positions over the timeline's closes */
  averageHoldings: number;
  /** least squares of the daily equity returns on the benchmark's (alpha × 252); null without a benchmark or with a flat one */
  alpha: number | null;
  beta: number | null;
}

interface Leg {
  /** its place in the run's symbol order (the order every pass over positions keeps) */
  index: number;
  symbol: string;
  bars: DailyBars;
  marketCap: number;
  /** timeline day → this symbol's bar index, or -1 */
  at: Int32Array;
  buy: CompiledSide;
  sell: CompiledSide;
  rank: Float64Array | null;
  // the open position (0 shares when flat)
  shares: number;
  entryPrice: number;
  entryBar: number;
  entryCommission: number;
  sl: number;
  tp: number;
  slTrails: boolean;
  lastClose: number;
  pendingClose: boolean;
  pendingEntry: boolean;
  /** risk sizing: shares decided at the signal close */
  pendingShares: number;
}

export function portfolioBacktest(universe: PortfolioSymbol[], template: TemplateInput | Template, opts: PortfolioOptions): PortfolioResult {
  const t = normalizeTemplate(template);
  // a short template enters on its SHORT rows and exits on its COVER rows, the mirror of BUY and SELL
  const dir: Direction = isShortTemplate(t) ? -1 : 1;
  const maxPositions = opts.maxPositions;
  if (!Number.isInteger(maxPositions) || maxPositions < 1 || maxPositions > MAX_PORTFOLIO_POSITIONS) {
    throw new RangeError(`max_positions must be a whole number from 1 to ${MAX_PORTFOLIO_POSITIONS}`);
  }
  const rankBy = opts.rankBy ?? 'symbol';
  const skipped = universe.filter((u) => u.bars.close.length < 2).map((u) => u.symbol);
  const used = universe.filter((u) => u.bars.close.length >= 2).sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  if (!used.length) throw new RangeError('no symbol has at least 2 bars in the period');
  const day = timeline(used.map((u) => u.bars.day));
  const T = day.length;
  const legs: Leg[] = used.map((u, index) => ({
    index,
    symbol: u.symbol,
    bars: u.bars,
    marketCap: u.marketCap ?? NaN,
    at: dayIndex(day, u.bars.day),
    buy: entrySide(u, t, dir),
    sell: compileSide(u.bars, t.conditions, dir === 1 ? 'SELL' : 'COVER', new Map()),
    rank: (rankBy === 'market_cap_high' || rankBy === 'market_cap_low') && u.marketCaps ? u.marketCaps : rankSeries(u.bars, rankBy),
    shares: 0,
    entryPrice: 0,
    entryBar: 0,
    entryCommission: 0,
    sl: NaN,
    tp: NaN,
    slTrails: false,
    lastClose: NaN,
    pendingClose: false,
    pendingEntry: false,
    pendingShares: 0,
  }));
  const weight = t.positionSize < 1 ? t.positionSize / maxPositions : t.positionSize;
  const watching = watchesLevels(t);
  const { trailingStop } = t.exits;
  const records: (TradeRecord & { symbol: string })[] = [];
  const equity = new Float64Array(T);
  const positions = new Uint16Array(T);
  const traded = new Float64Array(T);
  const costs: PortfolioCosts = { commission: 0, commission_fixed: 0, spread: 0, total: 0 };
  let cash = t.cash;
  let entryQueue: Leg[] = []; // decided at the last close, in rank order
  let open = 0;
  // The open positions in symbol order: the daily passes over positions (marking, levels, closes) walk
  // these few instead of every symbol of the universe, in the same order, so the sums are the same.
  let holding: Leg[] = [];
  const hold = (l: Leg) => {
    let at = holding.length;
    while (at > 0 && holding[at - 1].index > l.index) at--;
    holding.splice(at, 0, l);
  };

  const pay = (shares: number, price: number, k: number) => {
    traded[k] += shares * price;
    costs.commission += shares * price * t.commission;
    costs.commission_fixed += t.exits.commissionFixed;
  };
  const close = (l: Leg, price: number, k: number, reason: ExitReason) => {
    pay(Math.abs(l.shares), price, k);
    const { trade, cash: settled } = closedTrade(l, price, k, reason, t);
    cash += settled;
    records.push({ ...trade, symbol: l.symbol });
    l.shares = 0;
    open--;
    holding = holding.filter((h) => h !== l);
  };
  // `cash` is backtesting.py's: it moves only by realised P/L and commissions. The equity adds each
  // open position's P/L at its last close; the cash free to buy with is what the open positions did
  // not cost (a short's entry value is its margin).
  const markedEquity = () => {
    let e = cash;
    for (const l of holding) e += l.lastClose * l.shares - l.shares * l.entryPrice;
    return e;
  };
  const freeCash = () => {
    let free = cash;
    for (const l of holding) free -= Math.abs(l.shares) * l.entryPrice;
    return free;
  };

  const levelOf = dir === 1 ? levelExit : shortLevelExit;
  // Step 1: the orders of day k at its open, then the levels of every open position.
  const processOrders = (k: number, closeReason: ExitReason) => {
    // only an open position has a close order pending
    for (const l of holding.slice()) {
      if (!l.pendingClose) continue;
      const i = l.at[k];
      if (i < 0) continue; // no bar today: the order waits
      l.pendingClose = false;
      if (l.shares) close(l, l.bars.open[i], k, closeReason);
    }
    const waiting: Leg[] = [];
    for (const l of entryQueue) {
      const i = l.at[k];
      if (i < 0) {
        waiting.push(l);
        continue;
      }
      l.pendingEntry = false;
      const o = l.bars.open[i];
      const orderSize = l.pendingShares || weight;
      const { fillPrice, perShare } = entryCost(o, orderSize, t, dir);
      const shares = l.pendingShares || (weight < 1 ? fractionShares(markedEquity(), weight, perShare) : weight);
      if (!(shares > 0 && shares * perShare <= freeCash())) continue; // the cash cannot pay: dropped
      l.shares = dir * shares;
      l.entryPrice = fillPrice;
      l.entryBar = k;
      l.entryCommission = orderCommission(shares, fillPrice, t);
      cash -= l.entryCommission;
      pay(shares, fillPrice, k);
      costs.spread += shares * o * t.exits.spread;
      ({ sl: l.sl, tp: l.tp, slTrails: l.slTrails } = entryLevels(fillPrice, t, dir));
      l.lastClose = fillPrice; // marked at cost until today's close
      open++;
      hold(l);
    }
    entryQueue = waiting;
    if (!watching) return;
    for (const l of holding.slice()) {
      const i = l.at[k];
      if (i < 0) continue;
      const exit = levelOf(l.bars.open[i], l.bars.high[i], l.bars.low[i], l.sl, l.tp, l.slTrails);
      if (exit) close(l, exit.price, k, exit.reason);
    }
  };

  let broke = false;
  for (let k = 0; k < T; k++) {
    if (k > 0) processOrders(k, 'signal');
    // only an open position's last close is read (a flat symbol's is set at its next fill)
    for (const l of holding.slice()) {
      const i = l.at[k];
      if (i < 0) continue;
      l.lastClose = l.bars.close[i];
      // a symbol that stops trading before the end of the run is closed at its last close
      if (l.shares && i === l.bars.close.length - 1 && k < T - 1) {
        l.pendingClose = false;
        close(l, l.bars.close[i], k, 'end');
      }
    }
    const e = markedEquity();
    equity[k] = e;
    positions[k] = open;
    if (e <= 0) {
      // out of money: everything closes at the close and trading stops, as in the single engine
      for (const l of holding.slice()) close(l, l.lastClose, k, 'end');
      equity.fill(0, k);
      broke = true;
      break;
    }
    // Step 3: decisions at the close.
    let staying = 0;
    const candidates: Leg[] = [];
    for (const l of legs) {
      const i = l.at[k];
      if (i < 0) {
        if (l.shares && !l.pendingClose) staying++;
        continue;
      }
      const last = i === l.bars.close.length - 1 && k < T - 1;
      if (l.shares) {
        if (i >= 1) l.pendingClose = holdsAt(l.sell, i);
        if (trailingStop) {
          // a long's stop only rises, a short's only falls
          const trail = l.bars.close[i] * (1 - dir * trailingStop);
          if (dir === 1 ? !(trail <= l.sl) : !(trail >= l.sl)) {
            l.sl = trail;
            l.slTrails = true;
          }
        }
        if (!l.pendingClose) staying++;
      } else if (i >= 1 && !last && !l.pendingEntry && holdsAt(l.buy, i)) {
        candidates.push(l);
      }
    }
    positions[k] = open;
    const slots = maxPositions - staying - entryQueue.length;
    if (slots <= 0 || !candidates.length) continue;
    if (candidates.length > slots) candidates.sort(rankOrder(rankBy, (l) => (l.rank ? l.rank[l.at[k]] : l.marketCap)));
    for (const l of candidates.slice(0, slots)) {
      l.pendingShares = t.exits.riskPct ? riskShares(e, l.bars.close[l.at[k]], t, weight) : 0;
      if (t.exits.riskPct && !l.pendingShares) continue; // less than one share of risk: no order
      l.pendingEntry = true;
      entryQueue.push(l);
    }
  }
  if (T > 1 && !broke) {
    // finalize_trades, as the single engine: close orders for every open position, then one more
    // pass over the last day's orders at its open.
    for (const l of holding) l.pendingClose = true;
    processOrders(T - 1, 'end');
    for (const l of holding) if (l.at[T - 1] >= 0) l.lastClose = l.bars.close[l.at[T - 1]];
    equity[T - 1] = markedEquity();
    positions[T - 1] = open;
  }

  const equalWeight = equalWeightEquity(legs, T, t.cash);
  const timelineBars = { day, open: equalWeight, high: equalWeight, low: equalWeight, close: equalWeight, volume: new Float64Array(T) };
  records.sort((a, b) => a.entryBar - b.entryBar || a.exitBar - b.exitBar || (a.symbol < b.symbol ? -1 : 1));
  const { stats, drawdown } = computeStats(timelineBars, equity, records);
  const trades = records.map((r) => ({ ...tradeJson(timelineBars, r), Symbol: r.symbol }));
  costs.total = costs.commission + costs.commission_fixed + costs.spread;
  let held = 0;
  for (let k = 0; k < T; k++) held += positions[k];
  const { alpha, beta } = opts.benchmark ? alphaBeta(equity, closesOnTimeline(day, opts.benchmark)) : { alpha: null, beta: null };
  return {
    stats, trades, day, equity, drawdown, positions, equalWeight, skipped,
    turnover: turnoverByYear(day, equity, traded), costs, averageHoldings: held / T, alpha, beta,
  };
}

/** The entry rows (BUY, or SHORT for a short template), gated by the symbol's member days. */
function entrySide(u: PortfolioSymbol, t: Template, dir: Direction): CompiledSide {
  const side = compileSide(u.bars, t.conditions, dir === 1 ? 'BUY' : 'SHORT', new Map());
  return u.entryAllowed ? gatedSide(side, u.entryAllowed) : side;
}

/** The days on which at least one series has a bar, ascending. */
function timeline(days: Int32Array[]): Int32Array {
  let lo = Infinity;
  let hi = -Infinity;
  for (const d of days) {
    lo = Math.min(lo, d[0]);
    hi = Math.max(hi, d[d.length - 1]);
  }
  const seen = new Uint8Array(hi - lo + 1);
  for (const d of days) for (let i = 0; i < d.length; i++) seen[d[i] - lo] = 1;
  const out: number[] = [];
  for (let i = 0; i < seen.length; i++) if (seen[i]) out.push(lo + i);
  return Int32Array.from(out);
}

/** For each timeline day, the index of the series' bar on that day, or -1. */
function dayIndex(timelineDays: Int32Array, days: Int32Array): Int32Array {
  const at = new Int32Array(timelineDays.length).fill(-1);
  let j = 0;
  for (let k = 0; k < timelineDays.length && j < days.length; k++) if (timelineDays[k] === days[j]) at[k] = j++;
  return at;
}

/** The per-bar value a candidate is ranked by (null: a static value, the market cap). */
function rankSeries(bars: DailyBars, by: RankBy): Float64Array | null {
  switch (by) {
    case 'rsi_low': return rsi(bars.close, 14);
    case 'momentum_high': {
      // a plain loop: Float64Array.from with a mapping function walks an iterator, far slower per symbol
      const { close } = bars;
      const out = new Float64Array(close.length).fill(NaN);
      for (let i = 63; i < close.length; i++) out[i] = close[i] / close[i - 63] - 1;
      return out;
    }
    case 'volume_high': return sma(bars.volume, 20);
    default: return null;
  }
}

/** Best first; NaN last; ties by symbol. */
function rankOrder(by: RankBy, value: (l: Leg) => number) {
  const sign = by === 'rsi_low' || by === 'market_cap_low' ? 1 : -1;
  return (a: Leg, b: Leg) => {
    if (by !== 'symbol') {
      const x = value(a);
      const y = value(b);
      if (x === x && y === y && x !== y) return sign * (x - y);
      if (x === x && y !== y) return -1;
      if (x !== x && y === y) return 1;
    }
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  };
}

/** The starting cash in an equal-weight basket, rebalanced daily: each day's return is the mean of
 *  the close-to-close returns of the symbols with a bar on that day and the day before in their own
 *  series (a symbol joins from its second bar). */
function equalWeightEquity(legs: Leg[], T: number, cash: number): Float64Array {
  // symbol by symbol (each one's days in a row, not every symbol's day by day): each day's sum still
  // adds the symbols in their order, so the figures are the same
  const sum = new Float64Array(T);
  const count = new Uint32Array(T);
  for (const l of legs) {
    const { at } = l;
    const close = l.bars.close;
    for (let k = 0; k < T; k++) {
      const i = at[k];
      if (i >= 1) {
        sum[k] += close[i] / close[i - 1] - 1;
        count[k]++;
      }
    }
  }
  const out = new Float64Array(T);
  let value = cash;
  for (let k = 0; k < T; k++) {
    if (count[k] && k > 0) value *= 1 + sum[k] / count[k];
    out[k] = value;
  }
  return out;
}
