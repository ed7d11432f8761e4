import { describe, expect, it } from 'vitest';
import {
  addCellReturns, blockStarts, combinePbo, deflatedSharpe, pboPart, emptyBlockSums, halfSplits, moments, monteCarlo, probabilityOfOverfitting,
  seededRandom, tradeReturns,
} from './index.ts';

/** Seeded standard normals (Box–Muller). */
function normals(random: () => number, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return out;
}

function noiseGrid(seed: number, cells: number, returns: number, edge?: { cell: number; mean: number }) {
  const random = seededRandom(seed);
  const sums = emptyBlockSums(cells, returns);
  for (let c = 0; c < cells; c++) {
    const r = normals(random, returns).map((z) => 0.01 * z + (edge?.cell === c ? edge.mean : 0));
    addCellReturns(sums, c, r);
  }
  return sums;
}

describe('Deflated Sharpe Ratio', () => {
  it("reproduces the paper's worked example", () => {
    // Bailey and López de Prado (2014): annualised SR 2.5 over 1,250 daily returns, 100 trials whose
    // annualised Sharpe ratios vary by 0.5, skewness −3, kurtosis 10 → SR₀ ≈ 0.1132 a day, DSR ≈ 0.9004
    const { dsr, benchmark } = deflatedSharpe({ sharpe: 2.5 / Math.sqrt(250), observations: 1250, trials: 100, sharpeVariance: 0.5 / 250, skew: -3, kurtosis: 10 });
    expect(benchmark).toBeCloseTo(0.1132, 4);
    expect(dsr).toBeCloseTo(0.9004, 4);
  });

  it('is the plain probabilistic Sharpe ratio for one trial, and falls as trials grow', () => {
    const base = { sharpe: 0.05, observations: 1000, sharpeVariance: 0.001, skew: 0, kurtosis: 3 };
    const one = deflatedSharpe({ ...base, trials: 1 }).dsr;
    expect(one).toBeCloseTo(0.9431, 3); // Φ(0.05·√999 / √(1 + 0.5·0.0025))
    expect(deflatedSharpe({ ...base, trials: 10 }).dsr).toBeLessThan(one);
    expect(deflatedSharpe({ ...base, trials: 1000 }).dsr).toBeLessThan(deflatedSharpe({ ...base, trials: 10 }).dsr);
  });

  it('measures skewness and kurtosis as the paper does (population moments, kurtosis 3 for a normal)', () => {
    const m = moments(normals(seededRandom(7), 200_000));
    expect(m.skew).toBeCloseTo(0, 1);
    expect(m.kurtosis).toBeCloseTo(3, 1);
    expect(moments([1, 2, 3, 10]).skew).toBeGreaterThan(0.9);
  });
});

describe('Probability of Backtest Overfitting', () => {
  it('tries every half/half split of 16 blocks', () => {
    const splits = halfSplits(16);
    expect(splits).toHaveLength(12_870);
    expect(new Set(splits).size).toBe(12_870);
    expect(splits.every((m) => m.toString(2).replaceAll('0', '').length === 8)).toBe(true);
  });

  it('is near 50 % on a grid of pure noise', () => {
    // one grid's PBO varies a lot (the splits share their blocks); the mean over grids is near a half
    const runs = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => probabilityOfOverfitting(noiseGrid(seed, 40, 800)));
    const mean = runs.reduce((s, r) => s + r.pbo, 0) / runs.length;
    expect(mean).toBeGreaterThan(0.35);
    expect(mean).toBeLessThan(0.65);
    expect(runs[0].splits).toBe(12_870);
    expect(runs[0].cells).toBe(40);
  });

  /** The PBO of a matrix of 320 daily returns a cell, the plain way: every split's Sharpe ratios from
   *  the returns themselves, the in-sample best's out-of-sample rank with ties in the middle. */
  function plainCscv(matrix: number[][], blocks = 16): number {
    const sharpe = (xs: number[], days: number[]) => {
      let m = 0;
      for (const i of days) m += xs[i];
      m /= days.length;
      let ss = 0;
      for (const i of days) ss += (xs[i] - m) ** 2;
      return m / Math.sqrt(ss / (days.length - 1));
    };
    const starts = blockStarts(320, blocks);
    const blockOf = Array.from({ length: 320 }, (_, i) => starts.findLastIndex((start) => start <= i));
    const n = matrix.length;
    let below = 0;
    const splits = halfSplits(blocks);
    const days = [...blockOf.keys()];
    for (const mask of splits) {
      const inSample = days.filter((i) => (mask >> blockOf[i]) & 1);
      const outOfSample = days.filter((i) => !((mask >> blockOf[i]) & 1));
      const is = matrix.map((r) => sharpe(r, inSample));
      const oos = matrix.map((r) => sharpe(r, outOfSample));
      const best = is.indexOf(Math.max(...is));
      const rank = 1 + oos.filter((v) => v < oos[best]).length + (oos.filter((v) => v === oos[best]).length - 1) / 2;
      if (Math.log(rank / (n + 1) / (1 - rank / (n + 1))) <= 0) below++;
    }
    return below / splits.length;
  }

  const blockSumsOf = (matrix: number[][], blocks = 16) => {
    const sums = emptyBlockSums(matrix.length, 320, blocks);
    matrix.forEach((r, c) => addCellReturns(sums, c, r));
    return sums;
  };

  it('matches a plain CSCV over the returns themselves', () => {
    const random = seededRandom(21);
    const matrix = Array.from({ length: 12 }, (_, c) => Array.from(normals(random, 320), (z) => 0.01 * z + c * 0.0002));
    expect(probabilityOfOverfitting(blockSumsOf(matrix)).pbo).toBeCloseTo(plainCscv(matrix), 12);
  });

  it('walks cells that trade alike once and weighs them: the plain CSCV answer, ties in the middle', () => {
    const random = seededRandom(5);
    const distinct = Array.from({ length: 8 }, (_, c) => Array.from(normals(random, 320), (z) => 0.01 * z + c * 0.0002));
    // cells 8 to 11 repeat cells 1, 1, 4 and 7 (grid cells whose settings lead to the same trades)
    const matrix = [...distinct, distinct[1], distinct[1], distinct[4], distinct[7]];
    const r = probabilityOfOverfitting(blockSumsOf(matrix));
    expect(r.cells).toBe(12);
    expect(r.pbo).toBeCloseTo(plainCscv(matrix), 12);
  });

  it('walks any even number of blocks, an odd half among them, in parts: the plain CSCV answer', () => {
    const random = seededRandom(8);
    const matrix = Array.from({ length: 10 }, (_, c) => Array.from(normals(random, 320), (z) => 0.01 * z + c * 0.0003));
    for (const blocks of [6, 8, 10, 12, 14]) {
      const sums = blockSumsOf(matrix, blocks);
      const pairs = halfSplits(blocks).length / 2;
      const combined = combinePbo([pboPart(sums, 0, 3), pboPart(sums, 3, pairs)], 10);
      expect(combined.splits).toBe(2 * pairs);
      expect(combined.pbo).toBeCloseTo(plainCscv(matrix, blocks), 12);
    }
  });

  it('gives the same answer from parts of the splits (how threads share a grid)', () => {
    const grid = noiseGrid(3, 25, 400);
    const whole = probabilityOfOverfitting(grid);
    // parts count pairs of splits (a half in sample, then the other half)
    const cuts = [0, 1, 2000, 3432, 5000, 6435];
    const parts = cuts.slice(1).map((to, k) => pboPart(grid, cuts[k], to));
    expect(parts.map((p) => p.splits)).toEqual([2, 3998, 2864, 3136, 2870]);
    const combined = combinePbo(parts, 25);
    expect(combined.pbo).toBe(whole.pbo);
    expect(combined.oosLossShare).toBe(whole.oosLossShare);
    expect(combined.slope).toBeCloseTo(whole.slope, 9);
  });

  it('is near 0 % on a grid with one planted real edge', () => {
    const r = probabilityOfOverfitting(noiseGrid(11, 40, 800, { cell: 17, mean: 0.002 }));
    expect(r.pbo).toBeLessThan(0.05);
    expect(r.oosLossShare).toBeLessThan(0.05);
  });
});

