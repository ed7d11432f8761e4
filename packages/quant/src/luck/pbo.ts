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

/** C(n, k). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** The number of half/half splits of `blocks` blocks (12,870 for 16). */
export const splitCount = (blocks: number) => choose(blocks, blocks / 2);

/** What a range of split pairs adds up to; parts of one grid combine by adding (`combinePbo`). */
export interface PboPart {
  splits: number;
  /** splits whose in-sample best ranks in the bottom half out of sample */
  below: number;
  /** splits whose in-sample best loses money out of sample */
  losses: number;
  /** Σx, Σy, Σx², Σxy of (in-sample, out-of-sample) Sharpe ratio of the in-sample best */
  sx: number;
  sy: number;
  sxx: number;
  sxy: number;
}

/**
 * A range of the splits, so a grid's splits can be shared among threads. Splits come in pairs: a set
 * of 8 blocks in sample and its complement in sample are the same two halves the other way round, so
 * each pair is walked once, as the sets holding block 0 (pairs [from, to) of C(16, 8) / 2, in
 * lexicographic order of those sets). The sets are walked as a tree of block choices in increasing
 * order: level d holds the sums over the first d chosen blocks, so reaching a set adds one block to
 * its parent's sums; subtrees outside the range are skipped.
 *
 * Within one half every cell has the same return count n, so a cell's Sharpe ratio orders as its
 * signed square a / d with a = s·|s| and d = n·q − s² (s = Σr, q = Σr²; a = 0, d = 1 when the returns
 * do not vary): cells are compared by a·D against A·d, with neither a square root nor a division.
 */
export function pboPart(s: BlockSums, from = 0, to = splitCount(s.blocks) / 2): PboPart {
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
  const levelSum = Array.from({ length: half + 1 }, () => new Float64Array(cells));
  const levelSq = Array.from({ length: half + 1 }, () => new Float64Array(cells));
  const levelCount = new Float64Array(half + 1);
  // each cell's a and d over the chosen half (x) and over the other (y)
  const ax = new Float64Array(cells);
  const dx = new Float64Array(cells);
  const ay = new Float64Array(cells);
  const dy = new Float64Array(cells);
  const part: PboPart = { splits: 0, below: 0, losses: 0, sx: 0, sy: 0, sxx: 0, sxy: 0 };

  /** One split: in sample (ai, di), out of sample (ao, do); its in-sample Sharpe sums for the slope. */
  const split = (ai: Float64Array, di: Float64Array, ao: Float64Array, dout: Float64Array, isSum: (c: number) => number, isSq: (c: number) => number, isCount: number) => {
    // the in-sample best (the first of equals)
    let best = 0;
    let bestA = ai[0];
    let bestD = di[0];
    for (let c = 1; c < cells; c++) {
      if (ai[c] * bestD > bestA * di[c]) {
        best = c;
        bestA = ai[c];
        bestD = di[c];
      }
    }
    const A = ao[best];
    const D = dout[best];
    // its out-of-sample rank among all cells, 1 = worst (equals share the middle rank)
    let lower = 0;
    let equal = 0;
    for (let c = 0; c < cells; c++) {
      // counted without branches: which way a cell falls is a coin toss the processor cannot predict
      const l = ao[c] * D;
      const r = A * dout[c];
      lower += +(l < r);
      equal += +(l === r);
    }
    const rank = 1 + lower + (equal - 1) / 2;
    const omega = rank / (cells + 1);
    if (Math.log(omega / (1 - omega)) <= 0) part.below++;
    const oosCount = total - isCount;
    const x = sharpeFromSums(isCount, isSum(best), isSq(best));
    const y = sharpeFromSums(oosCount, allSum[best] - isSum(best), allSq[best] - isSq(best));
    if (y < 0) part.losses++;
    part.splits++;
    part.sx += x;
    part.sy += y;
    part.sxx += x * x;
    part.sxy += x * y;
  };

  const pair = () => {
    const xs = levelSum[half];
    const xq = levelSq[half];
    const nx = levelCount[half];
    const ny = total - nx;
    for (let c = 0; c < cells; c++) {
      const s1 = xs[c];
      const d1 = nx * xq[c] - s1 * s1;
      const s2 = allSum[c] - s1;
      const d2 = ny * (allSq[c] - xq[c]) - s2 * s2;
      if (d1 > 1e-300) {
        ax[c] = s1 * Math.abs(s1);
        dx[c] = d1;
      } else {
        ax[c] = 0;
        dx[c] = 1;
      }
      if (d2 > 1e-300) {
        ay[c] = s2 * Math.abs(s2);
        dy[c] = d2;
      } else {
        ay[c] = 0;
        dy[c] = 1;
      }
    }
    split(ax, dx, ay, dy, (c) => xs[c], (c) => xq[c], nx);
    split(ay, dy, ax, dx, (c) => allSum[c] - xs[c], (c) => allSq[c] - xq[c], ny);
  };

  // `first`: the index of the first pair below this node
  const walk = (depth: number, fromBlock: number, first: number) => {
    if (depth === half) {
      pair();
      return;
    }
    const ps = levelSum[depth];
    const pq = levelSq[depth];
    const cs = levelSum[depth + 1];
    const cq = levelSq[depth + 1];
    // block 0 always in the chosen half; leave room for the blocks still to choose
    const last = depth === 0 ? 0 : blocks - (half - depth);
    for (let b = fromBlock; b <= last && first < to; b++) {
      const size = choose(blocks - b - 1, half - depth - 1);
      if (first + size > from) {
        const off = b * cells;
        for (let c = 0; c < cells; c++) {
          cs[c] = ps[c] + sums[off + c];
          cq[c] = pq[c] + squares[off + c];
        }
        levelCount[depth + 1] = levelCount[depth] + counts[b];
        walk(depth + 1, b + 1, first);
      }
      first += size;
    }
  };
  walk(0, 0, 0);
  return part;
}

/** The PBO of a grid from the parts of its splits. */
export function combinePbo(parts: readonly PboPart[], cells: number): PboResult {
  const t = parts.reduce((a, p) => ({
    splits: a.splits + p.splits, below: a.below + p.below, losses: a.losses + p.losses,
    sx: a.sx + p.sx, sy: a.sy + p.sy, sxx: a.sxx + p.sxx, sxy: a.sxy + p.sxy,
  }));
  const n = t.splits;
  const varX = t.sxx - (t.sx * t.sx) / n;
  return {
    pbo: t.below / n,
    slope: varX > 1e-30 ? (t.sxy - (t.sx * t.sy) / n) / varX : 0,
    oosLossShare: t.losses / n,
    splits: n,
    cells,
  };
}

/** The PBO of a grid on this thread. */
export function probabilityOfOverfitting(s: BlockSums): PboResult {
  return combinePbo([pboPart(s)], s.cells);
}
