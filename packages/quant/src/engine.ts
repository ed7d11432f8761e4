// The backtest: backtesting.py 0.6's `Backtest(data, strategy, cash, commission, finalize_trades=True)`
// for the long-only strategy of ARCHITECTURE.md, rewritten as one pass over typed arrays.
import { windowBars, type BarWindow, type DailyBars, type ExitReason } from './types.ts';
import { compileSide, gatedSide, holdsAt, nextHolding, releaseSeriesCache, type CompiledSide } from './conditions.ts';
import { isShortTemplate, normalizeTemplate, type Template, type TemplateInput } from './template.ts';
import { computeStats, type Stats, type TradeRecord } from './stats.ts';
import { EquitySeries, type EquitySink } from './equity.ts';
import { closedTrade, entryCost, entryLevels, fractionShares, levelExit, orderCommission, riskShares, shortLevelExit, watchesLevels, type Direction } from './fills.ts';
import { formatDay } from './dates.ts';
import type { TradeWhy } from './explain.ts';

/** One closed trade, in the JSON form of backtesting.py's `stats._trades` (ReturnPct is a fraction),
 *  plus why it ended. */
export interface Trade {
  Size: number;
  EntryBar: number;
  ExitBar: number;
  /** the fill price, spread included */
  EntryPrice: number;
  ExitPrice: number;
  PnL: number;
  ReturnPct: number;
  EntryTime: string;
  ExitTime: string;
  Duration: string;
  ExitReason: ExitReason;
  /** why it opened and why it closed, in words with the numbers on the signal bar (explainTrades adds
   *  it to the answers a trader reads; the engine's own runs leave it out) */
  Why?: TradeWhy;
}

export interface BacktestResult {
  /** backtesting.py's statistics, its key order, JSON-ready (dates, "N days", null for NaN) */
  stats: Stats;
  trades: Trade[];
  /** equity at each bar's close (cash + open position value) */
  equity: Float64Array;
  /** drawdown from the running equity peak at each bar, as a fraction ≥ 0 */
  drawdown: Float64Array;
  /** with `levels` and a template with exits: the stop and target in force on each bar of each trade (for the chart) */
  levels: TradeLevels[];
}

/** Per trade, the stop and target in force on each bar from entry to exit (NaN where none). */
export interface TradeLevels {
  entryBar: number;
  stop: Float64Array;
  target: Float64Array;
}

/**
 * Runs a template over daily bars (ascending, unique days).
 * - Decisions are taken at the close of bars 1…last: flat and every BUY condition holds → buy; long and
 *   every SELL condition holds → close. A condition on a warming-up (NaN) indicator is false; no BUY
 *   rows never enters, no SELL rows holds to the end.
 * - Orders fill at the next bar's open, the entry `spread` above it. Size 0 < s < 1 buys
 *   floor(equity·s / (open·(1 + spread) + (fixed + s·open·commission)/s)) shares, s ≥ 1 buys s shares;
 *   with `risk_pct` the shares are fixed at the signal close: floor(equity·risk / (close·stop_loss_pct)),
 *   capped by the position size. An order the cash cannot pay for is dropped, as the reference does.
 * - Commission is `commission_fixed` dollars plus a fraction of trade value, charged at entry and at exit.
 * - Exits, in this order within a bar: a SELL-signal close at the open; then the stop-loss (a stop: hit
 *   when low ≤ SL, fills at min(open, SL)) before the take-profit (a limit: high ≥ TP, fills at
 *   max(open, TP)). SL, TP and a trailing stop's first level are set from the entry price (spread
 *   included) at the fill and are live on the entry bar itself: the fill is that bar's open, so its low
 *   and high come after it (backtesting.py checks a market order's SL/TP on its entry bar too). The
 *   trailing stop then rises to close·(1 − trail) at every close while long, live from the next bar.
 * - After the last bar, an open position and any order placed on the last bar fill at the last bar's
 *   open (backtesting.py's `finalize_trades`). The position closes and is a trade; a BUY of the last bar
 *   opens a position that stays open: in the final equity, not in the trades (see the end of `simulate`).
 */
