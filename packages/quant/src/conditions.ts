// A template row as a condition on bars: which indicator series it reads, what it compares it with
// (another indicator, a price of the same bar, or a number), and how a trader reads it ("SMA(50)
// crosses above SMA(200)"). The backtest, its chart and the scanner share these, so a chart shows the
// numbers the engine compared.
//
// Speed: an optimiser compiles every cell's rows against one series cache, so whatever two cells (or
// two rows) have in common is computed once: a MACD's EMAs are cached by period (a fast × slow grid
// computes 40 EMAs for 400 MACDs), a cross of two indicators is computed straight from both, up and
// down in one pass (no difference series), with its block extremes, and a MACD's signal and histogram
// only when a row reads them. Cells differing only in a threshold share every series. Series derived
// from cached ones in one pass (a MACD line, a difference, crossings) live in buffers the cache
// recycles between cells (`settleSeriesCache`), so a grid whose every cell has its own MACD line and
// crossings allocates almost nothing per cell.
import type { DailyBars } from './types.ts';
import { ema, sma } from './indicators/movingAverages.ts';
import { rsi } from './indicators/rsi.ts';
import { obv } from './indicators/volume.ts';
import { supertrend } from './indicators/supertrend.ts';
import { macd, macdLineInto } from './indicators/macd.ts';
import { bbands } from './indicators/bbands.ts';
import { cci, roc, stoch, willr } from './indicators/oscillators.ts';
import { adx } from './indicators/adx.ts';
import { recycleSeries, takeSpare } from './indicators/series.ts';
import { normalizeTemplate, type Condition, type CPrice, type IndicatorInput, type IndicatorType, type Operand, type Template } from './template.ts';
import { INDICATOR_SPECS, isPriceLike, outputSpec } from './indicatorSpecs.ts';

/** `=` in a template means equal within half a cent. */
export const EQUAL_TOLERANCE = 0.005;

/** The checked condition of one template row (defaults filled); throws TemplateError when bad. */
export function toCondition(row: IndicatorInput | Condition): Condition {
  if ('side' in row && 'op' in row) return row;
  return normalizeTemplate({ position_size: 1, indicators: [row] }).conditions[0];
}

/** The series an operand reads, offset applied, one value per bar (NaN in warm-up). `cache` (by
 *  `seriesKey`) lets the rows of a template share a computation; a many-line indicator puts all its
 *  lines there at once. */
export function operandSeries(bars: DailyBars, o: Operand, cache?: Map<string, Float64Array>): Float64Array {
  const key = seriesKey(o);
  const hit = cache?.get(key);
  if (hit) return hit;
  const { high, low, close } = bars;
  let lines: Record<string, Float64Array>;
  switch (o.name) {
    case 'RSI': lines = { value: rsi(close, o.period, o.drift, o.offset) }; break;
    case 'SMA': lines = { value: sma(close, o.period, o.offset) }; break;
    case 'EMA': lines = { value: ema(close, o.period, o.offset) }; break;
    case 'SUPERTREND': lines = { value: supertrend(high, low, close, o.length, o.multiplier, o.offset).line }; break;
    case 'OBV': lines = { value: obv(close, bars.volume, o.offset) }; break;
    case 'MACD': {
      // With a cache, the EMAs come from it (a grid over fast × slow computes each period once, and
      // an EMA row of the same period shares them), and only the line a row reads is made: the line
      // alone (a cheap pass over two cached EMAs, in a recycled buffer) for a row that reads the line,
      // the signal from it when read, the histogram when read. `macd` computes the very same numbers.
      if (cache && o.offset === 0) return macdOutput(close, o, cache);
      const m = macd(close, o.fast, o.slow, o.signal, o.offset);
      lines = { macd: m.macd, signal: m.signal, hist: m.histogram };
      break;
    }
    case 'BBANDS': {
      // %B (a division per bar) only when a row reads it; with a cache, only the line a row reads is
      // kept (another row reading another line computes the bands again, to the same numbers)
      const percent = o.output === 'percent_b';
      const only = cache && !percent ? (o.output as 'upper' | 'middle' | 'lower') : undefined;
      const b = bbands(close, o.period, o.stddev, o.offset, percent, only);
      lines = only ? { [only]: b[only] } : percent ? { middle: b.middle, upper: b.upper, lower: b.lower, percent_b: b.percentB } : { middle: b.middle, upper: b.upper, lower: b.lower };
      break;
    }
    case 'STOCH': lines = stoch(high, low, close, o.period, o.kSmooth, o.dPeriod, o.offset) as unknown as Record<string, Float64Array>; break;
    case 'ADX': {
      // with a cache, only the line a row reads is kept
      const only = cache ? DMI_LINE[o.output as keyof typeof DMI_LINE] : undefined;
      const d = adx(high, low, close, o.period, o.offset, only);
      lines = only ? { [o.output]: d[only] } : { adx: d.adx, plus_di: d.plusDi, minus_di: d.minusDi };
      break;
    }
    case 'CCI': lines = { value: cci(high, low, close, o.period, o.offset) }; break;
    case 'ROC': lines = { value: roc(close, o.period, o.offset) }; break;
    case 'WILLR': lines = { value: willr(high, low, close, o.period, o.offset) }; break;
  }
  if (cache) for (const [output, values] of Object.entries(lines)) cache.set(seriesKey({ ...o, output }), values);
  return lines[o.output];
}

