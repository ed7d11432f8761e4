import { describe, expect, it } from 'vitest';
import { indicators } from '@app/quant';
import { macdLines, movingAverageLine, normalizeCandles, obvLine, rsiLine, volumeBars, VOLUME_DOWN, VOLUME_UP } from './series.ts';

// A deterministic walk of daily candles (no randomness: a test must give the same answer every run).
const candles = Array.from({ length: 300 }, (_, i) => {
  const close = 100 + 10 * Math.sin(i / 7) + i * 0.05;
  const open = close + (i % 3 === 0 ? 0.7 : -0.4);
  return { time: 1_600_000_000 + i * 86_400, open, high: Math.max(open, close) + 1, low: Math.min(open, close) - 1, close, volume: 1000 + i };
});
const closes = Float64Array.from(candles, (c) => c.close);

describe('candles to chart data', () => {
  it('coerces fields to numbers, volume 0 when absent, drops unreadable rows', () => {
    expect(normalizeCandles([{ time: '10', open: '1', high: '2', low: '0.5', close: '1.5' }, { time: 'x', open: 1, high: 1, low: 1, close: 1 }])).toEqual([
      { time: 10, open: 1, high: 2, low: 0.5, close: 1.5, volume: 0 },
    ]);
  });
  it('volume bars: value, teal when close >= open, red otherwise', () => {
    const bars = volumeBars([
      { time: 1, open: 1, high: 1, low: 1, close: 1, volume: 5 },
      { time: 2, open: 2, high: 2, low: 1, close: 1 },
    ]);
    expect(bars).toEqual([
      { time: 1, value: 5, color: 'rgba(0,150,136,0.5)' },
      { time: 2, value: 0, color: 'rgba(255,82,82,0.5)' },
    ]);
    expect([VOLUME_UP, VOLUME_DOWN]).toEqual(['rgba(0,150,136,0.5)', 'rgba(255,82,82,0.5)']);
  });
  it('every indicator is empty for empty data', () => {
    expect(movingAverageLine([], 'SMA', 20)).toEqual([]);
    expect(rsiLine([], 14)).toEqual([]);
    expect(obvLine([])).toEqual([]);
    expect(macdLines([], 12, 26, 9)).toEqual({ macd: [], signal: [], histogram: [] });
  });
  it('SMA/EMA need a period above 1 and at least that many candles', () => {
    expect(movingAverageLine(candles, 'SMA', 1)).toEqual([]);
    expect(movingAverageLine(candles.slice(0, 19), 'EMA', 20)).toEqual([]);
    expect(movingAverageLine(candles.slice(0, 20), 'EMA', 20)).toHaveLength(1);
  });
  it('SMA/EMA are the quant package values rounded to 2 decimals, from the end of the warm-up', () => {
    for (const [type, fn] of [['SMA', indicators.sma], ['EMA', indicators.ema]] as const) {
      const line = movingAverageLine(candles, type, 20);
      const want = fn(closes, 20);
      expect(line).toHaveLength(candles.length - 19);
      line.forEach((p, k) => {
        expect(p.time).toBe(candles[k + 19].time);
        expect(p.value).toBe(Math.round(want[k + 19] * 100) / 100);
      });
    }
  });
  it('RSI is the quant package RSI within 0–100, and 100 when prices only rise', () => {
    const line = rsiLine(candles, 14);
    const want = indicators.rsi(closes, 14);
    expect(line.map((p) => p.value)).toEqual(Array.from(want.slice(14)));
    for (const p of line) expect(p.value >= 0 && p.value <= 100).toBe(true);
    const rising = candles.map((c, i) => ({ ...c, close: 10 + i }));
    expect(rsiLine(rising, 14).every((p) => p.value === 100)).toBe(true);
  });
  it('MACD is rounded to 6 decimals with a coloured histogram', () => {
    const m = macdLines(candles, 12, 26, 9);
    const want = indicators.macd(closes, 12, 26, 9);
    expect(m.macd.at(-1)!.value).toBe(Math.round(want.macd[299] * 1e6) / 1e6);
    expect(m.signal.at(-1)!.value).toBe(Math.round(want.signal[299] * 1e6) / 1e6);
    expect(m.macd).toHaveLength(300 - 25);
    for (const h of m.histogram) expect(h.color).toBe(h.value >= 0 ? VOLUME_UP : VOLUME_DOWN);
  });
  it('OBV is the quant package OBV', () => {
    const want = indicators.obv(closes, Float64Array.from(candles, (c) => c.volume));
    expect(obvLine(candles).map((p) => p.value)).toEqual(Array.from(want));
  });
});