export function backtest(bars: DailyBars, template: TemplateInput | Template, opts: { levels?: boolean; entryAllowed?: Uint8Array } = {}): BacktestResult {
  const t = normalizeTemplate(template);
  const series = new Map<string, Float64Array>();
  const run = runTemplate(bars, t, series, { levels: opts.levels, entryAllowed: opts.entryAllowed });
  // the run is done with its series: their buffers serve the next backtest
  releaseSeriesCache(series, bars);
  const { stats, drawdown } = computeStats(bars, run.equity, run.trades);
  return { stats, trades: run.trades.map((tr) => tradeJson(bars, tr)), equity: run.equity, drawdown, levels: run.levels };
}

/** The simulation alone: equity and trade records, no statistics. `series` caches indicator series
 *  by their key across calls on the same bars (an optimiser's cells share most of them). With a
 *  window, trading happens on bars [start, end) only, while the indicators (causal: each value reads
 *  only the bars up to its own) have seen every bar before it, as a trader's chart would. `equity`
 *  receives the equity (a new series by default; `equity` in the answer is empty for another sink). */
export function runTemplate(
  bars: DailyBars,
  t: Template,
  series: Map<string, Float64Array>,
  opts: { levels?: boolean; window?: BarWindow; equity?: EquitySink; entryAllowed?: Uint8Array; trades?: boolean } = {},
): Run & { equity: Float64Array } {
  if (bars.close.length === 0) throw new RangeError('backtest needs at least one bar');
  const { window } = opts;
  if (window && !(window.start >= 0 && window.end <= bars.close.length && window.end > window.start)) {
    throw new RangeError(`bad window ${window.start}…${window.end}`);
  }
  // a short template enters on its SHORT rows and exits on its COVER rows, the mirror of BUY and SELL
  const dir: Direction = isShortTemplate(t) ? -1 : 1;
  // entryAllowed (1 per bar, over every bar): entries are decided only on those bars (a universe's members)
  const entries = compileSide(bars, t.conditions, dir === 1 ? 'BUY' : 'SHORT', series, window);
  const buy = opts.entryAllowed ? gatedSide(entries, opts.entryAllowed) : entries;
  const sell = compileSide(bars, t.conditions, dir === 1 ? 'SELL' : 'COVER', series, window);
  const view = window ? windowBars(bars, window.start, window.end) : bars;
  const sink = opts.equity ?? new EquitySeries(new Float64Array(view.close.length));
  const { trades, tradeCount, levels } = simulate(view, t, buy, sell, opts.levels ?? false, sink, dir, opts.trades ?? true);
  return { trades, tradeCount, levels, equity: sink instanceof EquitySeries ? sink.values : NO_EQUITY };
}
/** The equity of a run whose sink keeps no series (empty, so sharing one is safe). */
const NO_EQUITY = new Float64Array(0);

export interface Run {
  /** the closed trades; empty when the run only counted them (`trades: false`) */
  trades: TradeRecord[];
  /** closed trades, recorded or not */
  tradeCount: number;
  levels: TradeLevels[];
}

/** backtesting.py's `_Broker` for one position at a time, long or (dir −1) short: market orders, and
 *  the SL/TP orders of `buy(size, sl, tp)` / `sell(size, sl, tp)` with `spread` and
 *  `commission=(fixed, relative)`. A short's share count is negative, so the equity and P/L
 *  arithmetic is the long's, operation for operation. A class rather than
 *  closures over `let`s: this loop runs once per bar of every backtest and optimisation cell. */
class Broker {
  cash: number;
  // the open position (0 shares when flat) and its stop and target (NaN when none)
  shares = 0;
  entryPrice = 0;
  entryBar = 0;
  entryCommission = 0;
  sl = NaN;
  tp = NaN;
  /** the SL in force was raised by the trailing stop */
  slTrails = false;
  /** a position with a stop, target or trailing stop: its levels are checked at every bar */
  watching = false;
  // orders placed at a close, filled at the next open
  pendingBuy = false;
  /** risk sizing: the share count decided at the signal close (0 = size at the fill) */
  pendingShares = 0;
  pendingClose = false;
  readonly trades: TradeRecord[] = [];
  closedCount = 0;
  readonly levels: TradeLevels[] = [];
  levelStop: Float64Array | null = null;
  levelTarget: Float64Array | null = null;