describe('trade Monte Carlo', () => {
  const trades = Array.from({ length: 60 }, (_, i) => ({ PnL: ((i * 37) % 11) * 40 - 180 }));
  const returns = tradeReturns(trades, 10_000);

  it('takes each trade as a return on the equity it was opened with', () => {
    expect(returns[0]).toBeCloseTo(-180 / 10_000, 12);
    expect(returns[1]).toBeCloseTo(trades[1].PnL / (10_000 - 180), 12);
  });

  it('gives the same numbers for the same seed, other numbers for another', () => {
    const a = monteCarlo(returns, { seed: 5 });
    expect(monteCarlo(returns, { seed: 5 })).toEqual(a);
    expect(monteCarlo(returns, { seed: 6 })!.bootstrap).not.toEqual(a!.bootstrap);
    expect(monteCarlo([], { seed: 5 })).toBeNull();
  });

  it('matches a plain reference implementation', () => {
    const seed = 99;
    const got = monteCarlo(returns, { seed, cash: 10_000 })!;
    // the reference: the same draws from the same generator, plain arrays, numpy-style percentiles
    const random = seededRandom(seed);
    const pct = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      const h = ((s.length - 1) * p) / 100;
      const lo = Math.floor(h);
      return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
    };
    const run = (seq: number[]) => {
      const eq = [1];
      for (const r of seq) eq.push(Math.max(0, eq[eq.length - 1] * (1 + r)));
      let peak = 1;
      let dd = 0;
      for (const e of eq) {
        peak = Math.max(peak, e);
        dd = Math.max(dd, 1 - e / peak);
      }
      return { final: eq[eq.length - 1], dd, eq };
    };
    const rs = Array.from(returns);
    const boot = Array.from({ length: 1000 }, () => run(rs.map(() => rs[Math.floor(random() * rs.length)])));
    const shuf = Array.from({ length: 1000 }, () => {
      const o = rs.map((_, i) => i);
      for (let k = o.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [o[k], o[j]] = [o[j], o[k]];
      }
      return run(o.map((i) => rs[i]));
    });
    for (const [name, runs] of [['bootstrap', boot], ['shuffle', shuf]] as const) {
      const s = got[name];
      for (const p of [5, 50, 95] as const) {
        expect(s.return_pct[`p${p}`]).toBeCloseTo(pct(runs.map((x) => (x.final - 1) * 100), p), 9);
        expect(s.max_drawdown_pct[`p${p}`]).toBeCloseTo(pct(runs.map((x) => -x.dd * 100), p), 9);
      }
      expect(s.loss_share).toBe(runs.filter((x) => x.final < 1).length / 1000);
    }
    // every shuffle ends where the backtest ended
    expect(got.shuffle.return_pct.p5).toBeCloseTo(got.shuffle.return_pct.p95, 9);
    expect(got.band.p50).toHaveLength(61);
    expect(got.band.p50[0]).toBe(10_000);
    expect(got.band.p95[60]).toBeCloseTo(pct(boot.map((x) => x.eq[60]), 95) * 10_000, 6);
    expect(got.band.p5[30]).toBeCloseTo(pct(boot.map((x) => x.eq[30]), 5) * 10_000, 6);
  });
});
