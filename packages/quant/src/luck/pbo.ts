// The Probability of Backtest Overfitting (Bailey, Borwein, López de Prado and Zhu, "The Probability of
// Backtest Overfitting", 2015), by combinatorially symmetric cross-validation: the daily returns of
// every cell are cut into S blocks; for every way of picking S/2 blocks as in-sample (the rest
// out-of-sample) the cell with the best in-sample Sharpe ratio is found and its out-of-sample rank
// among all cells is turned into a logit; PBO is the share of splits where that logit is ≤ 0, i.e.
// where the in-sample winner is out-of-sample no better than the median cell.
//
// Each split needs only each cell's Σr, Σr² and count over its blocks, so the cells are first reduced
// to per-block sums (`BlockSums`), and a split then costs a few additions a cell whatever the bar count.
import { sharpeFromSums } from './moments.ts';

/** Blocks the returns are cut into: C(16, 8) = 12,870 splits. */
export const PBO_BLOCKS = 16;
/** The smallest grid the PBO is computed for. */
export const PBO_MIN_CELLS = 10;
/** The biggest: every cell's per-block sums travel with the grid's chunks (32 numbers a cell), each
 *  of the 12,870 splits reads every cell, and each thread walking splits holds the sums of every two
 *  blocks (240 numbers a cell: 38 MB at this cap). */
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
 * order, two blocks a level: every two blocks' sums are added up once, a node's sums are its parent's
 * plus those of its two blocks, and the last two blocks of a set are added inside the pass that reads
 * the set. Subtrees outside the range are skipped.
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
// in one array: the hot loops read few arrays, and a store into one array makes the compiled code
// check fewer of the others again.
// Cells with the same daily returns (grid cells that trade alike) are walked once; what their twins
// add to the ranks is added after each pass, from the few cells that have twins.
class SplitWalker {
  readonly part: PboPart = { splits: 0, below: 0, losses: 0, sx: 0, sy: 0, sxx: 0, sxy: 0 };
  /** the distinct cells walked */
  private readonly cells: number;
  /** every cell of the grid, alike or not: the ranks' scale */
  private readonly allCells: number;
  /** the distinct cells that stand for more than one, and for how many more */
  private readonly twinned: Int32Array;
  private readonly extra: Float64Array;
  private readonly blocks: number;
  private readonly half: number;
  private readonly total: number;
  /** blocks b1 < b2 together: cell c's Σr at pairAt[b1·blocks + b2] + 2c, Σr² after it */
  private readonly pairSums: Float64Array;
  private readonly pairAt: Int32Array;
  private readonly pairCount: Float64Array;
  /** cell c over every block: Σr at 2c, Σr² after it */
  private readonly allSums: Float64Array;
  /** block 0's sums and count: the first level when an odd number of blocks is chosen */
  private readonly firstBlock: Float64Array;
  private readonly firstCount: number;
  /** the tree's levels: the sums over the first d chosen blocks at levels[d] */
  private readonly levels: Float64Array[];
  private readonly levelCount: Float64Array;
  /** cell c's Sharpe ratio's signed square (times its count) in the chosen half at 2c, the other's after it */
  private readonly values: Float64Array;

