/** Daily bars as columns. `day` is the session date as days since 1970-01-01 (UTC). */
export interface DailyBars {
  day: Int32Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Bars [start, end) of a series: index `start` becomes 0. */
export interface BarWindow {
  start: number;
  end: number;
}

/** A window of bars as views on the same memory (no copy). */
export function windowBars(bars: DailyBars, start: number, end: number): DailyBars {
  return {
    day: bars.day.subarray(start, end),
    open: bars.open.subarray(start, end),
    high: bars.high.subarray(start, end),
    low: bars.low.subarray(start, end),
    close: bars.close.subarray(start, end),
    volume: bars.volume.subarray(start, end),
  };
}

/** Zero-filled columns for n bars. */
/** `allocBars` in one block of shared memory (a SharedArrayBuffer): the five price and volume columns,
 *  then the days. Threads handed these bars read them in place instead of receiving a copy. */
export function allocSharedBars(n: number): DailyBars {
  const memory = new SharedArrayBuffer(n * (5 * Float64Array.BYTES_PER_ELEMENT + Int32Array.BYTES_PER_ELEMENT));
  const column = (k: number) => new Float64Array(memory, k * n * Float64Array.BYTES_PER_ELEMENT, n);
  return { open: column(0), high: column(1), low: column(2), close: column(3), volume: column(4), day: new Int32Array(memory, 5 * n * Float64Array.BYTES_PER_ELEMENT, n) };
}

/** The bars in shared memory: every task that sends them to a thread afterwards passes a reference, not
 *  a copy. Bars already there are returned as they are. */
export function sharedBars(bars: DailyBars): DailyBars {
  if (bars.close.buffer instanceof SharedArrayBuffer && bars.day.buffer instanceof SharedArrayBuffer) return bars;
  const out = allocSharedBars(bars.close.length);
  for (const k of ['day', 'open', 'high', 'low', 'close', 'volume'] as const) out[k].set(bars[k]);
  return out;
}

export function allocBars(n: number): DailyBars {
  return {
    day: new Int32Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
}

/** Why a trade ended: its SELL conditions, its stop-loss, its take-profit, its trailing stop, or the
 *  end of the data (backtesting.py's `finalize_trades`). */
export const EXIT_REASONS = ['signal', 'stop', 'target', 'trailing', 'end'] as const;
export type ExitReason = (typeof EXIT_REASONS)[number];
