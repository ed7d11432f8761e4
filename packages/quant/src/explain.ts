// Why a trade opened and why it closed, in a trader's words with the numbers the engine compared:
// "SMA(50) 182.31 crossed above SMA(200) 181.94 on 2017-03-17 → bought at the next open 182.50", or
// the stop, target or trailing level and the low or high of the bar that reached it. The values are
// read from the same series the engine and the chart use (operandSeries), on the bars the run used.
import type { DailyBars, ExitReason } from './types.ts';
import { isShortTemplate, normalizeTemplate, type Condition, type IndicatorType, type Template, type TemplateInput } from './template.ts';
import { MIRRORED_CONDITION_OPS, OP_TEXT, PRICE_FIELD, PRICE_WORDS, describeCondition, describeOperand, operandSeries, sideHoldsAt } from './conditions.ts';
import { entryLevels, type Direction } from './fills.ts';
import { formatDay, parseDay } from './dates.ts';

/** One row of the rule that fired, read on the signal bar. */
export interface RowReading {
  /** the row as written: "SMA(50) crosses above SMA(200)" */
  rule: string;
  left: string;
  left_value: number | null;
  /** what the left side was compared with: another indicator, a price ("Close") or the number */
  right: string;
  right_value: number | null;
  /** the reading in words: "SMA(50) 182.31 crossed above SMA(200) 181.94", "RSI(14) 28.41 < 30" */
  text: string;
}

/** The rows of the group that held on the signal bar (the close that decided the order). */
export interface SignalReading {
  date: string;
  rows: RowReading[];
}

/** A stop, target or trailing stop that closed the trade, and the bar's low or high that reached it. */
export interface LevelReading {
  kind: 'stop' | 'target' | 'trailing';
  level: number;
  date: string;
  touched: 'low' | 'high';
  touched_value: number;
  open: number;
}

export interface TradeWhy {
  entry: string;
  exit: string;
  entry_signal: SignalReading | null;
  exit_signal: SignalReading | null;
  exit_level: LevelReading | null;
}

/** What explainTrades reads of a trade (the engine's JSON trade, or a portfolio's). */
export interface ExplainedTrade {
  Size: number;
  EntryPrice: number;
  ExitPrice: number;
  EntryTime: string;
  ExitTime: string;
  ExitReason: ExitReason;
}

// one formatter for every number: toLocaleString builds a new one at each call, which was most of the
// time a portfolio of a thousand trades spent explaining them
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A number as a trader reads it: two decimals (grouped), four significant digits below 1. */
export function readable(v: number): string {
  if (!Number.isFinite(v)) return '—';
  if (v !== 0 && Math.abs(v) < 1) return String(Number(v.toPrecision(4)));
  return TWO_DECIMALS.format(v);
}
const pct = (f: number) => `${Number((f * 100).toFixed(2))} %`;
const finite = (v: number) => (Number.isFinite(v) ? v : null);

