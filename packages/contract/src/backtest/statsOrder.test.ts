import { describe, expect, it } from 'vitest';
import { backtest, parseDay, type DailyBars } from '@app/quant';
import { orderedStats, STATS_ORDER } from './run.ts';

function bars(n: number): DailyBars {
  const start = parseDay('2021-01-04');
  const close = Float64Array.from({ length: n }, (_, i) => 100 + 10 * Math.sin(i / 5));
  return { day: Int32Array.from({ length: n }, (_, i) => start + i), open: close.slice(), high: close.map((c) => c + 1), low: close.map((c) => c - 1), close, volume: new Float64Array(n).fill(100) };
}

describe('the statistics’ order', () => {
  it('is the order the engine writes a single backtest’s statistics in', () => {
    const { stats } = backtest(bars(120), { position_size: 0.99, commission: 0.001, indicators: [{ name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: 40 }, { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: 60 }] });
    expect(Object.keys(stats)).toEqual([...STATS_ORDER]);
  });
  it('puts statistics read back from a JSON column (keys by length) back in that order, others last', () => {
    const jumbled = Object.fromEntries([...STATS_ORDER].sort((a, b) => a.length - b.length || a.localeCompare(b)).map((k, i) => [k, i]));
    expect(Object.keys(jumbled).slice(0, 4)).toEqual(['End', 'SQN', 'Beta', 'Start']);
    const withExtra = { Extra: 1, ...jumbled };
    expect(orderedStats(withExtra).map(([k]) => k)).toEqual([...STATS_ORDER, 'Extra']);
  });
});