  constructor(
    readonly bars: DailyBars,
    readonly t: Template,
    readonly wantLevels: boolean,
    readonly dir: Direction,
    /** false: closed trades are counted, not recorded (an objective that reads only the equity) */
    readonly record: boolean,
  ) {
    this.cash = t.cash;
  }

  close(price: number, bar: number, reason: ExitReason) {
    if (this.record) {
      const { trade, cash } = closedTrade(this, price, bar, reason, this.t);
      this.cash += cash;
      this.trades.push(trade);
    } else {
      // closedTrade's cash, operation for operation, without the trade's record
      const { shares } = this;
      this.cash += shares * (price - this.entryPrice) - orderCommission(Math.abs(shares), price, this.t);
    }
    this.closedCount++;
    if (this.levelStop && this.levelTarget) {
      const k = bar - this.entryBar + 1;
      this.levels.push({ entryBar: this.entryBar, stop: this.levelStop.slice(0, k), target: this.levelTarget.slice(0, k) });
      this.levelStop = this.levelTarget = null;
    }
    this.shares = 0;
    this.watching = false;
  }

  /** Fills the orders placed on the previous bar at this bar's open (the close order first), then the
   *  stop and target of the open position, a position filled at this open included: its low and high
   *  come after the fill. */
  processOrders(bar: number, closeReason: ExitReason) {
    const o = this.bars.open[bar];
    if (this.pendingClose && this.shares) this.close(o, bar, closeReason);
    this.pendingClose = false;
    if (this.pendingBuy) this.fillBuy(bar, o);
    if (this.watching) {
      const { sl, tp } = this;
      if (this.levelStop && this.levelTarget) {
        this.levelStop[bar - this.entryBar] = sl;
        this.levelTarget[bar - this.entryBar] = tp;
      }
      const exit = (this.dir === 1 ? levelExit : shortLevelExit)(o, this.bars.high[bar], this.bars.low[bar], sl, tp, this.slTrails);
      if (exit) this.close(exit.price, bar, exit.reason);
    }
  }

  fillBuy(bar: number, o: number) {
    this.pendingBuy = false;
    const size = this.t.positionSize;
    const available = this.cash; // flat here, so equity = cash
    const { fillPrice, perShare } = entryCost(o, this.pendingShares || size, this.t, this.dir);
    const want = this.pendingShares || (size < 1 ? fractionShares(available, size, perShare) : size);
    if (!(want > 0 && want * perShare <= available)) return; // the cash (a short's margin) cannot pay: dropped
    this.shares = this.dir * want;
    this.entryPrice = fillPrice;
    this.entryBar = bar;
    this.entryCommission = orderCommission(want, fillPrice, this.t);
    this.cash -= this.entryCommission;
    ({ sl: this.sl, tp: this.tp, slTrails: this.slTrails } = entryLevels(fillPrice, this.t, this.dir));
    this.watching = watchesLevels(this.t);
    if (this.wantLevels && this.watching) {
      const n = this.bars.close.length;
      this.levelStop = new Float64Array(n - bar).fill(NaN);
      this.levelTarget = new Float64Array(n - bar).fill(NaN);
    }
  }

  /** Cash plus the open position marked at `price`, in the reference's order of operations. */
  equityAt(price: number): number {
    return this.shares ? this.cash + (price * this.shares - this.shares * this.entryPrice) : this.cash;
  }
}