  constructor(
    s: BlockSums,
    private readonly from: number,
    private readonly to: number,
  ) {
    const { blocks, counts } = s;
    const { picked, weights } = distinctCells(s);
    const cells = picked.length;
    this.cells = cells;
    this.allCells = s.cells;
    const twins = picked.map((_, k) => k).filter((k) => weights[k] > 1);
    this.twinned = Int32Array.from(twins);
    this.extra = Float64Array.from(twins, (k) => weights[k] - 1);
    this.blocks = blocks;
    this.half = blocks / 2;
    const width = 2 * cells;
    const block = Array.from({ length: blocks }, (_, b) => {
      const out = new Float64Array(width);
      for (let c = 0; c < cells; c++) {
        out[2 * c] = s.sums[b * s.cells + picked[c]];
        out[2 * c + 1] = s.squares[b * s.cells + picked[c]];
      }
      return out;
    });
    this.firstBlock = block[0];
    this.firstCount = counts[0];
    this.allSums = new Float64Array(width);
    for (let b = 0; b < blocks; b++) for (let i = 0; i < width; i++) this.allSums[i] += block[b][i];
    this.total = counts.reduce((a, n) => a + n, 0);
    this.pairAt = new Int32Array(blocks * blocks);
    this.pairCount = new Float64Array(blocks * blocks);
    this.pairSums = new Float64Array(((blocks * (blocks - 1)) / 2) * width);
    for (let b1 = 0, at = 0; b1 < blocks; b1++) {
      for (let b2 = b1 + 1; b2 < blocks; b2++, at += width) {
        this.pairAt[b1 * blocks + b2] = at;
        this.pairCount[b1 * blocks + b2] = counts[b1] + counts[b2];
        for (let i = 0; i < width; i++) this.pairSums[at + i] = block[b1][i] + block[b2][i];
      }
    }
    this.levels = Array.from({ length: this.half - 1 }, () => new Float64Array(width));
    this.levelCount = new Float64Array(this.half - 1);
    this.values = new Float64Array(width);
  }

  /** The node of `depth` chosen blocks (the last before fromBlock); `first`: its first pair's index.
   *  Its sums are in levels[depth] (the root's are zero). */
  walk(depth: number, fromBlock: number, first: number): void {
    const { blocks, half, from, to } = this;
    const sums = this.levels[depth];
    const count = this.levelCount[depth];
    if (depth === half - 2) {
      // every (b1, b2) after fromBlock completes a set: one pair each
      for (let b1 = fromBlock; b1 < blocks - 1 && first < to; b1++) {
        const sets = blocks - 1 - b1;
        if (first + sets <= from) {
          first += sets;
          continue;
        }
        for (let b2 = b1 + 1; b2 < blocks && first < to; b2++, first++) {
          if (first >= from) this.pair(sums, count + this.pairCount[b1 * blocks + b2], this.pairAt[b1 * blocks + b2]);
        }
      }
      return;
    }
    if (depth === 0 && half % 2 === 1) {
      // an odd number of blocks to choose: block 0 alone first, then two a level
      this.levels[1].set(this.firstBlock);
      this.levelCount[1] = this.firstCount;
      this.walk(1, 1, first);
      return;
    }
    const child = this.levels[depth + 2];
    const left = half - depth - 2; // blocks still to choose below the child
    const last = depth === 0 ? 0 : blocks - left - 2; // block 0 is always in the chosen half
    for (let b1 = fromBlock; b1 <= last && first < to; b1++) {
      for (let b2 = b1 + 1; b2 < blocks - left && first < to; b2++) {
        const size = choose(blocks - b2 - 1, left);
        if (first + size > from) {
          this.addPair(child, sums, b1, b2, depth + 2, count);
          this.walk(depth + 2, b2 + 1, first);
        }
        first += size;
      }
    }
  }

  /** `into` (level `depth`) = `sums` with blocks b1 and b2 added. */
  private addPair(into: Float64Array, sums: Float64Array, b1: number, b2: number, depth: number, count: number): void {
    const ps = this.pairSums;
    const at = this.pairAt[b1 * this.blocks + b2];
    for (let i = 0, n = 2 * this.cells; i < n; i++) into[i] = sums[i] + ps[at + i];
    this.levelCount[depth] = count + this.pairCount[b1 * this.blocks + b2];
  }