const DMI_LINE = { adx: 'adx', plus_di: 'plusDi', minus_di: 'minusDi' } as const;

/** EMA(period) of the closes, unshifted, from the cache (the key an EMA row of that period uses). */
function cachedEma(close: Float64Array, period: number, cache: Map<string, Float64Array>): Float64Array {
  const key = `EMA/${period}/0`;
  let e = cache.get(key);
  if (!e) cache.set(key, (e = ema(close, period)));
  return e;
}

/** The fast and slow EMAs of a MACD, from the cache. */
function macdEmas(close: Float64Array, o: Operand, cache: Map<string, Float64Array>): [Float64Array, Float64Array] {
  return [cachedEma(close, o.fast, cache), cachedEma(close, o.slow, cache)];
}

/** `n` zeros (read only). */
function zeros(n: number): Float64Array {
  if (ZEROS.length < n) ZEROS = new Float64Array(n);
  return ZEROS;
}
let ZEROS = new Float64Array(0);

/** One line of an unshifted MACD with a cache: the line from the cached EMAs, the signal from the
 *  line, the histogram from both, each made only when first read. */
function macdOutput(close: Float64Array, o: Operand, cache: Map<string, Float64Array>): Float64Array {
  const lineKey = seriesKey({ ...o, output: 'macd' });
  let line = cachedDerived(cache, lineKey);
  if (!line) line = macdLineInto(cachedEma(close, o.fast, cache), cachedEma(close, o.slow, cache), derivedSeries(cache, lineKey, close.length));
  if (o.output === 'macd') return line;
  const signalKey = seriesKey({ ...o, output: 'signal' });
  let signal = cache.get(signalKey);
  // the signal alone is `ema` of the line: the very numbers `macdFromEmas` gives with its histogram
  if (!signal) cache.set(signalKey, (signal = ema(line, o.signal)));
  if (o.output === 'signal') return signal;
  // the histogram is line − signal, bar for bar (NaN where either is)
  return minusInto(line, signal, derivedSeries(cache, seriesKey(o), close.length));
}

/** The indicator series a row compares (its left-hand side), offset applied, one value per bar
 *  (NaN in warm-up): RSI(period, drift), SMA(period), EMA(period), Supertrend(length, 3) line, OBV,
 *  or the row's `output` of MACD, Bollinger Bands, Stochastic, ADX, CCI, ROC or Williams %R. */
export function indicatorSeries(bars: DailyBars, row: IndicatorInput | Condition): Float64Array {
  return operandSeries(bars, toCondition(row));
}

/** What the indicator is compared with: another indicator (its checked operand), a price of the
 *  same bar ('close' for the spec's rows), or the row's number. */
export function comparedWith(row: IndicatorInput | Condition): number | 'close' | 'open' | 'high' | 'low' | Operand {
  const c = toCondition(row);
  if (c.against) return c.against;
  return Number.isNaN(c.value) ? PRICE_FIELD[c.cprice] : c.value;
}

export const PRICE_FIELD = { CLOSE: 'close', OPEN: 'open', HIGH: 'high', LOW: 'low' } as const satisfies Record<CPrice, keyof DailyBars>;

