// The Probability of Backtest Overfitting (Bailey, Borwein, López de Prado and Zhu, "The Probability of
// Backtest Overfitting", 2015), by combinatorially symmetric cross-validation: the daily returns of
// every cell are cut into S blocks; for every way of picking S/2 blocks as in-sample (the rest
// out-of-sample) the cell with the best in-sample Sharpe ratio is found and its out-of-sample rank
// among all cells is turned into a logit; PBO is the share of splits where that logit is ≤ 0, i.e.
// where the in-sample winner is out-of-sample no better than the median cell.
//
// Each split needs only each cell's Σr, Σr² and count over its blocks, so the cells are first reduced
// to per-block sums (`BlockSums`), and a split then costs S/2 additions a cell whatever the bar count.
import { sharpeFromSums } from './moments.ts';

/** Blocks the returns are cut into: C(16, 8) = 12,870 splits. */
export const PBO_BLOCKS = 16;
/** The smallest grid the PBO is computed for. */
export const PBO_MIN_CELLS = 10;
/** The biggest: every cell's per-block sums travel with the grid's chunks (32 numbers a cell), and
 *  each of the 12,870 splits reads every cell. */
export const PBO_MAX_CELLS = 20_000;

/** Per-block Σr and Σr² of each cell, block-major (`sums[b·cells + c]`), and each block's count. */
export interface BlockSums {
  cells: number;
  blocks: number;
  sums: Float64Array;
  squares: Float64Array;
  counts: Float64Array;
}

/** The block of each of `returns` returns: block b holds returns [⌊b·n/S⌋, ⌊(b+1)·n/S⌋). */
export function blockStarts(returns: number, blocks: number): number[] {
  return Array.from({ length: blocks + 1 }, (_, b) => Math.floor((b * returns) / blocks));
}

export function emptyBlockSums(cells: number, returns: number, blocks = PBO_BLOCKS): BlockSums {
  const starts = blockStarts(returns, blocks);
  const counts = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) counts[b] = starts[b + 1] - starts[b];
  return { cells, blocks, sums: new Float64Array(cells * blocks), squares: new Float64Array(cells * blocks), counts };
}

/** Adds one cell's returns (`returns.length` must be the count the sums were made for). */
export function addCellReturns(into: BlockSums, cell: number, returns: ArrayLike<number>): void {
  const starts = blockStarts(returns.length, into.blocks);
  for (let b = 0; b < into.blocks; b++) {
    let s = 0;
    let q = 0;
    for (let i = starts[b]; i < starts[b + 1]; i++) {
      const r = returns[i];
      s += r;
      q += r * r;
    }
    into.sums[b * into.cells + cell] = s;
    into.squares[b * into.cells + cell] = q;
  }
}

/** Adds one cell's bar-over-bar returns of `equity` (one fewer than its bars, as the sums were made
 *  for), without storing them. */
export function addCellEquity(into: BlockSums, cell: number, equity: ArrayLike<number>): void {
  const starts = blockStarts(equity.length - 1, into.blocks);
  for (let b = 0; b < into.blocks; b++) {
    let s = 0;
    let q = 0;
    for (let i = starts[b]; i < starts[b + 1]; i++) {
      const prev = equity[i];
      const r = prev > 0 ? equity[i + 1] / prev - 1 : 0;
      s += r;
      q += r * r;
    }
    into.sums[b * into.cells + cell] = s;
    into.squares[b * into.cells + cell] = q;
  }
}

/** Copies `part` (sums of consecutive cells) into `into` from cell `from` on. */
export function placeBlockSums(into: BlockSums, from: number, part: Pick<BlockSums, 'cells' | 'sums' | 'squares'>): void {
  for (let b = 0; b < into.blocks; b++) {
    into.sums.set(part.sums.subarray(b * part.cells, (b + 1) * part.cells), b * into.cells + from);
    into.squares.set(part.squares.subarray(b * part.cells, (b + 1) * part.cells), b * into.cells + from);
  }
}

/** Only the given cells, in the given order. */
export function pickCells(from: BlockSums, cells: readonly number[]): BlockSums {
  const n = cells.length;
  const out: BlockSums = { cells: n, blocks: from.blocks, sums: new Float64Array(n * from.blocks), squares: new Float64Array(n * from.blocks), counts: from.counts };
  for (let b = 0; b < from.blocks; b++) {
    for (let k = 0; k < n; k++) {
      out.sums[b * n + k] = from.sums[b * from.cells + cells[k]];
      out.squares[b * n + k] = from.squares[b * from.cells + cells[k]];
    }
  }
  return out;
}

