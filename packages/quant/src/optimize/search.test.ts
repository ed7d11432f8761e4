import { describe, expect, it } from 'vitest';
import type { TemplateInput } from '../template.ts';
import { barsFromCsv, goldensMissing, haveGoldens, readGolden } from '../test/goldens.ts';
import { barsArb } from '../test/arbitraries.ts';
import fc from 'fast-check';
import { GridError, parseGrid, type GridInput } from './grid.ts';
import { evaluateCells, optimize } from './optimize.ts';
import { createSearch, evaluateCellList, search, searchGrid } from './search.ts';
import { foldWindows, parseWalkForward, walkForward } from './walkForward.ts';

/** Runs a search over a synthetic objective of the cells' value indices. */
function searchSynthetic(radix: number[], budget: number, seed: number, f: (digits: number[]) => number) {
  const s = createSearch(radix, { budget, seed });
  const digitsOf = (cell: number) => {
    const out: number[] = [];
    for (let k = radix.length - 1; k >= 0; k--) {
      out[k] = cell % radix[k];
      cell = Math.floor(cell / radix[k]);
    }
    return out;
  };
  for (let batch = s.next(); batch.length; batch = s.next()) s.tell(batch, batch.map((c) => f(digitsOf(c))));
  return { cells: s.cells, values: s.values, digitsOf };
}

const rsi: TemplateInput = {
  position_size: 0.9999,
  indicators: [
    { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' },
    { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' },
  ],
};
const range = (n: number, from: number, step = 1) => Array.from({ length: n }, (_, i) => Math.round((from + i * step) * 1e9) / 1e9);

describe('model-based search', () => {
  it('finds a planted optimum in a 2,000,000-cell space with 2,000 evaluations, past decoys', () => {
    const radix = [200, 200, 50];
    const peak = [137, 41, 33];
    // a broad bowl around the planted cell, two lower decoy peaks elsewhere, and a ripple too small
    // to move the maximum (one step from the peak costs the bowl at least 0.001)
    const f = (d: number[]) => {
      const dist = (p: number[]) => d.reduce((s, x, k) => s + ((x - p[k]) / radix[k]) ** 2, 0);
      return Math.max(10 - 40 * dist(peak), 8 - 400 * dist([20, 170, 5]), 7 - 400 * dist([180, 180, 45])) + 0.0002 * Math.sin(d[0] * 1.7 + d[1] * 0.9);
    };
    for (const seed of [1, 2, 3]) {
      const { cells, values, digitsOf } = searchSynthetic(radix, 2000, seed, f);
      expect(cells).toHaveLength(2000);
      expect(new Set(cells).size).toBe(2000);
      const best = cells[values.indexOf(Math.max(...values))];
      expect(digitsOf(best)).toEqual(peak);
    }
  });

  it('gives the same cells for the same seed, and other cells for another', () => {
    const f = (d: number[]) => Math.sin(d[0] / 7) + Math.cos(d[1] / 5);
    const a = searchSynthetic([100, 100], 300, 42, f);
    const b = searchSynthetic([100, 100], 300, 42, f);
    const c = searchSynthetic([100, 100], 300, 43, f);
    expect(a.cells).toEqual(b.cells);
    expect(a.cells).not.toEqual(c.cells);
  });

  it('tries every cell once when the budget covers the space', () => {
    const { cells } = searchSynthetic([7, 9], 1000, 5, (d) => d[0] - d[1]);
    expect([...cells].sort((x, y) => x - y)).toEqual(range(63, 0));
  });

  it("on bars: a tried cell's value is the grid's value of that cell, and one seed gives the same cells", () => {
    fc.assert(
      fc.property(barsArb(80, 200), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (bars, seed) => {
        const input: GridInput = { maximize: 'Return [%]', params: [{ rows: [0, 1], field: 'period', values: range(20, 2) }, { row: 0, field: 'cvalue', values: range(10, 20, 5) }] };
        const grid = parseGrid(input, rsi);
        const whole = evaluateCells(bars, grid, 0, grid.cells);
        const run = searchGrid(bars, grid, { budget: 40, seed });
        expect(run.cells).toHaveLength(40);
        run.cells.forEach((cell, i) => expect(run.values[i]).toEqual(whole[cell]));
        expect(searchGrid(bars, grid, { budget: 40, seed }).cells).toEqual(run.cells);
      }),
      { numRuns: 10 },
    );
  });

  it('evaluates a list of cells to the values of a grid run over them', () => {
    fc.assert(
      fc.property(barsArb(80, 200), fc.array(fc.integer({ min: 0, max: 59 }), { minLength: 1, maxLength: 12 }), (bars, cells) => {
        const grid = parseGrid({ maximize: 'Sharpe Ratio', params: [{ row: 0, field: 'period', values: range(6, 3) }, { row: 0, field: 'cvalue', values: range(10, 20, 3) }] }, rsi);
        const whole = evaluateCells(bars, grid, 0, grid.cells);
        expect(Array.from(evaluateCellList(bars, grid, cells))).toEqual(cells.map((c) => whole[c]));
      }),
      { numRuns: 15 },
    );
  });

  it('with a budget of every cell, finds the grid\'s best cell and statistics; walk-forward folds too', () => {
    fc.assert(
      fc.property(barsArb(200, 320), fc.integer({ min: 0, max: 1000 }), (bars, seed) => {
        const input: GridInput = { maximize: 'Sharpe Ratio', params: [{ row: 0, field: 'period', values: range(5, 3) }, { row: 0, field: 'cvalue', values: range(4, 25, 5) }] };
        const grid = optimize(bars, rsi, input);
        const found = search(bars, rsi, input, { budget: 20, seed });
        expect(found.best).toEqual(grid.best);
        const g = parseGrid(input, rsi);
        const spec = parseWalkForward({ folds: 2 });
        expect(walkForward(bars, g, spec, { search: { budget: 20, seed } })).toEqual(walkForward(bars, g, spec));
      }),
      { numRuns: 10 },
    );
  });

  it('walk-forward with a search picks each fold\'s winner among the cells that fold tried', () => {
    const close = Float64Array.from({ length: 400 }, (_, i) => 100 + 10 * Math.sin(i / 7) + i * 0.05);
    const bars = { day: Int32Array.from({ length: 400 }, (_, i) => 18_000 + i), open: close, high: close, low: close, close, volume: new Float64Array(400).fill(1) };
    const input: GridInput = { maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: range(30, 2) }, { row: 0, field: 'cvalue', values: range(30, 20, 1) }] };
    const g = parseGrid(input, rsi);
    const spec = parseWalkForward({ folds: 3 });
    const r = walkForward(bars, g, spec, { search: { budget: 60, seed: 9 } });
    foldWindows(400, spec).forEach((w, k) => {
      const tried = searchGrid(bars, g, { budget: 60, seed: 9, window: w.inSample });
      const values = Array.from(tried.values).filter((v) => !Number.isNaN(v));
      expect(r.folds[k].in_sample_value).toBe(values.length ? Math.max(...values) : null);
    });
  });

  it('searches a space past the grid limit, which a grid refuses', () => {
    const input: GridInput = { maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: range(500, 2) }, { row: 1, field: 'period', values: range(500, 2) }] };
    expect(() => parseGrid(input, rsi)).toThrow(GridError);
    const close = Float64Array.from({ length: 300 }, (_, i) => 100 + 10 * Math.sin(i / 9));
    const bars = { day: Int32Array.from({ length: 300 }, (_, i) => 18_000 + i), open: close, high: close, low: close, close, volume: new Float64Array(300).fill(1) };
    const r = search(bars, rsi, input, { budget: 30, seed: 7 });
    expect(r.heatmap).toHaveLength(30);
    expect(r.cells.every((c) => c >= 0 && c < 250_000)).toBe(true);
  });
});