/** Same key for operands that read the same series, so a template computes each series once. */
export function seriesKey(c: Operand): string {
  switch (c.name) {
    case 'RSI': return `RSI/${c.period}/${c.drift}/${c.offset}`;
    case 'SMA': case 'EMA': return `${c.name}/${c.period}/${c.offset}`;
    case 'SUPERTREND': return `ST/${c.length}/${c.multiplier}/${c.offset}`;
    case 'OBV': return `OBV/${c.offset}`;
    case 'MACD': return `MACD/${c.fast}/${c.slow}/${c.signal}/${c.offset}/${c.output}`;
    case 'BBANDS': return `BB/${c.period}/${c.stddev}/${c.offset}/${c.output}`;
    case 'STOCH': return `STOCH/${c.period}/${c.kSmooth}/${c.dPeriod}/${c.offset}/${c.output}`;
    case 'ADX': return `ADX/${c.period}/${c.offset}/${c.output}`;
    case 'CCI': case 'ROC': case 'WILLR': return `${c.name}/${c.period}/${c.offset}`;
  }
}

/** The right-hand side a row compares with, as a series (another indicator, or a price), or null
 *  when it is the row's number. */
function rightSeries(bars: DailyBars, c: Condition, cache: Map<string, Float64Array>): Float64Array | null {
  if (c.against) return operandSeries(bars, c.against, cache);
  if (Number.isNaN(c.value)) return bars[PRICE_FIELD[c.cprice]];
  return null;
}

/** One group of a side's rows ready for the bar loop: per row a series, an operator and a number,
 *  "x op value". A row that compares with a price or another indicator reads the series left − right
 *  against 0, which holds on exactly the same bars (the difference of two doubles is 0 only when they
 *  are equal and never has the wrong sign); a crossing row reads a series that is 1 on the bars where
 *  it crosses and 0 elsewhere, against "> 0.5". So every row can skip blocks by their extremes. */
export interface CompiledGroup {
  count: number;
  /** per row, the whole series (bar i of the window is index i + offset) and its block extremes */
  series: Float64Array[];
  blocks: BlockExtremes[];
  op: number[];
  value: number[];
  offset: number;
}

/** One side's rows (BUY or SELL, SHORT or COVER): it holds on a bar where every row of some group
 *  holds (one group: every row). Checked bar by bar, only when the engine needs them (entry rows
 *  while flat, exit rows while in a position). */
export interface CompiledSide {
  /** the groups that have rows, in group order; none: the side never holds */
  groups: CompiledGroup[];
}

const OP_CODE: Record<'>' | '<' | '>=' | '<=' | '=', number> = { '>': 0, '<': 1, '>=': 2, '<=': 3, '=': 4 };

/** The rows of one side, their series taken from `cache` (or computed and put there). With a window,
 *  bar 0 is the window's start; the series have seen every bar before it. */
export function compileSide(
  bars: DailyBars,
  conditions: readonly Condition[],
  side: IndicatorType,
  cache: Map<string, Float64Array>,
  window?: { start: number; end: number },
): CompiledSide {
  // plain loops and arrays: an optimiser compiles both sides of every cell
  const byGroup = new Map<number, CompiledGroup>();
  const offset = window?.start ?? 0;
  for (const c of conditions) {
    if (c.side !== side) continue;
    let g = byGroup.get(c.group);
    if (!g) byGroup.set(c.group, (g = { count: 0, series: [], blocks: [], op: [], value: [], offset }));
    const key = seriesKey(c);
    const rightKey = c.against ? seriesKey(c.against) : Number.isNaN(c.value) ? PRICE_FIELD[c.cprice] : null;
    const cop = c.op;
    const crossing = cop === 'crosses_above' || cop === 'crosses_below';
    const diffKey = rightKey !== null ? `${key}/minus ${rightKey}` : key;
    let values: Float64Array;
    let v = rightKey !== null ? 0 : c.value;
    let op: number;
    if (crossing) {
      // a crossing reads left − right only through its crossings, computed straight from both; a
      // cached crossing needs neither side's series
      const crossKey = `${diffKey}/${cop}/${v}`;
      let crosses = cachedDerived(cache, crossKey);
      if (!crosses) {
        const n = bars.close.length;
        if (rightKey !== null) {
          const right = rightSeries(bars, c, cache)!;
          // an unshifted MACD line not read elsewhere yet is taken straight from its EMAs: the
          // crossing loop subtracts them (the same subtraction) instead of reading a stored line
          const emas = c.name === 'MACD' && c.output === 'macd' && c.offset === 0 && !cache.has(seriesKey(c)) ? macdEmas(bars.close, c, cache) : null;
          const above = derivedSeries(cache, `${diffKey}/crosses_above/0`, n);
          const below = derivedSeries(cache, `${diffKey}/crosses_below/0`, n);
          if (emas) crossingsBetween(emas[0], right, above, below, emas[1]);
          else crossingsBetween(operandSeries(bars, c, cache), right, above, below, zeros(n));
          crosses = cop === 'crosses_above' ? above : below;
        } else {
          crosses = crossings(operandSeries(bars, c, cache), v, cop === 'crosses_above', derivedSeries(cache, crossKey, n));
        }
      }
      values = crosses;
      v = 0.5;
      op = OP_CODE['>'];
    } else {
      values = operandSeries(bars, c, cache);
      if (rightKey !== null) {
        let diff = cachedDerived(cache, diffKey);
        if (!diff) diff = minusInto(values, rightSeries(bars, c, cache)!, derivedSeries(cache, diffKey, values.length));
        values = diff;
      }
      op = OP_CODE[cop as keyof typeof OP_CODE];
    }
    g.series.push(values);
    g.blocks.push(blockExtremes(values));
    g.op.push(op);
    g.value.push(v);
    g.count++;
  }
  return { groups: [...byGroup.keys()].sort((a, b) => a - b).map((k) => byGroup.get(k)!) };
}

