/** Daily bars as columns. `day` is the session date as days since 1970-01-01 (UTC). */
export interface DailyBars {
  day: Int32Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}
