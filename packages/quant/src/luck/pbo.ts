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
 * order: level d holds the sums over the first d chosen blocks, so reaching a node adds one block to
 * its parent's sums; the last two blocks of a set are added inside the pass that reads the set, so the
 * 6,435 sets cost one such pass and one ranking pass each. Subtrees outside the range are skipped.
 *
 * Within one half every cell has the same return count n, so a cell's Sharpe ratio orders as its
 * signed square a / d with a = s·|s| and d = n·q − s² (s = Σr, q = Σr²; a = 0, d = 1 when the returns
 * do not vary): cells are compared by a·D against A·d, with neither a square root nor a division.
 */
export function pboPart(s: BlockSums, from = 0, to = splitCount(s.blocks) / 2): PboPart {
  const half = s.blocks / 2;
  if (!Number.isInteger(half) || half < 3) throw new Error(`the PBO needs an even number of blocks, at least 6 (got ${s.blocks})`);
  const walker = new SplitWalker(s, from, to);
  walker.walk(0, 0, 0);
  return walker.part;
}

// A class rather than closures made per call: its methods are the same functions for every grid,
// so their optimised code holds (a closure made per call is a new call target each time, and the
// optimised code calling it is thrown away at every call). Each cell's Σr and Σr² sit side by side
// in one array (and its a and d of both halves in another): the hot loops read four arrays, not
// eleven, and a store into one array makes the compiled code check fewer of the others again.
// Cells with the same daily returns (grid cells that trade alike) are walked once, with their count
// as a weight in the ranks: the same answer for less work.
class SplitWalker {
  readonly part: PboPart = { splits: 0, below: 0, losses: 0, sx: 0, sy: 0, sxx: 0, sxy: 0 };
  /** the distinct cells walked */
  private readonly cells: number;
  /** every cell of the grid, alike or not: the ranks' scale */
  private readonly allCells: number;
  /** how many of the grid's cells each distinct cell stands for */
  private readonly weights: Float64Array;
  private readonly blocks: number;
  private readonly half: number;
  private readonly counts: Float64Array;
  private readonly total: number;
  /** block b's cell c: Σr at 2·(b·cells + c), Σr² after it */
  private readonly blockSums: Float64Array;
  /** cell c over every block: Σr at 2c, Σr² after it */
  private readonly allSums: Float64Array;
  /** the tree's levels up to the one whose sets lack their last two blocks, laid out as allSums */
  private readonly leafParent: number;
  private readonly levels: Float64Array[];
  private readonly levelCount: Float64Array;
  /** cell c's a and d over the chosen half (x) and over the other (y): ax, dx, ay, dy at 4c… */
  private readonly ad: Float64Array;

  constructor(
    s: BlockSums,
    private readonly from: number,
    private readonly to: number,
  ) {
    const { blocks, sums, squares, counts } = s;
    // the distinct cells in order of first appearance (the first of equals stays the first)
    const firstOf = new Map<string, number>();
    const picked: number[] = [];
    const weights: number[] = [];
    for (let c = 0; c < s.cells; c++) {
      const values: number[] = [];
      for (let b = 0; b < blocks; b++) values.push(sums[b * s.cells + c], squares[b * s.cells + c]);
      const key = values.join(',');
      const at = firstOf.get(key);
      if (at === undefined) {
        firstOf.set(key, picked.length);
        picked.push(c);
        weights.push(1);
      } else weights[at]++;
    }
    const cells = picked.length;
    this.cells = cells;
    this.allCells = s.cells;
    this.weights = Float64Array.from(weights);
    this.blocks = blocks;
    this.half = blocks / 2;
    this.counts = counts;
    let total = 0;
    for (let b = 0; b < blocks; b++) total += counts[b];
    this.total = total;
    this.blockSums = new Float64Array(2 * blocks * cells);
    this.allSums = new Float64Array(2 * cells);
    for (let b = 0; b < blocks; b++) {
      for (let c = 0; c < cells; c++) {
        const k = b * cells + c;
        const from = b * s.cells + picked[c];
        this.blockSums[2 * k] = sums[from];
        this.blockSums[2 * k + 1] = squares[from];
        this.allSums[2 * c] += sums[from];
        this.allSums[2 * c + 1] += squares[from];
      }
    }
    this.leafParent = this.half - 2;
    this.levels = Array.from({ length: this.leafParent + 1 }, () => new Float64Array(2 * cells));
    this.levelCount = new Float64Array(this.leafParent + 1);
    this.ad = new Float64Array(4 * cells);
  }