describe.skipIf(!haveGoldens)('search finds a top-1 % cell with 5 % of the cells (median over 10 seeds)', () => {
  it('RSI period 2–101 × threshold 10.0–59.5 step 0.5, Sharpe, AAPL 2010–2021', () => {
    const name = 'AAPL_2010_2021_rsi_2d_sharpe';
    const bars = barsFromCsv(readGolden('optimize', name, 'data.csv'));
    const template = JSON.parse(readGolden('optimize', name, 'template.json'));
    const grid = parseGrid({ maximize: 'Sharpe Ratio', params: [{ row: 0, field: 'period', values: range(100, 2) }, { row: 0, field: 'cvalue', values: range(100, 10, 0.5) }] }, template);
    expect(grid.cells).toBe(10_000);
    const all = evaluateCells(bars, grid, 0, grid.cells);
    const ranks = Array.from({ length: 10 }, (_, k) => {
      const run = searchGrid(bars, grid, { budget: 500, seed: k + 1 });
      const best = Math.max(...Array.from(run.values).filter((v) => !Number.isNaN(v)));
      // the share of the grid's cells strictly better than the best cell found
      return all.filter((v) => v > best).length / grid.cells;
    }).sort((a, b) => a - b);
    expect(ranks[4]).toBeLessThan(0.01);
    expect(ranks[5]).toBeLessThan(0.01);
  }, 60_000);
});

describe.runIf(!haveGoldens)('search finds a top-1 % cell with 5 % of the cells (median over 10 seeds)', () => {
  it.skip(goldensMissing, () => {});
});
