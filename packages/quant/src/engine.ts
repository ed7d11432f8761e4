// The backtest: backtesting.py 0.6's `Backtest(data, strategy, cash, commission, finalize_trades=True)`
// for the long-only strategy of ARCHITECTURE.md, rewritten as one pass over typed arrays.
import type { DailyBars } from './types.ts';
import { applyCondition, indicatorSeries, seriesKey } from './conditions.ts';
import { normalizeTemplate, type Condition, type Template, type TemplateInput } from './template.ts';
import { computeStats, type Stats, type TradeRecord } from './stats.ts';
import { formatDay } from './dates.ts';

/** One closed trade, in the JSON form of backtesting.py's `stats._trades` (ReturnPct is a fraction). */
export interface Trade {
  Size: number;
  EntryBar: number;
  ExitBar: number;
  EntryPrice: number;
  ExitPrice: number;
  PnL: number;
  ReturnPct: number;
  EntryTime: string;
  ExitTime: string;
  Duration: string;
}

export interface BacktestResult {
  /** backtesting.py's statistics, its key order, JSON-ready (dates, "N days", null for NaN) */
  stats: Stats;
  trades: Trade[];
  /** equity at each bar's close (cash + open position value) */
  equity: Float64Array;
  /** drawdown from the running equity peak at each bar, as a fraction ≥ 0 */
  drawdown: Float64Array;
}

/**
 * Runs a template over daily bars (ascending, unique days).
 * - Decisions are taken at the close of bars 1…last: flat and every BUY condition holds → buy; long and
 *   every SELL condition holds → close. A condition on a warming-up (NaN) indicator is false; no BUY
 *   rows never enters, no SELL rows holds to the end.
 * - Orders fill at the next bar's open. Size 0 < s < 1 buys floor(equity·s / (open·(1 + commission)))
 *   shares, s ≥ 1 buys s shares; an order the cash cannot pay for is dropped, as the reference does.
 * - Commission is a fraction of trade value, charged at entry and at exit.
 * - After the last bar, an open position and any order placed on the last bar fill at the last bar's
 *   open (backtesting.py's `finalize_trades`). The position closes and is a trade; a BUY of the last bar
 *   opens a position that stays open: in the final equity, not in the trades (see the end of `simulate`).
 */
export function backtest(bars: DailyBars, template: TemplateInput | Template): BacktestResult {
  const t = normalizeTemplate(template);
  const n = bars.close.length;
  if (n === 0) throw new RangeError('backtest needs at least one bar');
  const buy = signal(bars, t.conditions, 'BUY');
  const sell = signal(bars, t.conditions, 'SELL');
  const run = simulate(bars, t, buy, sell);
  const { stats, drawdown } = computeStats(bars, run.equity, run.trades);
  return { stats, trades: run.trades.map((tr) => tradeJson(bars, tr)), equity: run.equity, drawdown };
}

/** 1 on bars where every condition of that side holds; all 0 when the side has no rows. */
function signal(bars: DailyBars, conditions: Condition[], side: Condition['side']): Uint8Array {
  const n = bars.close.length;
  const rows = conditions.filter((c) => c.side === side);
  const holds = new Uint8Array(n);
  if (!rows.length) return holds;
  holds.fill(1);
  const cache = new Map<string, Float64Array>();
  for (const c of rows) {
    const key = seriesKey(c);
    let series = cache.get(key);
    if (!series) cache.set(key, (series = indicatorSeries(bars, c)));
    applyCondition(holds, series, bars.close, c);
  }
  return holds;
}

interface Run {
  equity: Float64Array;
  trades: TradeRecord[];
}

/** backtesting.py's `_Broker` for one long position at a time, market orders only. */
function simulate(bars: DailyBars, t: Template, buy: Uint8Array, sell: Uint8Array): Run {
  const { open, close } = bars;
  const n = close.length;
  const c = t.commission;
  const size = t.positionSize;
  const equity = new Float64Array(n);
  const trades: TradeRecord[] = [];
  let cash = t.cash;
  // the open position (0 shares when flat)
  let shares = 0;
  let entryPrice = 0;
  let entryBar = 0;
  let entryCommission = 0;
  let pendingBuy = false;
  let pendingClose = false;

  const closePosition = (price: number, bar: number) => {
    const exitCommission = shares * price * c;
    const gross = shares * (price - entryPrice);
    cash += gross - exitCommission;
    const commissions = entryCommission + exitCommission;
    trades.push({
      size: shares,
      entryBar,
      exitBar: bar,
      entryPrice,
      exitPrice: price,
      pnl: gross - commissions,
      returnPct: price / entryPrice - 1 - commissions / (shares * entryPrice),
      commission: commissions,
    });
    shares = 0;
  };

  // Fills the orders placed on the previous bar at this bar's open; closing orders go first.
  const processOrders = (bar: number) => {
    const price = open[bar];
    if (pendingClose && shares) closePosition(price, bar);
    pendingClose = false;
    if (pendingBuy) {
      pendingBuy = false;
      const available = cash; // flat here, so equity = cash
      // price plus commission per share, in the reference's order of operations
      const perShare = price + (size * price * c) / size;
      const want = size < 1 ? pyFloorDiv(available * size, perShare) : size;
      if (want > 0 && want * perShare <= available) {
        shares = want;
        entryPrice = price;
        entryBar = bar;
        entryCommission = want * price * c;
        cash -= entryCommission;
      }
    }
  };

  equity[0] = cash;
  let outOfMoney = false;
  for (let i = 1; i < n; i++) {
    processOrders(i);
    const e = cash + (shares ? shares * (close[i] - entryPrice) : 0);
    equity[i] = e;
    if (e <= 0) {
      // out of money: the reference closes everything at the close and stops trading
      if (shares) closePosition(close[i], i);
      equity.fill(0, i);
      outOfMoney = true;
      break;
    }
    if (!shares) pendingBuy = buy[i] === 1;
    else pendingClose = sell[i] === 1;
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
    if (shares) pendingClose = true;
    processOrders(last);
    equity[last] = cash + (shares ? shares * (close[last] - entryPrice) : 0);
  }
  return { equity, trades };
}

/** Python's float `a // b` (the reference sizes orders with it). */
function pyFloorDiv(a: number, b: number): number {
  const mod = a % b;
  let div = (a - mod) / b;
  if (mod && b < 0 !== mod < 0) div -= 1;
  let floor = Math.floor(div);
  if (div - floor > 0.5) floor += 1;
  return floor;
}

function tradeJson(bars: DailyBars, t: TradeRecord): Trade {
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
  };
}
