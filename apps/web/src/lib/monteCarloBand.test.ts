import { describe, expect, it } from 'vitest';
import type { IChartApi } from 'lightweight-charts';
import { addMonteCarloBand } from './monteCarloBand.ts';

// The band's two lines never scale the equity axis: a lucky 95th percentile far above the curve
// would flatten the curve the chart is for. The axis follows the equity; the band clips.

describe('Monte Carlo band', () => {
  it('adds two lines that take no part in the price axis range', () => {
    const added: { options: Record<string, unknown>; pane: number; points: unknown[] }[] = [];
    const chart = {
      addSeries: (_type: unknown, options: Record<string, unknown>, pane: number) => {
        const s = { options, pane, points: [] as unknown[] };
        added.push(s);
        return { setData: (points: unknown[]) => (s.points = points) };
      },
    } as unknown as IChartApi;
    addMonteCarloBand(chart, { time: [1, 2, 3], p5: [9_000, 9_500, 9_800], p50: [10_000, 11_000, 12_000], p95: [11_000, 40_000, 80_000] }, 0, 'Band');
    expect(added).toHaveLength(2);
    for (const s of added) {
      expect(typeof s.options.autoscaleInfoProvider).toBe('function');
      expect((s.options.autoscaleInfoProvider as () => unknown)()).toBeNull();
      expect(s.points).toHaveLength(3);
    }
  });
});
