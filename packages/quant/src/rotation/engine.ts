// The rotation engine: holds the top K members of a universe by a score and rebalances on a schedule
// (docs/portfolio.md has the rules in full). Day by day over the timeline:
//  1. on a fill day (the timeline date after a decision day), at the open: sells of held longs in
//     symbol order, buy-backs of shorts, new shorts in rank order, then buys in rank order;
//  2. a template's stop, target and trailing stop of each long position with a bar that day;
//  3. at the close: the equity, then the trailing stops follow the close;
//  4. on a decision day: the members, their scores and ranks, the targets and their sizes.
// Point in time by construction: a symbol's cursor only ever points at its last bar on or before
// the day being processed, and every read goes through it.
import type { DailyBars } from '../types.ts';
import { formatDay } from '../dates.ts';
import { compileSide, holdsAt, type CompiledSide } from '../conditions.ts';
import { entryLevels, levelExit, watchesLevels } from '../fills.ts';
import { decisionDays, firstAtOrAfter, rotationTimeline } from './calendar.ts';
import { FilingTimeline } from './fundamentals.ts';
import { returnsDeviation, scoreAt, type ScoredSymbol } from './scores.ts';
import { chooseTargets, rankMembers, rankOf } from './select.ts';
import { normalizeRotationSpec, RotationSpecError, WEIGHT_VOL_RETURNS, type RotationSpec, type RotationSpecInput } from './spec.ts';
import { equalWeightBasket } from './report.ts';
import { alphaBeta, closesOnTimeline, turnoverByYear } from '../runFigures.ts';
import type {
  RotationOptions, RotationOrder, RotationOrderSide, RotationRebalance, RotationResult, RotationSymbol, RotationTradeReason,
} from './types.ts';

/** Code-point order (JavaScript's `<` compares UTF-16 units, which differs above U+FFFF). */
export function codePointCompare(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d) return d;
  }
}

interface Pending {
  record: RotationRebalance;
  /** the symbol index of each of record.targets */
  targets: number[];
  /** per symbol: the dollars it is sized to on each side (0: not a target) */
  longs: Float64Array;
  shorts: Float64Array;
}