/** The side holding only where it holds and `allowed` is 1 (bar i of the bars the side was compiled
 *  on): a universe's membership gates entries this way, as one more row of every group, so the
 *  engines' search skips the blocks of non-member bars like any other row's. */
export function gatedSide(s: CompiledSide, allowed: Uint8Array): CompiledSide {
  const series = Float64Array.from(allowed);
  const blocks = blockExtremes(series);
  return {
    groups: s.groups.map((g) => ({
      ...g,
      count: g.count + 1,
      series: [...g.series, series],
      blocks: [...g.blocks, blocks],
      op: [...g.op, OP_CODE['>']],
      value: [...g.value, 0.5],
    })),
  };
}

/** x − y into `out`. */
function minusInto(x: Float64Array, y: Float64Array, out: Float64Array): Float64Array {
  for (let i = 0; i < x.length; i++) out[i] = x[i] - y[i];
  return out;
}

/** 1 where x crosses v (above: x > v now and x ≤ v on the bar before; below: x < v now, ≥ before),
 *  0 elsewhere, into `out`; both bars must be defined (NaN compares false). */
function crossings(x: Float64Array, v: number, above: boolean, out: Float64Array): Float64Array {
  if (x.length > 0) out[0] = 0;
  for (let i = 1; i < x.length; i++) {
    const a = x[i - 1];
    const b = x[i];
    out[i] = (above ? b > v && a <= v : b < v && a >= v) ? 1 : 0;
  }
  return out;
}

/** `crossings((x − x2) − y, 0, …)` above and below into `above` and `below`, without the difference
 *  series (the same differences, the same compares), in one pass that also records each one's block
 *  extremes (a block of a 0/1 series holds a 1 or not). A template usually reads both: a cross up
 *  enters, down exits. x2 is a MACD's slow EMA (x its fast one), or zeros (x − 0 is x, bit for bit). */
function crossingsBetween(x: Float64Array, y: Float64Array, above: Float64Array, below: Float64Array, x2: Float64Array): void {
  const n = above.length;
  const blocks = (n + BLOCK - 1) >> BLOCK_BITS;
  const up = extremesBuffer(above, blocks);
  const down = extremesBuffer(below, blocks);
  if (n > 0) above[0] = below[0] = 0;
  let a = n > 0 ? x[0] - x2[0] - y[0] : 0;
  for (let b = 0; b < blocks; b++) {
    const from = b << BLOCK_BITS;
    const to = Math.min(n, from + BLOCK);
    let anyUp = 0;
    let anyDown = 0;
    let allUp = 1;
    let allDown = 1;
    for (let i = from === 0 ? 1 : from; i < to; i++) {
      const d = x[i] - x2[i] - y[i];
      // compares as 0/1 numbers combined with `&`: no branch for the processor to mispredict
      const u = Number(d > 0) & Number(a <= 0);
      const w = Number(d < 0) & Number(a >= 0);
      above[i] = u;
      below[i] = w;
      anyUp |= u;
      anyDown |= w;
      allUp &= u;
      allDown &= w;
      a = d;
    }
    // bar 0 is never a crossing: it counts in its block as a 0
    if (from === 0) allUp = allDown = 0;
    up.min[b] = allUp;
    up.max[b] = anyUp;
    down.min[b] = allDown;
    down.max[b] = anyDown;
  }
  extremesOf.set(above, up);
  extremesOf.set(below, down);
}