  /** The set made of `sums`' blocks and the pair of blocks at `at`: both of its splits (it in
   * sample, then the rest).
   *
   * Within one half every cell has the same return count n, so a cell's Sharpe ratio orders as its
   * signed square s·|s| / (n·q − s²) (s = Σr, q = Σr²; 0 when the returns do not vary), which needs
   * no square root. */
  private pair(sums: Float64Array, nx: number, at: number): void {
    const { cells, allSums: all, values } = this;
    const ps = this.pairSums;
    const ny = this.total - nx;
    // pass 1: each cell's value in both halves, and each half's best (the first of equals)
    let bx = 0;
    let bxV = -Infinity;
    let by = 0;
    let byV = -Infinity;
    for (let c = 0, i = 0; c < cells; c++, i += 2) {
      const s1 = sums[i] + ps[at + i];
      const q1 = sums[i + 1] + ps[at + i + 1];
      const d1 = nx * q1 - s1 * s1;
      const s2 = all[i] - s1;
      const d2 = ny * (all[i + 1] - q1) - s2 * s2;
      const v1 = d1 > 1e-300 ? (s1 * Math.abs(s1)) / d1 : 0;
      const v2 = d2 > 1e-300 ? (s2 * Math.abs(s2)) / d2 : 0;
      values[i] = v1;
      values[i + 1] = v2;
      if (v1 > bxV) {
        bx = c;
        bxV = v1;
      }
      if (v2 > byV) {
        by = c;
        byV = v2;
      }
    }
    // pass 2: where each half's best ranks in the other half
    const Vy = values[2 * bx + 1];
    const Vx = values[2 * by];
    let lowerY = 0;
    let equalY = 0;
    let lowerX = 0;
    let equalX = 0;
    for (let i = 0, n = 2 * cells; i < n; i += 2) {
      // counted without branches: which way a cell falls is a coin toss the processor cannot predict
      const x = values[i];
      const y = values[i + 1];
      lowerY += +(y < Vy);
      equalY += +(y === Vy);
      lowerX += +(x < Vx);
      equalX += +(x === Vx);
    }
    const { twinned, extra } = this;
    for (let k = 0; k < twinned.length; k++) {
      const x = values[2 * twinned[k]];
      const y = values[2 * twinned[k] + 1];
      lowerY += extra[k] * +(y < Vy);
      equalY += extra[k] * +(y === Vy);
      lowerX += extra[k] * +(x < Vx);
      equalX += extra[k] * +(x === Vx);
    }
    const xsBx = sums[2 * bx] + ps[at + 2 * bx];
    const xqBx = sums[2 * bx + 1] + ps[at + 2 * bx + 1];
    const xsBy = sums[2 * by] + ps[at + 2 * by];
    const xqBy = sums[2 * by + 1] + ps[at + 2 * by + 1];
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

/** The distinct cells of a grid in order of first appearance (the first of equals stays the first),
 *  each with how many cells have its per-block sums. Keyed by a hash of the numbers' bits, then
 *  compared exactly: turning 32 numbers a cell into text took a millisecond a grid. */
function distinctCells(s: BlockSums): { picked: number[]; weights: number[] } {
  const { cells, blocks, sums, squares } = s;
  const same = (c: number, k: number) => {
    for (let b = 0; b < blocks; b++) {
      if (sums[b * cells + c] !== sums[b * cells + k] || squares[b * cells + c] !== squares[b * cells + k]) return false;
    }
    return true;
  };
  const bits = new Uint32Array(2);
  const asFloat = new Float64Array(bits.buffer);
  const byHash = new Map<number, number[]>();
  const picked: number[] = [];
  const weights: number[] = [];
  for (let c = 0; c < cells; c++) {
    let h = 0x811c9dc5;
    for (let b = 0; b < blocks; b++) {
      for (const v of [sums[b * cells + c], squares[b * cells + c]]) {
        asFloat[0] = v === 0 ? 0 : v; // −0 and 0 are the same sum
        h = Math.imul(h ^ bits[0], 0x01000193);
        h = Math.imul(h ^ bits[1], 0x01000193);
      }
    }
    const bucket = byHash.get(h) ?? [];
    const at = bucket.find((k) => same(picked[k], c));
    if (at === undefined) {
      bucket.push(picked.length);
      byHash.set(h, bucket);
      picked.push(c);
      weights.push(1);
    } else weights[at]++;
  }
  return { picked, weights };
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
