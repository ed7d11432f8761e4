import type { Candle } from '@app/contract';
import { indicators } from '@app/quant';

// Candles → the line and bar data the chart draws. The math is @app/quant's (the scanner's and the
// backtester's); this module only converts arrays, drops warm-up NaNs, rounds (spec §9: SMA/EMA 2
// decimals, MACD 6) and applies the spec §5 guards.

export interface TimeValue {
  time: number;
  value: number;
}
export interface ColoredValue extends TimeValue {
  color: string;
}

export const VOLUME_UP = 'rgba(0,150,136,0.5)';
export const VOLUME_DOWN = 'rgba(255,82,82,0.5)';
export const CANDLE_UP = '#26a69a';
export const CANDLE_DOWN = '#ef5350';

const round2 = (x: number) => Math.round(x * 100) / 100;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Candles with every field coerced to a number (spec §3), volume 0 when absent. */
export function normalizeCandles(raw: readonly unknown[]): Candle[] {
  const out: Candle[] = [];
  for (const r of raw) {
    const c = r as Record<string, unknown>;
    const time = Number(c.time);
    const open = Number(c.open);
    const high = Number(c.high);
    const low = Number(c.low);
    const close = Number(c.close);
    if (![time, open, high, low, close].every(Number.isFinite)) continue;
    const volume = Number(c.volume);
    out.push({ time, open, high, low, close, volume: Number.isFinite(volume) ? volume : 0 });
  }
  return out;
}

export function closes(candles: readonly Candle[]): Float64Array {
  const a = new Float64Array(candles.length);
  for (let i = 0; i < candles.length; i++) a[i] = candles[i].close;
  return a;
}

function volumes(candles: readonly Candle[]): Float64Array {
  const a = new Float64Array(candles.length);
  for (let i = 0; i < candles.length; i++) a[i] = candles[i].volume ?? 0;
  return a;
}

/** Pairs a series with the candles' times, skipping warm-up NaNs. */
function toLine(candles: readonly Candle[], values: Float64Array, map: (v: number) => number = (v) => v): TimeValue[] {
  const out: TimeValue[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isNaN(v)) out.push({ time: candles[i].time, value: map(v) });
  }
  return out;
}

/** The candles without their volume (the price series' data). */
export function ohlcData(candles: readonly Candle[]): Omit<Candle, 'volume'>[] {
  return candles.map((c) => ({ time: c.time, open: c.open, high: c.high, low: c.low, close: c.close }));
}

export function closeLine(candles: readonly Candle[]): TimeValue[] {
  return candles.map((c) => ({ time: c.time, value: c.close }));
}

/** Spec §3 volume bar: value volume or 0, teal when close >= open, else red. */
export function volumeBars(candles: readonly Candle[]): ColoredValue[] {
  return candles.map((c) => ({ time: c.time, value: c.volume ?? 0, color: c.close >= c.open ? VOLUME_UP : VOLUME_DOWN }));
}

/** SMA/EMA overlay line, 2 decimals; empty unless period > 1 and there are at least `period` candles. */
export function movingAverageLine(candles: readonly Candle[], type: 'SMA' | 'EMA', period: number): TimeValue[] {
  if (!Number.isInteger(period) || period <= 1 || candles.length < period) return [];
  const fn = type === 'SMA' ? indicators.sma : indicators.ema;
  return toLine(candles, fn(closes(candles), period), round2);
}

/** RSI line clamped to 0–100 (100 when the average loss is zero, as the quant package defines it). */
export function rsiLine(candles: readonly Candle[], period: number): TimeValue[] {
  if (candles.length === 0 || !Number.isInteger(period) || period < 1) return [];
  return toLine(candles, indicators.rsi(closes(candles), period), (v) => Math.min(100, Math.max(0, v)));
}

export interface MacdLines {
  macd: TimeValue[];
  signal: TimeValue[];
  histogram: ColoredValue[];
}

/** MACD, signal and histogram, 6 decimals. */
export function macdLines(candles: readonly Candle[], fast: number, slow: number, signal: number): MacdLines {
  if (candles.length === 0) return { macd: [], signal: [], histogram: [] };
  const m = indicators.macd(closes(candles), fast, slow, signal);
  const histogram: ColoredValue[] = [];
  for (let i = 0; i < m.histogram.length; i++) {
    const v = m.histogram[i];
    if (Number.isNaN(v)) continue;
    const value = round6(v);
    histogram.push({ time: candles[i].time, value, color: value >= 0 ? VOLUME_UP : VOLUME_DOWN });
  }
  return { macd: toLine(candles, m.macd, round6), signal: toLine(candles, m.signal, round6), histogram };
}

export function obvLine(candles: readonly Candle[]): TimeValue[] {
  if (candles.length === 0) return [];
  return toLine(candles, indicators.obv(closes(candles), volumes(candles)));
}

function hlc(candles: readonly Candle[]) {
  return { high: Float64Array.from(candles, (c) => c.high), low: Float64Array.from(candles, (c) => c.low), close: closes(candles) };
}

/** Stochastic %K and %D, 2 decimals: the strategy language's STOCH (a template's `k` and `d`). */
export function stochLines(candles: readonly Candle[], period: number, kSmooth: number, dPeriod: number): { k: TimeValue[]; d: TimeValue[] } {
  if (candles.length === 0) return { k: [], d: [] };
  const { high, low, close } = hlc(candles);
  const s = indicators.stoch(high, low, close, period, kSmooth, dPeriod);
  return { k: toLine(candles, s.k, round2), d: toLine(candles, s.d, round2) };
}

/** ADX with +DI and −DI, 2 decimals (a template's `adx`, `plus_di`, `minus_di`). */
export function adxLines(candles: readonly Candle[], period: number): { adx: TimeValue[]; plusDi: TimeValue[]; minusDi: TimeValue[] } {
  if (candles.length === 0) return { adx: [], plusDi: [], minusDi: [] };
  const { high, low, close } = hlc(candles);
  const d = indicators.adx(high, low, close, period);
  return { adx: toLine(candles, d.adx, round2), plusDi: toLine(candles, d.plusDi, round2), minusDi: toLine(candles, d.minusDi, round2) };
}

/** CCI, 2 decimals. */
export function cciLine(candles: readonly Candle[], period: number): TimeValue[] {
  if (candles.length === 0) return [];
  const { high, low, close } = hlc(candles);
  return toLine(candles, indicators.cci(high, low, close, period), round2);
}

/** Bollinger Bands (middle, upper, lower), 2 decimals: a template's BBANDS lines. */
export function bollingerLines(candles: readonly Candle[], period: number, stddev: number): { middle: TimeValue[]; upper: TimeValue[]; lower: TimeValue[] } {
  if (candles.length === 0 || !Number.isInteger(period) || period < 1) return { middle: [], upper: [], lower: [] };
  const b = indicators.bbands(closes(candles), period, stddev);
  return { middle: toLine(candles, b.middle, round2), upper: toLine(candles, b.upper, round2), lower: toLine(candles, b.lower, round2) };
}