  /** The node of `depth` chosen blocks (the last before fromBlock); `first`: its first pair's index. */
  walk(depth: number, fromBlock: number, first: number): void {
    const { cells, blocks, half, blockSums, counts, from, to } = this;
    const parent = this.levels[depth];
    if (depth === this.leafParent) {
      // every (b1, b2) after fromBlock completes a set: one pair each
      for (let b1 = fromBlock; b1 < blocks - 1 && first < to; b1++) {
        for (let b2 = b1 + 1; b2 < blocks && first < to; b2++, first++) {
          if (first >= from) this.pair(parent, this.levelCount[depth] + counts[b1] + counts[b2], b1, b2);
        }
      }
      return;
    }
    const child = this.levels[depth + 1];
    const width = 2 * cells;
    // block 0 always in the chosen half; leave room for the blocks still to choose
    const last = depth === 0 ? 0 : blocks - (half - depth);
    for (let b = fromBlock; b <= last && first < to; b++) {
      const size = choose(blocks - b - 1, half - depth - 1);
      if (first + size > from) {
        const off = b * width;
        for (let i = 0; i < width; i++) child[i] = parent[i] + blockSums[off + i];
        this.levelCount[depth + 1] = this.levelCount[depth] + counts[b];
        this.walk(depth + 1, b + 1, first);
      }
      first += size;
    }
  }

  /** The set made of the parent's blocks and b1, b2: both of its splits (it in sample, then the rest). */
  private pair(parent: Float64Array, nx: number, b1: number, b2: number): void {
    const { cells, blockSums: bs, allSums: all, ad, weights } = this;
    const o1 = 2 * b1 * cells;
    const o2 = 2 * b2 * cells;
    const ny = this.total - nx;
    // pass 1: each cell's a and d in both halves, and each half's best (the first of equals)
    let bx = 0;
    let bxA = -Infinity;
    let bxD = 1;
    let by = 0;
    let byA = -Infinity;
    let byD = 1;
    for (let c = 0, i = 0, w = 0; c < cells; c++, i += 2, w += 4) {
      const s1 = parent[i] + bs[o1 + i] + bs[o2 + i];
      const q1 = parent[i + 1] + bs[o1 + i + 1] + bs[o2 + i + 1];
      const d1 = nx * q1 - s1 * s1;
      const s2 = all[i] - s1;
      const d2 = ny * (all[i + 1] - q1) - s2 * s2;
      let a = 0;
      let d = 1;
      if (d1 > 1e-300) {
        a = s1 * Math.abs(s1);
        d = d1;
      }
      ad[w] = a;
      ad[w + 1] = d;
      if (a * bxD > bxA * d) {
        bx = c;
        bxA = a;
        bxD = d;
      }
      a = 0;
      d = 1;
      if (d2 > 1e-300) {
        a = s2 * Math.abs(s2);
        d = d2;
      }
      ad[w + 2] = a;
      ad[w + 3] = d;
      if (a * byD > byA * d) {
        by = c;
        byA = a;
        byD = d;
      }
    }
    // pass 2: where each half's best ranks in the other half
    const Ay = ad[4 * bx + 2];
    const Dy = ad[4 * bx + 3];
    const Ax = ad[4 * by];
    const Dx = ad[4 * by + 1];
    let lowerY = 0;
    let equalY = 0;
    let lowerX = 0;
    let equalX = 0;
    for (let c = 0, w = 0; c < cells; c++, w += 4) {
      // counted without branches: which way a cell falls is a coin toss the processor cannot predict
      const n = weights[c];
      const l1 = ad[w + 2] * Dy;
      const r1 = Ay * ad[w + 3];
      lowerY += n * +(l1 < r1);
      equalY += n * +(l1 === r1);
      const l2 = ad[w] * Dx;
      const r2 = Ax * ad[w + 1];
      lowerX += n * +(l2 < r2);
      equalX += n * +(l2 === r2);
    }
    const xsBx = parent[2 * bx] + bs[o1 + 2 * bx] + bs[o2 + 2 * bx];
    const xqBx = parent[2 * bx + 1] + bs[o1 + 2 * bx + 1] + bs[o2 + 2 * bx + 1];
    const xsBy = parent[2 * by] + bs[o1 + 2 * by] + bs[o2 + 2 * by];
    const xqBy = parent[2 * by + 1] + bs[o1 + 2 * by + 1] + bs[o2 + 2 * by + 1];
    this.record(lowerY, equalY, nx, xsBx, xqBx, bx);
    this.record(lowerX, equalX, ny, all[2 * by] - xsBy, all[2 * by + 1] - xqBy, by);
  }

  /** One split's record: its in-sample best's out-of-sample rank (1 = worst, equals share the middle
   *  rank) and its in-sample and out-of-sample Sharpe ratios. */
  private record(lower: number, equal: number, isCount: number, isSum: number, isSq: number, best: number): void {
    const part = this.part;
    const rank = 1 + lower + (equal - 1) / 2;
    const omega = rank / (this.allCells + 1);
    if (Math.log(omega / (1 - omega)) <= 0) part.below++;
    const x = sharpeFromSums(isCount, isSum, isSq);
    const y = sharpeFromSums(this.total - isCount, this.allSums[2 * best] - isSum, this.allSums[2 * best + 1] - isSq);
    if (y < 0) part.losses++;
    part.splits++;
    part.sx += x;
    part.sy += y;
    part.sxx += x * x;
    part.sxy += x * y;
  }
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