// Derived series' buffers, per cache: the live ones by key, least recently used first, and buffers
// free for the next ones (each with its block extremes' arrays, reused too).
interface Recycler {
  live: Map<string, Float64Array>;
  free: Float64Array[];
}
const recyclers = new WeakMap<Map<string, Float64Array>, Recycler>();
/** Block extremes' arrays of recycled buffers, kept for the buffer's next series. */
const spareExtremes = new WeakMap<Float64Array, BlockExtremes>();
/** Derived series a cache keeps between cells: the most recently used few (the cells in a row of a
 *  grid share theirs, every cell the series of rows the grid does not vary), about 2.5 MB at 5,000
 *  bars, small enough to stay in the processor's cache. */
const DERIVED_KEPT = 64;

/** A buffer of `n` bars for a derived series (contents undefined: the caller writes every bar), put
 *  in `cache` under `key`. */
function derivedSeries(cache: Map<string, Float64Array>, key: string, n: number): Float64Array {
  let r = recyclers.get(cache);
  if (!r) recyclers.set(cache, (r = { live: new Map(), free: [] }));
  let buffer = r.free.pop() ?? takeSpare(n);
  if (!buffer || buffer.length !== n) buffer = new Float64Array(n);
  r.live.delete(key);
  r.live.set(key, buffer);
  cache.set(key, buffer);
  return buffer;
}

/** Gives back the buffers of every series of `cache`, which nobody reads any more (a backtest done
 *  with its own cache): the next series reuse them. `bars`' own arrays are never given back. */
export function releaseSeriesCache(cache: Map<string, Float64Array>, bars: DailyBars): void {
  const r = recyclers.get(cache);
  recyclers.delete(cache);
  const own = new Set<Float64Array>([bars.open, bars.high, bars.low, bars.close, bars.volume]);
  const buffers = new Set<Float64Array>([...cache.values(), ...(r?.free ?? [])]);
  for (const buffer of buffers) {
    if (own.has(buffer)) buffers.delete(buffer);
    const e = extremesOf.get(buffer);
    if (e) {
      spareExtremes.set(buffer, e);
      extremesOf.delete(buffer);
    }
  }
  cache.clear();
  recycleSeries(buffers);
}

/** A derived series from the cache, marked as just used. */
function cachedDerived(cache: Map<string, Float64Array>, key: string): Float64Array | undefined {
  const hit = cache.get(key);
  const live = hit && recyclers.get(cache)?.live;
  if (live && live.get(key) === hit) {
    live.delete(key);
    live.set(key, hit);
  }
  return hit;
}

/** Block extremes' arrays for `x`: its recycled buffer's, or new ones. */
function extremesBuffer(x: Float64Array, blocks: number): BlockExtremes {
  const e = spareExtremes.get(x);
  if (e && e.min.length === blocks) return e;
  return { min: new Float64Array(blocks), max: new Float64Array(blocks) };
}

/** Between an optimiser's cells (nothing reads the cache's series then): keeps the most recently
 *  used derived series (`keptDerived` of them) and recycles the others' buffers; past `maxSeries`
 *  series, starts the cache afresh (a grid over many distinct indicators would otherwise keep every cell's). */
export function settleSeriesCache(cache: Map<string, Float64Array>, maxSeries: number, keptDerived = DERIVED_KEPT): void {
  const r = recyclers.get(cache);
  const clear = cache.size > maxSeries;
  if (r) {
    const keep = clear ? 0 : keptDerived;
    for (const [key, buffer] of r.live) {
      if (r.live.size <= keep) break;
      r.live.delete(key);
      if (cache.get(key) === buffer) cache.delete(key);
      const e = extremesOf.get(buffer);
      if (e) {
        spareExtremes.set(buffer, e);
        extremesOf.delete(buffer);
      }
      r.free.push(buffer);
    }
  }
  if (clear) cache.clear();
}