/** Each cell's Sharpe ratio over all its returns. */
export function cellSharpes(s: BlockSums): Float64Array {
  const out = new Float64Array(s.cells);
  let count = 0;
  for (let b = 0; b < s.blocks; b++) count += s.counts[b];
  for (let c = 0; c < s.cells; c++) {
    let sum = 0;
    let sq = 0;
    for (let b = 0; b < s.blocks; b++) {
      sum += s.sums[b * s.cells + c];
      sq += s.squares[b * s.cells + c];
    }
    out[c] = sharpeFromSums(count, sum, sq);
  }
  return out;
}

export interface PboResult {
  /** share of splits whose in-sample best cell ranks in the bottom half out of sample, in [0, 1] */
  pbo: number;
  /** least-squares slope of the in-sample best cell's out-of-sample Sharpe ratio on its in-sample one
   *  across the splits (near 1: what is found in sample holds; ≤ 0: it does not) */
  slope: number;
  /** share of splits where the in-sample best cell loses money out of sample (Sharpe ratio < 0) */
  oosLossShare: number;
  splits: number;
  cells: number;
}

/** Every set of `half` blocks out of `blocks`, as bit masks in increasing order (Gosper's hack). */
export function halfSplits(blocks: number): number[] {
  const half = blocks / 2;
  const out: number[] = [];
  let m = (1 << half) - 1;
  const limit = 1 << blocks;
  while (m < limit) {
    out.push(m);
    const c = m & -m;
    const r = m + c;
    m = (((r ^ m) >>> 2) / c) | r;
  }
  return out;
}

export function probabilityOfOverfitting(s: BlockSums): PboResult {
  const { cells, blocks, sums, squares, counts } = s;
  const half = blocks / 2;
  let total = 0;
  for (let b = 0; b < blocks; b++) total += counts[b];
  const allSum = new Float64Array(cells);
  const allSq = new Float64Array(cells);
  for (let b = 0; b < blocks; b++) {
    for (let c = 0; c < cells; c++) {
      allSum[c] += sums[b * cells + c];
      allSq[c] += squares[b * cells + c];
    }
  }
  const isSum = new Float64Array(cells);
  const isSq = new Float64Array(cells);
  const inBlocks = new Int32Array(half);
  let below = 0;
  let losses = 0;
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  const splits = halfSplits(blocks);
  for (const mask of splits) {
    let k = 0;
    let isCount = 0;
    for (let b = 0; b < blocks; b++) {
      if (mask & (1 << b)) {
        inBlocks[k++] = b;
        isCount += counts[b];
      }
    }
    isSum.fill(0);
    isSq.fill(0);
    for (let j = 0; j < half; j++) {
      const off = inBlocks[j] * cells;
      for (let c = 0; c < cells; c++) {
        isSum[c] += sums[off + c];
        isSq[c] += squares[off + c];
      }
    }
    // the in-sample best (the first of equals)
    let best = 0;
    let bestSharpe = -Infinity;
    for (let c = 0; c < cells; c++) {
      const sr = sharpeFromSums(isCount, isSum[c], isSq[c]);
      if (sr > bestSharpe) {
        bestSharpe = sr;
        best = c;
      }
    }
    const oosCount = total - isCount;
    const oos = (c: number) => sharpeFromSums(oosCount, allSum[c] - isSum[c], allSq[c] - isSq[c]);
    const bestOos = oos(best);
    // its out-of-sample rank among all cells, 1 = worst (equals share the middle rank)
    let lower = 0;
    let equal = 0;
    for (let c = 0; c < cells; c++) {
      if (c === best) continue;
      const v = oos(c);
      if (v < bestOos) lower++;
      else if (v === bestOos) equal++;
    }
    const rank = 1 + lower + equal / 2;
    const omega = rank / (cells + 1);
    if (Math.log(omega / (1 - omega)) <= 0) below++;
    if (bestOos < 0) losses++;
    n++;
    sx += bestSharpe;
    sy += bestOos;
    sxx += bestSharpe * bestSharpe;
    sxy += bestSharpe * bestOos;
  }
  const varX = sxx - (sx * sx) / n;
  return {
    pbo: below / n,
    slope: varX > 1e-30 ? (sxy - (sx * sy) / n) / varX : 0,
    oosLossShare: losses / n,
    splits: n,
    cells,
  };
}
