import { resampleMonthly, resampleWeekly, type DailyBars } from '@app/quant';
import type { FrequencyId } from '@app/contract';
import { firstDayAtOrAfter } from './barChunks.ts';

// Cached columnar series → the candle JSON the chart screens read: [{time, open, high, low, close,
// volume}], time in Unix seconds at UTC midnight of the session.

const SECONDS_PER_DAY = 86_400;

/** Daily bars, or weekly (Monday–Friday) or monthly bars resampled by @app/quant, by spec frequency id. */
export function barsAtFrequency(bars: DailyBars, frequencyId: FrequencyId): DailyBars {
  if (frequencyId === 1) return resampleWeekly(bars);
  if (frequencyId === 2) return resampleMonthly(bars);
  return bars;
}

/** The index range [start, end) of bars whose candle time lies within [fromSec, toSec]. */
export function rangeBySeconds(bars: DailyBars, fromSec: number, toSec: number): [number, number] {
  const start = firstDayAtOrAfter(bars.day, Math.ceil(fromSec / SECONDS_PER_DAY));
  const end = firstDayAtOrAfter(bars.day, Math.floor(toSec / SECONDS_PER_DAY) + 1);
  return [start, Math.max(start, end)];
}

/** Serializes bars [start, end) as a JSON array of candles, as UTF-8 bytes, straight from the typed
 *  arrays. The text is exactly what JSON.stringify would print for the same candle objects (NaN and
 *  ±∞ as null), but no object or string is made per candle: 20 years of daily candles (~5,000) take a
 *  fraction of a millisecond and leave almost no garbage, where objects + JSON.stringify cost several. */
export function candlesJson(bars: DailyBars, start = 0, end = bars.day.length): Buffer {
  const { day, open, high, low, close, volume } = bars;
  const w = new JsonWriter(Math.max(0, end - start) * 140 + 2);
  w.byte(0x5b); // [
  for (let i = start; i < end; i++) {
    if (i > start) w.byte(0x2c); // ,
    w.ascii('{"time":');
    w.int(day[i] * SECONDS_PER_DAY);
    w.ascii(',"open":');
    w.number(open[i]);
    w.ascii(',"high":');
    w.number(high[i]);
    w.ascii(',"low":');
    w.number(low[i]);
    w.ascii(',"close":');
    w.number(close[i]);
    w.ascii(',"volume":');
    w.number(volume[i]);
    w.byte(0x7d); // }
  }
  w.byte(0x5d); // ]
  return w.done();
}

const FRACTION_DIGITS = 4; // prices are stored in cents, or 1/100 cent below $1

/** Appends JSON tokens to a growing byte buffer. */
class JsonWriter {
  private buf: Buffer;
  private at = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(Math.max(64, capacity));
  }

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  byte(b: number) {
    this.room(1);
    this.buf[this.at++] = b;
  }

  ascii(s: string) {
    this.room(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.at++] = s.charCodeAt(i);
  }

  /** A non-negative or negative whole number below 2^53, in decimal digits. */
  int(n: number) {
    this.room(22);
    if (n < 0) {
      this.buf[this.at++] = 0x2d; // -
      n = -n;
    }
    let digits = 1;
    for (let p = 10; p <= n; p *= 10) digits++;
    for (let k = digits - 1; k >= 0; k--) {
      const q = Math.floor(n / 10);
      this.buf[this.at + k] = 0x30 + (n - q * 10);
      n = q;
    }
    this.at += digits;
  }

  /** A number as JSON.stringify prints it. Whole numbers and values with at most 4 decimals (all
   *  stored prices) are written from integers; anything else falls back to the engine's formatting. */
  number(x: number) {
    if (!Number.isFinite(x)) return this.ascii('null');
    if (Number.isInteger(x) && Math.abs(x) < 2 ** 53) return this.int(x);
    const scaled = Math.round(x * 10 ** FRACTION_DIGITS);
    // Exact when the 4-decimal fraction names the same double; then it is also the shortest form,
    // since no other decimal with ≤ 4 fraction digits maps to it below 1e11.
    if (Math.abs(x) >= 1e-4 && Math.abs(x) < 1e11 && scaled / 10 ** FRACTION_DIGITS === x) {
      const negative = scaled < 0;
      const abs = negative ? -scaled : scaled;
      const whole = Math.floor(abs / 10 ** FRACTION_DIGITS);
      let frac = abs - whole * 10 ** FRACTION_DIGITS;
      if (negative) this.byte(0x2d);
      this.int(whole);
      let digits = FRACTION_DIGITS;
      while (frac % 10 === 0) {
        frac /= 10;
        digits--;
      }
      this.room(digits + 1);
      this.buf[this.at++] = 0x2e; // .
      for (let k = digits - 1; k >= 0; k--) {
        const q = Math.floor(frac / 10);
        this.buf[this.at + k] = 0x30 + (frac - q * 10);
        frac = q;
      }
      this.at += digits;
      return;
    }
    this.ascii(String(x));
  }

  done(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}