/** True when the side holds on bar i (of the window); false for a side without rows. NaN never holds. */
export function holdsAt(s: CompiledSide, i: number): boolean {
  const { groups } = s;
  for (let k = 0; k < groups.length; k++) if (groupHoldsAt(groups[k], i)) return true;
  return false;
}

function groupHoldsAt(g: CompiledGroup, i: number): boolean {
  const at = i + g.offset;
  for (let k = 0; k < g.count; k++) if (!holds(g.op[k], g.series[k][at], g.value[k])) return false;
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

/** Whether a template's side (BUY, SELL, SHORT or COVER rows) holds at bar `i`, as the backtest
 *  decides it: groups, crossings, against and prices included. */
export function sideHoldsAt(bars: DailyBars, conditions: readonly Condition[], side: IndicatorType, i: number, cache = new Map<string, Float64Array>()): boolean {
  return holdsAt(compileSide(bars, conditions, side, cache), i);
}

/** The first bar in [from, to) where the side holds, or `to`: the earliest over its groups (each
 *  searched only up to the best found so far). */
export function nextHolding(s: CompiledSide, from: number, to: number): number {
  const { groups } = s;
  let best = to;
  for (let k = 0; k < groups.length; k++) best = nextGroupHolding(groups[k], from, best);
  return best;
}

/** The first bar in [from, to) where every row of the group holds, or `to`. Passes over every block
 *  of bars where some row cannot hold (by the block's extremes); inside the others, the first row is
 *  scanned by a tight loop of its own operator and the other rows checked only where it holds. */
function nextGroupHolding(s: CompiledGroup, from: number, to: number): number {
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
        if (n === 1 || groupHoldsAt(s, j - off)) return j - off;
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
  const n = x.length;
  const blocks = (n + BLOCK - 1) >> BLOCK_BITS;
  e = extremesBuffer(x, blocks);
  const { min, max } = e;
  // block by block, the running extremes in locals (storing into min[b] and max[b] at every bar
  // chained each bar to the one before through memory); NaN compares false: skipped
  for (let b = 0; b < blocks; b++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = b << BLOCK_BITS, to = Math.min(n, i + BLOCK); i < to; i++) {
      const v = x[i];
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
    min[b] = lo;
    max[b] = hi;
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

export const OP_TEXT: Record<Condition['op'], string> = {
  '>': '>', '<': '<', '=': '=', '>=': '≥', '<=': '≤', crosses_above: 'crosses above', crosses_below: 'crosses below',
};

/** An indicator reading in a trader's words: "RSI(14)", "RSI(7, drift 2)", "SMA(50)",
 *  "Supertrend(7, 3)", "OBV", "MACD(12, 26, 9)", "MACD signal(12, 26, 9)", "BB lower(20, 2)",
 *  "Stoch %K(14, 3, 3)", "+DI(14)", "Williams %R(14)", with " offset k" when shifted. */
export function describeOperand(o: Operand): string {
  let s: string;
  switch (o.name) {
    case 'RSI': s = o.drift === 1 ? `RSI(${o.period})` : `RSI(${o.period}, drift ${o.drift})`; break;
    case 'SMA': case 'EMA': s = `${o.name}(${o.period})`; break;
    case 'SUPERTREND': s = `Supertrend(${o.length}, ${o.multiplier})`; break;
    case 'OBV': s = 'OBV'; break;
    case 'MACD': s = `${OUTPUT_WORDS.MACD[o.output]}(${o.fast}, ${o.slow}, ${o.signal})`; break;
    case 'BBANDS': s = `${OUTPUT_WORDS.BBANDS[o.output]}(${o.period}, ${o.stddev})`; break;
    case 'STOCH': s = `${OUTPUT_WORDS.STOCH[o.output]}(${o.period}, ${o.kSmooth}, ${o.dPeriod})`; break;
    case 'ADX': s = `${OUTPUT_WORDS.ADX[o.output]}(${o.period})`; break;
    case 'CCI': case 'ROC': case 'WILLR': s = `${INDICATOR_SPECS[o.name].short}(${o.period})`; break;
  }
  return o.offset ? `${s} offset ${o.offset}` : s;
}

const OUTPUT_WORDS: Record<'MACD' | 'BBANDS' | 'STOCH' | 'ADX', Record<string, string>> = {
  MACD: { macd: 'MACD', signal: 'MACD signal', hist: 'MACD histogram' },
  BBANDS: { middle: 'BB middle', upper: 'BB upper', lower: 'BB lower', percent_b: 'BB %B' },
  STOCH: { k: 'Stoch %K', d: 'Stoch %D' },
  ADX: { adx: 'ADX', plus_di: '+DI', minus_di: '−DI' },
};

export const PRICE_WORDS: Record<CPrice, string> = { CLOSE: 'Close', OPEN: 'Open', HIGH: 'High', LOW: 'Low' };

/** The engine's operator with its sides swapped (see MIRRORED_OPS). */
export const MIRRORED_CONDITION_OPS: Readonly<Record<Condition['op'], Condition['op']>> = {
  '>': '<', '<': '>', '=': '=', '>=': '<=', '<=': '>=', crosses_above: 'crosses_below', crosses_below: 'crosses_above',
};

/** A row in a trader's words: "RSI(14) < 30", "SMA(50) ≥ Close", "Supertrend(7, 3) > Close",
 *  "OBV offset 3 > 0", "SMA(50) crosses above SMA(200)", "BB upper(30, 2.5) < High"; a row written
 *  with its price on the left reads as written: "Close crosses below BB lower(20, 2)". */
export function describeCondition(row: IndicatorInput | Condition): string {
  const c = toCondition(row);
  if (c.priceLeft) return `${PRICE_WORDS[c.cprice]} ${OP_TEXT[MIRRORED_CONDITION_OPS[c.op]]} ${describeOperand(c)}`;
  const right = c.against ? describeOperand(c.against) : Number.isNaN(c.value) ? PRICE_WORDS[c.cprice] : String(c.value);
  return `${describeOperand(c)} ${OP_TEXT[c.op]} ${right}`;
}

/** One side of a template in words: "BUY when SMA(50) crosses above SMA(200)"; rows of a group joined
 *  by "and", groups by ", or when"; "never" for a side without rows. */
export function describeRule(template: Template | { indicators: IndicatorInput[] }, side: IndicatorType): string {
  const conditions = 'conditions' in template ? template.conditions : template.indicators.map(toCondition);
  const groups = new Map<number, string[]>();
  for (const c of conditions) {
    if (c.side !== side) continue;
    const g = groups.get(c.group) ?? [];
    g.push(describeCondition(c));
    groups.set(c.group, g);
  }
  if (groups.size === 0) return `${side} never`;
  const parts = [...groups.keys()].sort((a, b) => a - b).map((k) => groups.get(k)!.join(' and '));
  return `${side} when ${parts.join(', or when ')}`;
}

/** A line to draw: its label, its values, and whether it sits on the price scale (an overlay) or in
 *  a pane of its own (an oscillator). */
export interface ChartLine {
  label: string;
  values: Float64Array;
  overlay: boolean;
}

/** What a chart draws for one row: its left-hand series and its right-hand side (another indicator's
 *  series, a price — the candles already show it —, or the number as a level in the left's pane).
 *  The very arrays the engine compares, so a chart shows the numbers that decided the trades. */
export interface RowSeries {
  left: ChartLine;
  right: { kind: 'indicator'; line: ChartLine } | { kind: 'price'; label: string; field: 'close' | 'open' | 'high' | 'low' } | { kind: 'value'; value: number };
}

/** The series of one row for a chart (see RowSeries); `cache` shares computations across rows. */
export function rowSeries(bars: DailyBars, row: IndicatorInput | Condition, cache = new Map<string, Float64Array>()): RowSeries {
  const c = toCondition(row);
  const line = (o: Operand): ChartLine => ({ label: describeOperand(o), values: operandSeries(bars, o, cache), overlay: isPriceLike(o.name, o.output) });
  const left = line(c);
  if (c.against) return { left, right: { kind: 'indicator', line: line(c.against) } };
  if (Number.isNaN(c.value)) return { left, right: { kind: 'price', label: PRICE_WORDS[c.cprice], field: PRICE_FIELD[c.cprice] } };
  return { left, right: { kind: 'value', value: c.value } };
}

/** The label of an indicator's output, for forms and legends ("Signal line", "%K"). */
export function outputLabel(o: Pick<Operand, 'name' | 'output'>): string {
  return outputSpec(o.name, o.output)?.label ?? o.output;
}
