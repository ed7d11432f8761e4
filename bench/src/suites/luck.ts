// "Is it luck?" budgets (docs/benchmarks.md, "Is it luck"): the Probability of Backtest Overfitting of a 400-cell
// grid on 5,000 bars within twice the grid's own time, the grid and the PBO both on every engine
// thread as the server runs them; the trade Monte Carlo of 200 trades within 50 ms.
import { monteCarlo, parseGrid, seededRandom, type GridInput, type TemplateInput } from '@app/quant';
import { EnginePool, evaluateGrid, evaluateGridBlocks, gridPbo, tradedBlocks } from '@app/server/testing';
import { syntheticBars } from '../data.ts';
import { interleavedMedianMs, medianMs, type BenchResult, type BenchSuite } from '../report.ts';

const rsiTemplate: TemplateInput = {
  position_size: 0.9999,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
  ],
};
const range = (n: number, from: number, step = 1) => Array.from({ length: n }, (_, i) => from + i * step);

export default {
  name: 'luck',
  async run() {
    const results: BenchResult[] = [];
    const pool = new EnginePool();
    try {
      const bars = syntheticBars(5_000, 7);
      const grid: GridInput = { maximize: 'Sharpe Ratio', params: [{ row: 0, field: 'period', values: range(20, 5) }, { row: 0, field: 'cvalue', values: range(20, 10, 2).map(String) }] };
      const g = parseGrid(grid, rsiTemplate);
      // the server evaluates the grid once, with every cell's daily returns summed per block: what the
      // PBO adds to a run is that grid's extra time over the plain one, and the splits
      const [plainMs, blocksMs] = await interleavedMedianMs([() => evaluateGrid(pool, bars, rsiTemplate, grid, g), () => evaluateGridBlocks(pool, bars, rsiTemplate, grid, g)], 9, 3);
      const { values, blocks } = await evaluateGridBlocks(pool, bars, rsiTemplate, grid, g);
      const traded = tradedBlocks(values, blocks);
      // as many warm-up runs as the grid had (three rounds of two grids): the engine threads compile
      // the splits' loops while they run them, and on two busy cores the optimised code arrives only
      // after a few runs (a server's threads are warm after its first optimisations)
      const pboMs = await medianMs(() => gridPbo(pool, traded), 9, 6);
      const luckMs = Math.max(0, blocksMs - plainMs) + pboMs;
      results.push({ name: `400-cell grid on 5,000 bars (${traded?.cells ?? 0} cells with trades), ${pool.threads} threads`, value: plainMs, unit: 'ms' });
      results.push({ name: '… its PBO (12,870 splits of 16 blocks)', value: pboMs, unit: 'ms' });
      results.push({ name: '… the daily returns the PBO needs (extra grid time)', value: Math.max(0, blocksMs - plainMs), unit: 'ms' });
      results.push({ name: 'PBO ÷ the grid’s own time', value: luckMs / plainMs, unit: '×', budget: { limit: 2, better: 'lower' } });

      // 200 trades, a small edge and a wide spread
      const random = seededRandom(3);
      const returns = Float64Array.from({ length: 200 }, () => 0.004 + (random() - 0.5) * 0.08);
      const mcMs = await medianMs(() => monteCarlo(returns, { cash: 10_000 }), 25, 5);
      results.push({ name: 'trade Monte Carlo, 200 trades × 1,000 resamples (bootstrap and shuffle)', value: mcMs, unit: 'ms', budget: { limit: 50, better: 'lower' } });
    } finally {
      await pool.close();
    }
    return results;
  },
} satisfies BenchSuite;
