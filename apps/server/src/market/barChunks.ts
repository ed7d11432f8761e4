import { allocBars, type DailyBars } from '@app/quant';

// Bars are persisted per symbol and calendar year as little-endian typed arrays (see 001_market.sql).

export const emptyBars = (n = 0): DailyBars => allocBars(n);

export const yearOfDay = (day: number) => new Date(day * 86_400_000).getUTCFullYear();
export const dayFromIso = (iso: string) => Math.floor(Date.parse(iso + 'T00:00:00Z') / 86_400_000);
/** Index of the first of the ascending `days` that is ≥ `day` (binary search); days.length if none. */
export function firstDayAtOrAfter(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid] < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const isoFromDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

export interface BarChunk {
  year: number;
  n: number;
  days: Uint8Array;
  open: Uint8Array;
  high: Uint8Array;
  low: Uint8Array;
  close: Uint8Array;
  volume: Uint8Array;
}

const bytes = (a: Int32Array | Float64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Splits sorted bars into one chunk per calendar year. */
export function toChunks(bars: DailyBars): BarChunk[] {
  const out: BarChunk[] = [];
  let start = 0;
  const n = bars.day.length;
  while (start < n) {
    const year = yearOfDay(bars.day[start]);
    let end = start;
    while (end < n && yearOfDay(bars.day[end]) === year) end++;
    out.push({
      year,
      n: end - start,
      days: bytes(bars.day.slice(start, end)),
      open: bytes(bars.open.slice(start, end)),
      high: bytes(bars.high.slice(start, end)),
      low: bytes(bars.low.slice(start, end)),
      close: bytes(bars.close.slice(start, end)),
      volume: bytes(bars.volume.slice(start, end)),
    });
    start = end;
  }
  return out;
}

// Copy into aligned buffers: a bytea from the driver may start at any offset.
const f64 = (b: Uint8Array, n: number) => new Float64Array(new Uint8Array(b).buffer, 0, n);
const i32 = (b: Uint8Array, n: number) => new Int32Array(new Uint8Array(b).buffer, 0, n);

/** Joins chunks (sorted by year) back into one series. */
export function fromChunks(chunks: BarChunk[]): DailyBars {
  const total = chunks.reduce((s, c) => s + c.n, 0);
  const bars = emptyBars(total);
  let at = 0;
  for (const c of chunks) {
    bars.day.set(i32(c.days, c.n), at);
    bars.open.set(f64(c.open, c.n), at);
    bars.high.set(f64(c.high, c.n), at);
    bars.low.set(f64(c.low, c.n), at);
    bars.close.set(f64(c.close, c.n), at);
    bars.volume.set(f64(c.volume, c.n), at);
    at += c.n;
  }
  return bars;
}
