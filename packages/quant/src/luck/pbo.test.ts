import { describe, expect, it } from 'vitest';
import { combinePbo, halfSplits, pboPart, probabilityOfOverfitting, seededRandom, type BlockSums } from './index.ts';
import { sharpeFromSums } from './moments.ts';

// The PBO's walk over the splits (a tree of block pairs, both halves of a split in one pass, cells
// that trade alike walked once) against the plainest enumeration of the same definition: every
// split on its own, every cell's sums added block by block. Block sums are small integers, so every
// sum is exact whatever the order of the additions, and cells tie often, in one half or in both.

/** Random integer block sums: `cells` cells of `blocks` blocks of 20 returns; some cells copy
 *  another's blocks, all of them (twins) or some (cells that differ in a few trades only). */
function integerGrid(seed: number, cells: number, blocks: number): BlockSums {
  const random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const sums = new Float64Array(cells * blocks);
  const squares = new Float64Array(cells * blocks);
  for (let c = 0; c < cells; c++) {
    const like = c > 0 && random() < 0.4 ? int(0, c - 1) : -1;
    const flat = random() < 0.05; // never trades: no variance anywhere
    for (let b = 0; b < blocks; b++) {
      const copy = like >= 0 && random() < 0.7;
      sums[b * cells + c] = flat ? 0 : copy ? sums[b * cells + like] : int(-3, 3);
      squares[b * cells + c] = flat ? 0 : copy ? squares[b * cells + like] : int(10, 13);
    }
  }
  return { cells, blocks, sums, squares, counts: new Float64Array(blocks).fill(20) };
}

/** Every split on its own: the in-sample best is the first cell of the highest Sharpe ratio, ordered
 *  as the walk orders them (by its signed square, which needs no square root: s·|s| / (n·q − s²),
 *  0 without variance), and its out-of-sample rank counts equals as half a place each. */
function plainPbo(s: BlockSums) {
  const { cells, blocks, counts } = s;
  const key = (n: number, sum: number, sq: number) => {
    const d = n * sq - sum * sum;
    return d > 1e-300 ? (sum * Math.abs(sum)) / d : 0;
  };
  let below = 0;
  let losses = 0;
  const xs: number[] = [];
  const ys: number[] = [];
  const splits = halfSplits(blocks);
  for (const mask of splits) {
    const half = (inSample: boolean) =>
      Array.from({ length: cells }, (_, c) => {
        let n = 0;
        let sum = 0;
        let sq = 0;
        for (let b = 0; b < blocks; b++) {
          if ((((mask >> b) & 1) === 1) !== inSample) continue;
          n += counts[b];
          sum += s.sums[b * cells + c];
          sq += s.squares[b * cells + c];
        }
        return { n, sum, sq, key: key(n, sum, sq) };
      });
    const is = half(true);
    const oos = half(false);
    let best = 0;
    for (let c = 1; c < cells; c++) if (is[c].key > is[best].key) best = c;
    const v = oos[best].key;
    const rank = 1 + oos.filter((o) => o.key < v).length + (oos.filter((o) => o.key === v).length - 1) / 2;
    const omega = rank / (cells + 1);
    if (Math.log(omega / (1 - omega)) <= 0) below++;
    const y = sharpeFromSums(oos[best].n, oos[best].sum, oos[best].sq);
    if (y < 0) losses++;
    xs.push(sharpeFromSums(is[best].n, is[best].sum, is[best].sq));
    ys.push(y);
  }
  const mx = xs.reduce((a, x) => a + x, 0) / xs.length;
  const my = ys.reduce((a, y) => a + y, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
  });
  return { pbo: below / splits.length, oosLossShare: losses / splits.length, slope: sxx > 1e-30 ? sxy / sxx : 0, splits: splits.length };
}

describe('the PBO walk against a plain enumeration of every split', () => {
  it('gives the same PBO, ties and twins included, on 16 blocks', () => {
    for (const seed of [1, 2, 3]) {
      const grid = integerGrid(seed, 30, 16);
      const fast = probabilityOfOverfitting(grid);
      const plain = plainPbo(grid);
      expect(fast.splits).toBe(plain.splits);
      expect(fast.pbo).toBe(plain.pbo);
      expect(fast.oosLossShare).toBe(plain.oosLossShare);
      expect(fast.slope).toBeCloseTo(plain.slope, 9);
    }
  });

  it('gives the same PBO on other block counts, walked in parts as threads walk them', () => {
    for (const blocks of [6, 8, 10, 12]) {
      const grid = integerGrid(10 + blocks, 24, blocks);
      const pairs = halfSplits(blocks).length / 2;
      const cut = Math.floor(pairs / 3);
      const fast = combinePbo([pboPart(grid, 0, cut), pboPart(grid, cut, pairs)], grid.cells);
      const plain = plainPbo(grid);
      expect(fast.pbo).toBe(plain.pbo);
      expect(fast.oosLossShare).toBe(plain.oosLossShare);
    }
  });

  it('sees ties: the grids have cells equal in one half of some split but not in the other', () => {
    // guards the test itself: without such cells it would not check how ties break
    const grid = integerGrid(1, 30, 16);
    const at = (c: number, b: number) => [grid.sums[b * grid.cells + c], grid.squares[b * grid.cells + c]].join();
    let partial = 0;
    for (let c = 0; c < grid.cells; c++) {
      for (let k = 0; k < c; k++) {
        const same = Array.from({ length: 16 }, (_, b) => at(c, b) === at(k, b)).filter(Boolean).length;
        if (same >= 8 && same < 16) partial++;
      }
    }
    expect(partial).toBeGreaterThan(3);
  });
});