function simulate(bars: DailyBars, t: Template, buy: CompiledSide, sell: CompiledSide, wantLevels: boolean, out: EquitySink, dir: Direction, record: boolean): Run {
  const { close } = bars;
  const n = close.length;
  const { trailingStop, riskPct } = t.exits;
  const b = new Broker(bars, t, wantLevels, dir, record);
  out.set(0, t.cash);
  let outOfMoney = false;
  // The broker's state changes only on fills and exits; between them the loop keeps a copy in locals.
  let shares = 0;
  let cash = t.cash;
  let entryPrice = 0;
  for (let i = 1; i < n; i++) {
    if (b.pendingBuy || b.pendingClose || b.watching) {
      b.processOrders(i, 'signal');
      ({ shares, cash, entryPrice } = b);
    }
    if (!shares && cash > 0) {
      // Flat with nothing pending: the equity is the cash until the next bar where every BUY row holds.
      const next = nextHolding(buy, i, n);
      out.fill(i, Math.min(next + 1, n), cash);
      if (next === n) break;
      i = next;
      b.pendingBuy = true;
      if (riskPct) {
        b.pendingShares = riskShares(cash, close[i], t);
        if (!b.pendingShares) b.pendingBuy = false; // less than one share of risk: no order
      }
      continue;
    }
    if (shares && !b.watching) {
      // Long without stops to watch: marked at each close until the first bar where every SELL row
      // holds (its close decides the exit), or where the equity runs out.
      const next = nextHolding(sell, i, n);
      const end = next < n ? next : n - 1;
      const broke = out.markLong(i, end, cash, shares, entryPrice, close);
      if (broke <= end) {
        outOfMoney = true;
        goBroke(b, out, broke, close[broke], n);
        break;
      }
      i = end;
      b.pendingClose = next < n;
      continue;
    }
    const e = shares ? cash + (close[i] * shares - shares * entryPrice) : cash;
    out.set(i, e > 0 ? e : 0);
    if (e <= 0) {
      outOfMoney = true;
      goBroke(b, out, i, close[i], n);
      break;
    }
    if (!shares) continue; // (no cash left to buy with)
    b.pendingClose = holdsAt(sell, i);
    if (trailingStop) {
      // a long's stop only rises, a short's only falls
      const trail = close[i] * (1 - dir * trailingStop);
      if (dir === 1 ? !(trail <= b.sl) : !(trail >= b.sl)) {
        b.sl = trail;
        b.slTrails = true;
      }
    }
  }
  const last = n - 1;
  if (last > 0 && !outOfMoney) {
    // finalize_trades, as backtesting.py 0.6's Backtest.run does it: trade.close() on every open trade, then
    // broker.next() once more with the last bar's OHLC ("HACK: Re-run broker one last time"). Its
    // _process_orders fills every pending order at the last open: the close orders settle the open trade
    // (a closed trade, counted in the stats), and a BUY placed on the last bar opens a trade that nothing
    // closes. That trade stays in broker.trades, not broker.closed_trades, so compute_stats never sees it
    // (# Trades, Exposure, Commissions), while its entry commission has left the cash and broker.next has
    // overwritten equity[-1] with cash + its P/L at the last close. Ours does exactly that.
    if (b.shares) b.pendingClose = true;
    b.processOrders(last, 'end');
    out.replace(last, b.equityAt(close[last]));
  }
  return { trades: b.trades, tradeCount: b.closedCount, levels: b.levels };
}

/** Out of money at bar i (its equity already put at 0): the reference closes everything at the
 *  close, zeroes the equity from there and stops trading. */
function goBroke(b: Broker, out: EquitySink, i: number, price: number, n: number) {
  if (b.shares) b.close(price, i, 'end');
  out.fill(i + 1, n, 0);
}

export function tradeJson(bars: DailyBars, t: TradeRecord): Trade {
  const entryDay = bars.day[t.entryBar];
  const exitDay = bars.day[t.exitBar];
  return {
    Size: t.size,
    EntryBar: t.entryBar,
    ExitBar: t.exitBar,
    EntryPrice: t.entryPrice,
    ExitPrice: t.exitPrice,
    PnL: t.pnl,
    ReturnPct: t.returnPct,
    EntryTime: formatDay(entryDay),
    ExitTime: formatDay(exitDay),
    Duration: `${exitDay - entryDay} days`,
    ExitReason: t.exitReason,
  };
}
