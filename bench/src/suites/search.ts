// Model-based search against its budgets (docs/search.md): with 5 % of a space's
// cells it must find a cell in the top 1 % of the exhaustive grid (median over 10 seeds) on two
// public reference series, and search a 1,000,000-cell space with 2,000 evaluations in 10 s. The
// exhaustive grids are run here, in the same process, to rank what the search found.
import { evaluateCells, parseGrid, search, searchGrid, MAX_SEARCH_CELLS, type DailyBars, type GridInput, type TemplateInput } from '@app/quant';
import { referenceCase } from '../data.ts';
import { type BenchResult, type BenchSuite } from '../report.ts';

const SEEDS = 10;
const range = (n: number, from: number, step = 1) => Array.from({ length: n }, (_, i) => Math.round((from + i * step) * 1e9) / 1e9);

/** The median over seeds of the share of the grid's cells strictly better than the search's best. */
function medianTopShare(bars: DailyBars, template: TemplateInput, input: GridInput, budget: number): { share: number; exhaustiveMs: number; searchMs: number } {
  const grid = parseGrid(input, template);
  let t = performance.now();
  const all = evaluateCells(bars, grid, 0, grid.cells, { series: new Map() });
  const exhaustiveMs = performance.now() - t;
  const ordered = Float64Array.from(all, (v) => (Number.isNaN(v) ? -Infinity : v * grid.direction)).sort();
  t = performance.now();
  const shares = Array.from({ length: SEEDS }, (_, k) => {
    const run = searchGrid(bars, grid, { budget, seed: k + 1 });
    const best = Math.max(...Array.from(run.values, (v) => (Number.isNaN(v) ? -Infinity : v * grid.direction)));
    let better = 0;
    for (let i = ordered.length - 1; i >= 0 && ordered[i] > best; i--) better++;
    return better / grid.cells;
  }).sort((a, b) => a - b);
  return { share: (shares[(SEEDS - 1) >> 1] + shares[SEEDS >> 1]) / 2, exhaustiveMs, searchMs: (performance.now() - t) / SEEDS };
}

export default {
  name: 'search',
  async run() {
    const results: BenchResult[] = [];
    const aapl = referenceCase('AAPL_2010_2021_rsi_2d_sharpe', 'optimize');
    if (aapl) {
      const input: GridInput = { maximize: 'Sharpe Ratio', params: [{ row: 0, field: 'period', values: range(100, 2) }, { row: 0, field: 'cvalue', values: range(100, 10, 0.5) }] };
      const r = medianTopShare(aapl.bars, aapl.input, input, 500);
      results.push({ name: 'RSI period × threshold, 10,000 cells (Sharpe), 500 evaluations: best found, share of cells better (median of 10 seeds)', value: r.share * 100, unit: '%', budget: { limit: 1, better: 'lower' } });
      results.push({ name: 'RSI 10,000-cell search of 500 evaluations', value: r.searchMs, unit: 'ms', baseline: { name: 'the exhaustive grid, this thread', value: r.exhaustiveMs } });
    }
    const msft = referenceCase('MSFT_2005_2015_macd_cross', 'strategy');
    if (msft) {
      const macd = (extra: GridInput['params']): GridInput => ({
        maximize: 'Return [%]',
        params: [{ rows: [0, 1], field: 'fast', values: range(40, 2) }, { rows: [0, 1], field: 'slow', values: range(125, 42) }, { field: 'stop_loss_pct', values: range(20, 0.01, 0.01) }, ...extra],
      });
      const r = medianTopShare(msft.bars, msft.input, macd([]), 5000);
      results.push({ name: 'MACD cross fast × slow × stop loss, 100,000 cells (Return), 5,000 evaluations: share of cells better (median of 10 seeds)', value: r.share * 100, unit: '%', budget: { limit: 1, better: 'lower' } });
      results.push({ name: 'MACD 100,000-cell search of 5,000 evaluations', value: r.searchMs, unit: 'ms', baseline: { name: 'the exhaustive grid, this thread', value: r.exhaustiveMs } });
      // × take profit 5–50 %: 1,000,000 cells, past the grid limit
      const big = macd([{ field: 'take_profit_pct', values: range(10, 0.05, 0.05) }]);
      if (parseGrid(big, msft.input, { maxCells: MAX_SEARCH_CELLS }).cells !== 1_000_000) throw new Error('the big space should have 1,000,000 cells');
      const t = performance.now();
      search(msft.bars, msft.input, big, { budget: 2000, seed: 1 });
      results.push({ name: '1,000,000-cell MACD space, 2,000 evaluations, this thread', value: performance.now() - t, unit: 'ms', budget: { limit: 10_000, better: 'lower' } });
    }
    return results;
  },
} satisfies BenchSuite;