export function rotationBacktest(universe: readonly RotationSymbol[], specInput: RotationSpecInput | RotationSpec, options: RotationOptions = {}): RotationResult {
  const spec = normalizeRotationSpec(specInput);
  const { top: K, positionSize: ps, commission: c, commissionFixed: fixed, spread, floors, template } = spec;
  const list = [...universe].sort((a, b) => codePointCompare(a.symbol, b.symbol));
  for (let i = 1; i < list.length; i++) if (list[i].symbol === list[i - 1].symbol) throw new RotationSpecError('symbols', `${list[i].symbol} appears twice`);
  const n = list.length;
  const names = list.map((u) => u.symbol);
  const bars: DailyBars[] = list.map((u) => u.bars);
  const day = rotationTimeline(bars.map((b) => b.day), spec.startDay, spec.endDay);
  const T = day.length;
  if (!T) throw new RotationSpecError('start_date', 'no symbol has a bar between start_date and end_date');
  const decision = decisionDays(day, spec.rebalance);
  const masks = list.map((u) => u.member ?? null);
  const scored: ScoredSymbol[] = list.map((u) => ({ bars: u.bars, filings: u.filings?.length ? new FilingTimeline(u.filings) : null, rsi: null }));

  // cursor[s]: the last bar of s on or before the day being processed (−1: none yet)
  const cursor = new Int32Array(n);
  for (let s = 0; s < n; s++) cursor[s] = firstAtOrAfter(bars[s].day, day[0]) - 1;
  const advance = (s: number, d: number): number => {
    const days = bars[s].day;
    let j = cursor[s];
    if (j + 1 < days.length && days[j + 1] <= d) {
      // one step on most days; a search when a decision day catches up on a month of bars
      j = j + 2 < days.length && days[j + 2] <= d ? firstAtOrAfter(days, d + 1, j + 2) - 1 : j + 1;
      cursor[s] = j;
    }
    return j;
  };

  const shares = new Float64Array(n);
  const sl = new Float64Array(n).fill(NaN);
  const tp = new Float64Array(n).fill(NaN);
  const trails = new Uint8Array(n);
  const watching = !!template && watchesLevels(template);
  const trailing = template?.exits.trailingStop ?? 0;
  const gates: (CompiledSide | null)[] = new Array(n).fill(null);
  const passes = template
    ? (s: number) => holdsAt((gates[s] ??= compileSide(bars[s], template.conditions, 'BUY', new Map())), cursor[s])
    : () => true;

  let held: number[] = [];
  let cash = spec.cash;
  const equity = new Float64Array(T);
  const traded = new Float64Array(T);
  const holdings = new Float64Array(T);
  const orders: RotationOrder[] = [];
  const rebalances: RotationRebalance[] = [];
  const costs = { commission: 0, commission_fixed: 0, spread: 0, total: 0 };
  let flooredTotal = 0;

  // reused at every decision
  const score = new Float64Array(n);
  const members = new Int32Array(n);
  const isMember = new Uint8Array(n);
  const gated = new Uint8Array(n);
  const isLongTarget = new Uint8Array(n);
  const baskets: { k: number; members: Int32Array }[] = [];
  let pending: Pending | null = null;

  const order = (k: number, s: number, side: RotationOrderSide, count: number, price: number, reason?: RotationOrder['reason']) => {
    const o: RotationOrder = { date: formatDay(day[k]), symbol: names[s], side, shares: count, price };
    if (reason) o.reason = reason;
    orders.push(o);
    traded[k] += count * price;
    const fee = count * price * c;
    costs.commission += fee;
    costs.commission_fixed += fixed;
  };
  // cash moves by shares × price × (1 ∓ commission), and the fixed fee per order
  const sell = (k: number, s: number, count: number, price: number, reason?: RotationOrder['reason']) => {
    cash += count * price * (1 - c) - fixed;
    shares[s] -= count;
    order(k, s, 'sell', count, price, reason);
  };
  const buy = (k: number, s: number, count: number, price: number) => {
    cash -= count * price * (1 + c) + fixed;
    shares[s] += count;
    order(k, s, 'buy', count, price);
  };

  const fill = (k: number, p: Pending) => {
    const t = day[k];
    const rec = p.record;
    rec.fill_date = formatDay(t);
    const why = (s: number): RotationTradeReason => (!isMember[s] ? 'not_member' : gated[s] ? 'rule' : 'rank');
    const wanted = (s: number, value: number, j: number) => Math.floor(value / bars[s].open[j]);
    // 1. sells of held longs, symbol order
    for (const s of held) {
      if (!(shares[s] > 0)) continue;
      const j = advance(s, t);
      const onT = bars[s].day[j] === t;
      if (!p.longs[s]) {
        const price = onT ? bars[s].open[j] : bars[s].close[j];
        const count = shares[s];
        sell(k, s, count, price);
        rec.trades.push({ symbol: names[s], side: 'sell', shares: count, price, reason: why(s) });
      } else if (onT) {
        const extra = shares[s] - wanted(s, p.longs[s], j);
        if (extra > 0) {
          sell(k, s, extra, bars[s].open[j]);
          rec.trades.push({ symbol: names[s], side: 'sell', shares: extra, price: bars[s].open[j], reason: 'trim' });
        }
      }
    }
    // 2. shorts buy back (all of a name no longer shorted, the excess of one still shorted)
    for (const s of held) {
      if (!(shares[s] < 0)) continue;
      const j = advance(s, t);
      const onT = bars[s].day[j] === t;
      let count = 0;
      let reason: RotationTradeReason = 'trim';
      if (!p.shorts[s]) {
        count = -shares[s];
        reason = why(s);
      } else if (onT) count = -shares[s] - wanted(s, p.shorts[s], j);
      if (count > 0) {
        const price = onT ? bars[s].open[j] : bars[s].close[j];
        cash -= count * price * (1 + c) + fixed;
        shares[s] += count;
        order(k, s, 'cover', count, price);
        rec.trades.push({ symbol: names[s], side: 'cover', shares: count, price, reason });
      }
    }
    // 3. new shorts, rank order (worst first): the proceeds go to cash
    for (const s of p.targets) {
      if (!p.shorts[s]) continue;
      const j = advance(s, t);
      if (bars[s].day[j] !== t) continue;
      const count = wanted(s, p.shorts[s], j) + shares[s];
      if (count < 1) continue;
      const o = bars[s].open[j];
      const price = spread ? o * (1 - spread) : o;
      cash += count * price * (1 - c) - fixed;
      costs.spread += count * o * spread;
      const before = shares[s];
      shares[s] -= count;
      order(k, s, 'short', count, price);
      rec.trades.push({ symbol: names[s], side: 'short', shares: count, price, reason: before ? 'add' : 'new' });
    }
    // 4. buys, rank order, cut to what the cash pays
    for (const s of p.targets) {
      if (!p.longs[s]) continue;
      const j = advance(s, t);
      if (bars[s].day[j] !== t) continue;
      let count = wanted(s, p.longs[s], j) - shares[s];
      if (count <= 0) continue;
      const o = bars[s].open[j];
      const price = spread ? o * (1 + spread) : o;
      if (count * price * (1 + c) + fixed > cash) count = Math.floor((cash - fixed) / (price * (1 + c)));
      if (count < 1) continue;
      const before = shares[s];
      buy(k, s, count, price);
      costs.spread += count * o * spread;
      if (template) ({ sl: sl[s], tp: tp[s], slTrails: trails[s] } = levels(price));
      rec.trades.push({ symbol: names[s], side: 'buy', shares: count, price, reason: before ? 'add' : 'new' });
    }
    for (const s of p.targets) {
      if (shares[s] !== 0 && !rec.trades.some((x) => x.symbol === names[s])) rec.kept.push(names[s]);
    }
    const now = new Set(held);
    for (const s of p.targets) now.add(s);
    held = [...now].filter((s) => shares[s] !== 0).sort((a, b) => a - b);
  };
  const levels = (price: number) => {
    const l = entryLevels(price, template!);
    return { sl: l.sl, tp: l.tp, slTrails: l.slTrails ? 1 : 0 };
  };

  const decide = (k: number, e: number): Pending => {
    const d = day[k];
    const { score: sc, weighting } = spec;
    let count = 0;
    let floored = 0;
    isMember.fill(0);
    gated.fill(0);
    for (let s = 0; s < n; s++) {
      const j = advance(s, d);
      if (j < 0 || bars[s].day[j] !== d) continue;
      if (floors && !passesFloors(bars[s], j, floors)) {
        floored++;
        continue;
      }
      if (masks[s] && !masks[s]![j]) continue;
      const v = scoreAt(scored[s], j, d, sc);
      if (Number.isNaN(v)) continue;
      score[s] = v;
      members[count++] = s;
      isMember[s] = 1;
    }
    flooredTotal += floored;
    baskets.push({ k, members: members.slice(0, count) });
    const gate = (s: number) => {
      const ok = passes(s);
      if (!ok) gated[s] = 1;
      return ok;
    };
    // the best top + buffer members decide unless the rule skips some: then the whole ranking
    const pick = (lowestFirst: boolean, prefix: number, held: (s: number) => boolean, rule: (s: number) => boolean, skip: Uint8Array | null) => {
      let ranked = rankMembers(members, count, score, lowestFirst, Math.min(count, prefix));
      let chosen = chooseTargets(ranked, K, spec.buffer, held, rule, skip);
      if (chosen.length < K && ranked.length < count) {
        ranked = rankMembers(members, count, score, lowestFirst);
        chosen = chooseTargets(ranked, K, spec.buffer, held, rule, skip);
      }
      return { ranked, picked: chosen.map((r) => ranked[r]) };
    };
    const lowest = spec.order === 'lowest';
    const long = pick(lowest, K + spec.buffer, (s) => shares[s] > 0, gate, null);
    isLongTarget.fill(0);
    for (const s of long.picked) isLongTarget[s] = 1;
    const longs = new Float64Array(n);
    const shorts = new Float64Array(n);
    const targets: number[] = [];
    const record: RotationRebalance = { date: formatDay(d), fill_date: '', equity: e, members: count, floored, targets: [], trades: [], kept: [], dropped: [] };
    // each side gets all of the sized equity (long only) or half of it (long/short)
    const slots = spec.side === 'long_short' ? 2 * K : K;
    const half = spec.side === 'long_short' ? 0.5 : 1;
    const size = (picked: number[], from: number[], side: 'long' | 'short', into: Float64Array) => {
      let inv: number[] = [];
      let invSum = 0;
      if (weighting === 'inverse_volatility') {
        inv = picked.map((s) => {
          const sd = returnsDeviation(bars[s].close, cursor[s], WEIGHT_VOL_RETURNS);
          return sd > 0 ? 1 / sd : 0;
        });
        for (const x of inv) invSum += x;
      }
      picked.forEach((s, i) => {
        const value = weighting === 'equal' ? (e * ps) / slots : invSum > 0 ? e * ps * half * (inv[i] / invSum) : 0;
        into[s] = value;
        targets.push(s);
        record.targets.push({ symbol: names[s], side, rank: from.indexOf(s) + 1, score: score[s], weight: value / e });
      });
    };
    size(long.picked, long.ranked, 'long', longs);
    let shortPicked: number[] = [];
    if (spec.side === 'long_short') {
      // the worst first, ties by symbol, among the members not held long
      const short = pick(!lowest, 2 * K + spec.buffer, (s) => shares[s] < 0, () => true, isLongTarget);
      size(short.picked, short.ranked, 'short', shorts);
      shortPicked = short.picked;
    }
    // a held name the decision lets go: its score and its place in its side's ranking, so the holdings
    // table says why it left (ranked past the buffer, failed the rule, or no longer a member)
    for (const s of held) {
      const long = shares[s] > 0;
      if (long ? isLongTarget[s] : shortPicked.includes(s)) continue;
      const ranked = isMember[s] === 1;
      record.dropped.push({
        symbol: names[s],
        score: ranked ? score[s] : null,
        rank: ranked ? rankOf(s, members, count, score, long ? lowest : !lowest, long ? null : isLongTarget) : null,
      });
    }
    return { record, targets, longs, shorts };
  };

  for (let k = 0; k < T; k++) {
    const d = day[k];
    if (pending) {
      fill(k, pending);
      rebalances.push(pending.record);
      pending = null;
    }
    if (watching) {
      for (const s of held) {
        const j = advance(s, d);
        const b = bars[s];
        if (!(shares[s] > 0) || b.day[j] !== d) continue;
        const exit = levelExit(b.open[j], b.high[j], b.low[j], sl[s], tp[s], trails[s] === 1);
        if (exit) sell(k, s, shares[s], exit.price, exit.reason as RotationOrder['reason']);
      }
    }
    let e = cash;
    let open = 0;
    for (const s of held) {
      const j = advance(s, d);
      const b = bars[s];
      if (!shares[s]) continue;
      e += shares[s] * b.close[j];
      open++;
      if (trailing && shares[s] > 0 && b.day[j] === d) {
        const trail = b.close[j] * (1 - trailing);
        if (!(trail <= sl[s])) {
          sl[s] = trail;
          trails[s] = 1;
        }
      }
    }
    equity[k] = e;
    holdings[k] = open;
    if (decision[k]) pending = decide(k, e);
  }

  costs.total = costs.commission + costs.commission_fixed + costs.spread;
  let holdingSum = 0;
  for (let k = 0; k < T; k++) holdingSum += holdings[k];
  const { alpha, beta } = options.benchmark ? alphaBeta(equity, closesOnTimeline(day, options.benchmark)) : { alpha: null, beta: null };
  const time = new Array<string>(T);
  for (let k = 0; k < T; k++) time[k] = formatDay(day[k]);
  return {
    orders,
    time,
    equity: Array.from(equity),
    final_equity: equity[T - 1],
    rebalances,
    turnover: turnoverByYear(day, equity, traded),
    costs,
    average_holdings: holdingSum / T,
    floored: flooredTotal,
    equal_weight: Array.from(equalWeightBasket(day, bars, baskets, spec.cash)),
    alpha,
    beta,
  };
}

/** The liquidity floors at bar j: enough bars for the window, the close at least the minimum price,
 *  and the window's mean dollar volume (its sum divided by the window) at least the minimum. */
function passesFloors(b: DailyBars, j: number, f: NonNullable<RotationSpec['floors']>): boolean {
  const w = f.window;
  if (j < w - 1 || !(b.close[j] >= f.minPrice)) return false;
  let sum = 0;
  for (let i = j - w + 1; i <= j; i++) sum += b.close[i] * b.volume[i];
  return sum / w >= f.minDollarVolume;
}
