// A template row as a condition on bars: which indicator series it reads, what it compares it with,
// and how a trader reads it ("RSI(14) < 30"). The backtest, its chart and the scanner share these.
import type { DailyBars } from './types.ts';
import { ema, sma } from './indicators/movingAverages.ts';
import { rsi } from './indicators/rsi.ts';
import { obv } from './indicators/volume.ts';
import { supertrend } from './indicators/supertrend.ts';
import { normalizeTemplate, type Condition, type IndicatorInput } from './template.ts';

/** `=` in a template means equal within half a cent. */
export const EQUAL_TOLERANCE = 0.005;

/** The checked condition of one template row (defaults filled); throws TemplateError when bad. */
export function toCondition(row: IndicatorInput | Condition): Condition {
  if ('side' in row && 'op' in row) return row;
  return normalizeTemplate({ position_size: 1, indicators: [row] }).conditions[0];
}

/** The indicator series a row compares, offset applied, one value per bar (NaN in warm-up):
 *  RSI(period, drift), SMA(period), EMA(period), Supertrend(length, 3) line, or OBV. */
export function indicatorSeries(bars: DailyBars, row: IndicatorInput | Condition): Float64Array {
  const c = toCondition(row);
  switch (c.name) {
    case 'RSI': return rsi(bars.close, c.period, c.drift, c.offset);
    case 'SMA': return sma(bars.close, c.period, c.offset);
    case 'EMA': return ema(bars.close, c.period, c.offset);
    case 'SUPERTREND': return supertrend(bars.high, bars.low, bars.close, c.length, c.multiplier, c.offset).line;
    case 'OBV': return obv(bars.close, bars.volume, c.offset);
  }
}

/** What the indicator is compared with: the row's number (RSI, OBV) or 'close' (SMA, EMA, SUPERTREND). */
export function comparedWith(row: IndicatorInput | Condition): number | 'close' {
  const c = toCondition(row);
  return Number.isNaN(c.value) ? 'close' : c.value;
}

/** Same key for rows that read the same series, so a template computes each series once. */
export function seriesKey(c: Condition): string {
  switch (c.name) {
    case 'RSI': return `RSI/${c.period}/${c.drift}/${c.offset}`;
    case 'SMA': case 'EMA': return `${c.name}/${c.period}/${c.offset}`;
    case 'SUPERTREND': return `ST/${c.length}/${c.multiplier}/${c.offset}`;
    case 'OBV': return `OBV/${c.offset}`;
  }
}

/** One side's conditions (BUY or SELL) ready for the bar loop: per row a series, an operator and a
 *  number, "x op value". A row that compares with the close reads the series indicator − close
 *  against 0, which holds on exactly the same bars (the difference of two doubles is 0 only when they
 *  are equal and never has the wrong sign), so every row can skip blocks by their extremes. Checked
 *  bar by bar, only when the engine needs them (BUY rows while flat, SELL rows while long). */
export interface CompiledSide {
  count: number;
  /** per row, the whole series (bar i of the window is index i + offset) and its block extremes */
  series: Float64Array[];
  blocks: BlockExtremes[];
  op: number[];
  value: number[];
  offset: number;
}

const OP_CODE: Record<Condition['op'], number> = { '>': 0, '<': 1, '>=': 2, '<=': 3, '=': 4 };

/** The rows of one side, their series taken from `cache` (or computed and put there). With a window,
 *  bar 0 is the window's start; the series have seen every bar before it. */
export function compileSide(
  bars: DailyBars,
  conditions: readonly Condition[],
  side: Condition['side'],
  cache: Map<string, Float64Array>,
  window?: { start: number; end: number },
): CompiledSide {
  // plain loops and arrays: an optimiser compiles both sides of every cell
  const series: Float64Array[] = [];
  const blocks: BlockExtremes[] = [];
  const op: number[] = [];
  const value: number[] = [];
  for (const c of conditions) {
    if (c.side !== side) continue;
    const key = seriesKey(c);
    let values = cache.get(key);
    if (!values) cache.set(key, (values = indicatorSeries(bars, c)));
    if (Number.isNaN(c.value)) {
      const vsClose = `${key}/minus close`;
      let diff = cache.get(vsClose);
      if (!diff) cache.set(vsClose, (diff = minusClose(values, bars.close)));
      values = diff;
    }
    series.push(values);
    blocks.push(blockExtremes(values));
    op.push(OP_CODE[c.op]);
    value.push(Number.isNaN(c.value) ? 0 : c.value);
  }
  return { count: series.length, series, blocks, op, value, offset: window?.start ?? 0 };
}

function minusClose(x: Float64Array, close: Float64Array): Float64Array {
  const d = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) d[i] = x[i] - close[i];
  return d;
}

/** True when every row of the side holds on bar i (of the window); false for a side without rows.
 *  NaN never holds. */
export function holdsAt(s: CompiledSide, i: number): boolean {
  if (s.count === 0) return false;
  const at = i + s.offset;
  for (let k = 0; k < s.count; k++) if (!holds(s.op[k], s.series[k][at], s.value[k])) return false;
  return true;
}