/** The index of the bar dated `date` (YYYY-MM-DD) in `day` (ascending), or −1. */
function barOf(day: Int32Array, date: string): number {
  const d = parseDay(date);
  let lo = 0;
  let hi = day.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (day[mid] === d) return mid;
    if (day[mid] < d) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Explains each trade of a run of `template` on `bars` (the bars the run traded, warm-up included
 *  where the run had it). */
export function explainTrades(bars: DailyBars, template: TemplateInput | Template, trades: readonly ExplainedTrade[]): TradeWhy[] {
  const t = normalizeTemplate(template);
  const dir: Direction = isShortTemplate(t) ? -1 : 1;
  const cache = new Map<string, Float64Array>();
  const [entrySide, exitSide]: IndicatorType[] = dir === 1 ? ['BUY', 'SELL'] : ['SHORT', 'COVER'];

  // each side's rows by group, in group order (the same for every trade)
  const groupsOf = (side: IndicatorType) => {
    const groups = new Map<number, Condition[]>();
    for (const c of t.conditions) {
      if (c.side !== side) continue;
      const g = groups.get(c.group);
      if (g) g.push(c);
      else groups.set(c.group, [c]);
    }
    return [...groups.keys()].sort((a, b) => a - b).map((g) => groups.get(g)!);
  };
  const sides = new Map<IndicatorType, Condition[][]>([[entrySide, groupsOf(entrySide)], [exitSide, groupsOf(exitSide)]]);

  /** The rows of the first group of `side` that holds on bar i (the engine's OR of ANDs), read there. */
  const signal = (side: IndicatorType, i: number): SignalReading | null => {
    if (i < 0) return null;
    const ordered = sides.get(side)!;
    const held = ordered.find((g) => sideHoldsAt(bars, g, side, i, cache)) ?? ordered[0];
    if (!held) return null;
    return { date: formatDay(bars.day[i]), rows: held.map((c) => readRow(bars, c, i, cache)) };
  };

  return trades.map((tr) => {
    const entryBar = barOf(bars.day, tr.EntryTime);
    const exitBar = barOf(bars.day, tr.ExitTime);
    const entrySignal = signal(entrySide, entryBar - 1);
    const open = entryBar >= 0 ? bars.open[entryBar] : tr.EntryPrice;
    const filled = t.exits.spread ? `at the next open ${readable(open)} (${readable(tr.EntryPrice)} with the spread)` : `at the next open ${readable(tr.EntryPrice)}`;
    const entry = `${entrySignal ? signalWords(entrySignal) + ' → ' : ''}${dir === 1 ? 'bought' : 'sold short'} ${filled}`;
    const closed = dir === 1 ? 'sold' : 'covered';

    let exitSignal: SignalReading | null = null;
    let exitLevel: LevelReading | null = null;
    let exit: string;
    if (tr.ExitReason === 'signal') {
      exitSignal = signal(exitSide, exitBar - 1);
      exit = `${exitSignal ? signalWords(exitSignal) + ' → ' : ''}${closed} at the next open ${readable(tr.ExitPrice)}`;
    } else if ((tr.ExitReason === 'stop' || tr.ExitReason === 'trailing' || tr.ExitReason === 'target') && entryBar >= 0 && exitBar >= 0) {
      exitLevel = levelAt(bars, t, dir, tr, entryBar, exitBar);
      exit = levelWords(exitLevel, t, dir, tr, closed);
    } else {
      exit = `the data ends (${tr.ExitTime}) → ${closed} at ${readable(tr.ExitPrice)}`;
    }
    return { entry, exit, entry_signal: entrySignal, exit_signal: exitSignal, exit_level: exitLevel };
  });
}

function readRow(bars: DailyBars, c: Condition, i: number, cache: Map<string, Float64Array>): RowReading {
  const left = finite(operandSeries(bars, c, cache)[i]);
  const right = c.against ? describeOperand(c.against) : Number.isNaN(c.value) ? PRICE_WORDS[c.cprice] : String(c.value);
  const rightValue = c.against
    ? finite(operandSeries(bars, c.against, cache)[i])
    : Number.isNaN(c.value) ? finite(bars[PRICE_FIELD[c.cprice]][i]) : c.value;
  return { rule: describeCondition(c), left: describeOperand(c), left_value: left, right, right_value: rightValue, text: describeReading(c, left, rightValue) };
}

/** The rows `conditions` read on bar i, each with its numbers (an alert's message says them). */
export function readConditions(bars: DailyBars, conditions: readonly Condition[], i: number, cache = new Map<string, Float64Array>()): RowReading[] {
  return conditions.map((c) => readRow(bars, c, i, cache));
}

/** A row with its numbers in words: "SMA(50) 182.31 crossed above SMA(200) 181.94", "RSI(14) 28.41 < 30". */
export function describeReading(c: Condition, left: number | null, right: number | null): string {
  const num = (v: number | null) => (v === null ? '—' : readable(v));
  if (c.priceLeft) {
    const op = MIRRORED_CONDITION_OPS[c.op];
    return `${PRICE_WORDS[c.cprice]} ${num(right)} ${PAST_OP[op] ?? OP_TEXT[op]} ${describeOperand(c)} ${num(left)}`;
  }
  const rightText = c.against ? `${describeOperand(c.against)} ${num(right)}` : Number.isNaN(c.value) ? `${PRICE_WORDS[c.cprice]} ${num(right)}` : String(c.value);
  return `${describeOperand(c)} ${num(left)} ${PAST_OP[c.op] ?? OP_TEXT[c.op]} ${rightText}`;
}

/** A crossing is said as what happened on the signal bar. */
const PAST_OP: Partial<Record<Condition['op'], string>> = { crosses_above: 'crossed above', crosses_below: 'crossed below' };

/** "SMA(50) 182.31 crossed above SMA(200) 181.94 and RSI(14) 55.20 > 50 on 2017-03-17" */
const signalWords = (s: SignalReading) => `${s.rows.map((r) => r.text).join(' and ')} on ${s.date}`;

/** The level that closed a trade on `exitBar`, as the engine had it in force: the stop and target from
 *  the fill, a trailing stop from the fill and then moved at every close from the entry bar's to the
 *  one before the exit. */
function levelAt(bars: DailyBars, t: Template, dir: Direction, tr: ExplainedTrade, entryBar: number, exitBar: number): LevelReading {
  let { sl, tp } = entryLevels(tr.EntryPrice, t, dir);
  const trail = t.exits.trailingStop;
  if (trail) {
    for (let j = entryBar; j < exitBar; j++) {
      const moved = bars.close[j] * (1 - dir * trail);
      if (dir === 1 ? !(moved <= sl) : !(moved >= sl)) sl = moved;
    }
  }
  const kind = tr.ExitReason as LevelReading['kind'];
  const isStop = kind !== 'target';
  // a long's stop is reached by the low and its target by the high; a short's the other way round
  const touched: 'low' | 'high' = isStop === (dir === 1) ? 'low' : 'high';
  return { kind, level: isStop ? sl : tp, date: formatDay(bars.day[exitBar]), touched, touched_value: bars[touched][exitBar], open: bars.open[exitBar] };
}

function levelWords(l: LevelReading, t: Template, dir: Direction, tr: ExplainedTrade, closed: string): string {
  const below = dir === 1 ? 'below' : 'above';
  const above = dir === 1 ? 'above' : 'below';
  let what: string;
  if (l.kind === 'target') what = `target ${readable(l.level)} (${pct(t.exits.takeProfit)} ${above} the entry ${readable(tr.EntryPrice)})`;
  else if (l.kind === 'stop') what = `stop ${readable(l.level)} (${pct(t.exits.stopLoss)} ${below} the entry ${readable(tr.EntryPrice)})`;
  else what = `trailing stop ${readable(l.level)} (${pct(t.exits.trailingStop)} ${below} the ${dir === 1 ? 'highest' : 'lowest'} close since the entry, or the entry)`;
  const gapped = l.open === tr.ExitPrice && l.open !== l.level;
  const fill = gapped ? `at the open ${readable(tr.ExitPrice)}, past the level` : `at ${readable(tr.ExitPrice)}`;
  return `${what} reached: the ${l.touched} of ${l.date} was ${readable(l.touched_value)} → ${closed} ${fill}`;
}
