/** Daily bars as columns. `day` is the session date as days since 1970-01-01 (UTC). */
export interface DailyBars {
  day: Int32Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Zero-filled columns for n bars. */
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
