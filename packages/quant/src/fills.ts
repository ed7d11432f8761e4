// The order arithmetic of backtesting.py's `_Broker` that both the single-symbol engine and the
// portfolio engine use: what an entry costs and how many shares it buys, what an exit settles, where
// the stop and target sit. Operation for operation as the reference, so results match to the bit.
import type { Template } from './template.ts';
import type { ExitReason } from './types.ts';
import type { TradeRecord } from './stats.ts';

/** An entry at open `o`: the fill price (spread included) and the cost per share the sizing and the
 *  cash check use, the reference's `adjusted_price + commission(size, open) / size` for an order of
 *  `orderSize` (a fraction of equity or a share count). */
export function entryCost(o: number, orderSize: number, t: Template, dir: Direction = 1): { fillPrice: number; perShare: number } {
  const { spread, commissionFixed: fixed } = t.exits;
  // a short sells at the bid: the spread lowers its fill, as backtesting.py's `_adjusted_price`
  const fillPrice = spread ? o * (1 + dir * spread) : o;
  return { fillPrice, perShare: fillPrice + (fixed + orderSize * o * t.commission) / orderSize };
}

/** 1 for a long position, −1 for a short one (its share count is negative, as backtesting.py's). */
export type Direction = 1 | -1;

/** Whole shares a fraction `size` of `available` equity buys at `perShare`. */
export const fractionShares = (available: number, size: number, perShare: number) => pyFloorDiv(available * size, perShare);

/** The commission of one order of `shares` at `price`: the fixed fee plus the relative one. */
export const orderCommission = (shares: number, price: number, t: Template) => t.exits.commissionFixed + shares * price * t.commission;

/** Risk sizing at the signal close: the shares whose loss at the stop is `riskPct` of equity, capped by
 *  the position size (a fraction of equity at that close, or a share count). */
export function riskShares(equity: number, close: number, t: Template, size = t.positionSize): number {
  const { riskPct, stopLoss } = t.exits;
  const atRisk = Math.floor((equity * riskPct) / (close * stopLoss));
  const cap = size < 1 ? Math.floor((equity * size) / (close * (1 + t.commission))) : size;
  return Math.max(0, Math.min(atRisk, cap));
}

/** The stop and target of a position filled at `fillPrice` (NaN where none), live from the entry bar
 *  itself: below and above it for a long, above and below it for a short. A trailing stop starts at
 *  the fill too; with a fixed stop beside it the tighter of the two holds (`slTrails` when that is the
 *  trailing one). */
export function entryLevels(fillPrice: number, t: Template, dir: Direction = 1): { sl: number; tp: number; slTrails: boolean } {
  const { stopLoss, takeProfit, trailingStop } = t.exits;
  let sl = stopLoss ? fillPrice * (1 - dir * stopLoss) : NaN;
  const tp = takeProfit ? fillPrice * (1 + dir * takeProfit) : NaN;
  let slTrails = false;
  if (trailingStop) {
    const trail = fillPrice * (1 - dir * trailingStop);
    // a long's stop only rises, a short's only falls (NaN: no fixed stop yet)
    if (dir === 1 ? !(trail <= sl) : !(trail >= sl)) {
      sl = trail;
      slTrails = true;
    }
  }
  return { sl, tp, slTrails };
}

/** Whether a position has levels to check at every bar. */
export const watchesLevels = (t: Template) => !!(t.exits.stopLoss || t.exits.takeProfit || t.exits.trailingStop);

/** An open position's exit this bar by its stop (low ≤ SL, filled at min(open, SL)) before its target
 *  (high ≥ TP, filled at max(open, TP)); null when neither is hit. */
export function levelExit(o: number, high: number, low: number, sl: number, tp: number, slTrails: boolean): { price: number; reason: ExitReason } | null {
  if (low <= sl) return { price: Math.min(o, sl), reason: slTrails ? 'trailing' : 'stop' };
  if (high >= tp) return { price: Math.max(o, tp), reason: 'target' };
  return null;
}

/** A short position's exit this bar by its stop (high ≥ SL, filled at max(open, SL)) before its
 *  target (low ≤ TP, filled at min(open, TP)); null when neither is hit. */
export function shortLevelExit(o: number, high: number, low: number, sl: number, tp: number, slTrails: boolean): { price: number; reason: ExitReason } | null {
  if (high >= sl) return { price: Math.max(o, sl), reason: slTrails ? 'trailing' : 'stop' };
  if (low <= tp) return { price: Math.min(o, tp), reason: 'target' };
  return null;
}

/** A position closed at `price`: the trade, and what it adds to the cash (its gross P/L less the exit
 *  commission; the entry commission left the cash at the entry). */
export function closedTrade(
  p: { shares: number; entryPrice: number; entryBar: number; entryCommission: number },
  price: number,
  bar: number,
  reason: ExitReason,
  t: Template,
): { trade: TradeRecord; cash: number } {
  const { shares, entryPrice, entryCommission } = p;
  const exitCommission = orderCommission(Math.abs(shares), price, t);
  const gross = shares * (price - entryPrice);
  const commissions = entryCommission + exitCommission;
  // a short (negative shares) gains as the price falls: backtesting.py's copysign(1, size)·(exit/entry − 1)
  const returnPct = shares > 0
    ? price / entryPrice - 1 - commissions / (shares * entryPrice)
    : -(price / entryPrice - 1) - commissions / (-shares * entryPrice);
  return {
    cash: gross - exitCommission,
    trade: {
      size: shares,
      entryBar: p.entryBar,
      exitBar: bar,
      entryPrice,
      exitPrice: price,
      pnl: gross - commissions,
      returnPct,
      commission: commissions,
      exitReason: reason,
    },
  };
}

/** Python's float `a // b` (the reference sizes orders with it). */
export function pyFloorDiv(a: number, b: number): number {
  if (a > 0 && b > 0) {
    // For positive numbers Python's answer is the floor of the exact quotient. a / b is within
    // 1.2e-7 of it below 1e9, so when it lies farther than 1e-6 from a whole number its floor is
    // that answer, without the remainder (a slow instruction, once per order of every cell).
    const q = a / b;
    const f = Math.floor(q);
    if (q < 1e9 && q - f > 1e-6 && f + 1 - q > 1e-6) return f;
  }
  return pyFloorDivExact(a, b);
}

/** CPython's float_floor_div, step by step. */
function pyFloorDivExact(a: number, b: number): number {
  const mod = a % b;
  let div = (a - mod) / b;
  if (mod && b < 0 !== mod < 0) div -= 1;
  let floor = Math.floor(div);
  if (div - floor > 0.5) floor += 1;
  return floor;
}