function holds(op: number, x: number, v: number): boolean {
  switch (op) {
    case 0: return x > v;
    case 1: return x < v;
    case 2: return x >= v;
    case 3: return x <= v;
    default: return Math.abs(x - v) < EQUAL_TOLERANCE;
  }
}

/** The first bar in [from, to) where the side holds, or `to`. Passes over every block of bars where
 *  some row cannot hold (by the block's extremes); inside the others, the first row is scanned by a
 *  tight loop of its own operator and the other rows checked only where it holds. */
export function nextHolding(s: CompiledSide, from: number, to: number): number {
  const n = s.count;
  if (n === 0) return to;
  const off = s.offset;
  const end = to + off;
  const x = s.series[0];
  const v = s.value[0];
  const scan = SCAN[s.op[0]];
  for (let i = from + off; i < end; ) {
    const b = i >> BLOCK_BITS;
    const blockEnd = Math.min(end, (b + 1) << BLOCK_BITS);
    let may = true;
    for (let k = 0; k < n && may; k++) may = blockMayHold(s.op[k], s.blocks[k].min[b], s.blocks[k].max[b], s.value[k]);
    if (may) {
      for (let j = scan(x, v, i, blockEnd); j < blockEnd; j = scan(x, v, j + 1, blockEnd)) {
        if (n === 1 || holdsAt(s, j - off)) return j - off;
      }
    }
    i = blockEnd;
  }
  return to;
}

// A series' smallest and largest value in each block of 2^BLOCK_BITS bars (NaN left out: a block of
// warm-up bars has min +∞ and max −∞), so a scan for "x < 30" passes over a block whose minimum is
// 30 or more with one compare instead of 32. Made once per series (the optimiser's cells share them).
const BLOCK_BITS = 5;
const BLOCK = 1 << BLOCK_BITS;
interface BlockExtremes {
  min: Float64Array;
  max: Float64Array;
}
const extremesOf = new WeakMap<Float64Array, BlockExtremes>();

function blockExtremes(x: Float64Array): BlockExtremes {
  let e = extremesOf.get(x);
  if (e) return e;
  const blocks = (x.length + BLOCK - 1) >> BLOCK_BITS;
  e = { min: new Float64Array(blocks).fill(Infinity), max: new Float64Array(blocks).fill(-Infinity) };
  for (let i = 0; i < x.length; i++) {
    const b = i >> BLOCK_BITS;
    if (x[i] < e.min[b]) e.min[b] = x[i];
    if (x[i] > e.max[b]) e.max[b] = x[i];
  }
  extremesOf.set(x, e);
  return e;
}

/** Whether a block with these extremes may hold a bar where `x op v` (`=` widened: only a filter). */
function blockMayHold(op: number, min: number, max: number, v: number): boolean {
  switch (op) {
    case 0: return max > v;
    case 1: return min < v;
    case 2: return max >= v;
    case 3: return min <= v;
    default: return min < v + 2 * EQUAL_TOLERANCE && max > v - 2 * EQUAL_TOLERANCE;
  }
}

// One scanning loop per operator: the per-bar work is a load and a compare.
type Scan = (x: Float64Array, v: number, from: number, to: number) => number;
const SCAN: Scan[] = [
  (x, v, i, to) => { for (; i < to; i++) if (x[i] > v) return i; return to; },
  (x, v, i, to) => { for (; i < to; i++) if (x[i] < v) return i; return to; },
  (x, v, i, to) => { for (; i < to; i++) if (x[i] >= v) return i; return to; },
  (x, v, i, to) => { for (; i < to; i++) if (x[i] <= v) return i; return to; },
  (x, v, i, to) => { for (; i < to; i++) if (Math.abs(x[i] - v) < EQUAL_TOLERANCE) return i; return to; },
];

const OP_TEXT: Record<Condition['op'], string> = { '>': '>', '<': '<', '=': '=', '>=': '≥', '<=': '≤' };

/** A row in a trader's words: "RSI(14) < 30", "SMA(50) ≥ Close", "Supertrend(7, 3) > Close",
 *  "RSI(14, drift 2) < 30", "OBV offset 3 > 0". */
export function describeCondition(row: IndicatorInput | Condition): string {
  const c = toCondition(row);
  let left: string;
  switch (c.name) {
    case 'RSI': left = c.drift === 1 ? `RSI(${c.period})` : `RSI(${c.period}, drift ${c.drift})`; break;
    case 'SMA': case 'EMA': left = `${c.name}(${c.period})`; break;
    case 'SUPERTREND': left = `Supertrend(${c.length}, ${c.multiplier})`; break;
    case 'OBV': left = 'OBV'; break;
  }
  if (c.offset) left += ` offset ${c.offset}`;
  const right = Number.isNaN(c.value) ? 'Close' : String(c.value);
  return `${left} ${OP_TEXT[c.op]} ${right}`;
}
