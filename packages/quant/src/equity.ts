// Where the engine puts the equity of each bar. A backtest keeps the whole series (the chart, every
// statistic); an optimiser ranking thousands of cells by one statistic keeps only what that statistic
// needs, the moments of the returns and the deepest drawdown, and so never stores or re-reads the
// series. Both see the same bars in the same order, and `periodMoments` in stats.ts runs a series
// through the same `EquitySummary`, so the two give the same numbers to the last bit.

/** Receives the equity of every bar in bar order; the last bar's may be replaced once (finalize). */
export interface EquitySink {
  /** bar i at equity e */
  set(i: number, e: number): void;
  /** bars [from, to) at equity e (no position: the cash) */
  fill(from: number, to: number, e: number): void;
  /** bars [from, to] long `shares` from `entry`, marked at each close in the reference's order of
   *  operations, cash + (close·shares − shares·entry); stops at the first bar whose equity is ≤ 0,
   *  puts 0 there (the reference zeroes the equity from a bar that runs out of money) and returns it
   *  (to + 1 when none) */
  markLong(from: number, to: number, cash: number, shares: number, entry: number, close: Float64Array): number;
  /** bar i (the last) at equity e instead */
  replace(i: number, e: number): void;
}

/** The whole series, in a caller's buffer or a new one. */
export class EquitySeries implements EquitySink {
  constructor(readonly values: Float64Array) {}
  set(i: number, e: number) {
    this.values[i] = e;
  }
  fill(from: number, to: number, e: number) {
    this.values.fill(e, from, to);
  }
  markLong(from: number, to: number, cash: number, shares: number, entry: number, close: Float64Array): number {
    const v = this.values;
    for (let j = from; j <= to; j++) {
      const e = cash + (close[j] * shares - shares * entry);
      if (e <= 0) {
        v[j] = 0;
        return j;
      }
      v[j] = e;
    }
    return to + 1;
  }
  replace(i: number, e: number) {
    this.values[i] = e;
  }
}

/**
 * Running moments of the bar-over-bar returns, the running peak and deepest drawdown, and the first
 * and last equity, for `length` bars. A bar whose equity equals the previous one returns exactly 0: it
 * counts but adds nothing, so flat stretches cost nothing. The last bar is held back until `finish`
 * (the engine may replace it).
 */
export class EquitySummary implements EquitySink {
  first = NaN;
  final = NaN;
  peak = -Infinity;
  /** deepest drawdown from the running peak, as a fraction ≥ 0 (NaN before any bar) */
  deepest = NaN;
  positive = true;
  /** Σr, Σr², Σ min(r, 0)² over the returns */
  sum = 0;
  squares = 0;
  losses = 0;
  prev = NaN;
  count = 0;
  /** with `trackBlocks`: Σr and Σr² as they stood when the count of values reached each mark */
  snapSum: Float64Array | null = null;
  snapSquares: Float64Array | null = null;
  private marks: ArrayLike<number> | null = null;
  private nextMark = 0;
  private markAt = Infinity;
  private pendingLast = NaN;
  private readonly last: number;

  /** `drawdown: false` skips the deepest drawdown (a division a bar), `downside: false` the downside
   *  moment Σ min(r, 0)² (only the Sortino ratio reads it) and `moments: false` every moment of the
   *  returns (a division a bar; a total return, a final or peak equity reads none) when nobody asks for
   *  them */
  constructor(
    readonly length: number,
    readonly drawdown = true,
    readonly downside = true,
    readonly moments = true,
  ) {
    this.last = length - 1;
  }

  /** Also keeps Σr and Σr² at each of the rising value counts `marks` (block boundaries: a block's
   *  sums are the difference of two snapshots), for the Probability of Backtest Overfitting. */
  trackBlocks(marks: ArrayLike<number>): this {
    this.marks = marks;
    this.snapSum = new Float64Array(marks.length);
    this.snapSquares = new Float64Array(marks.length);
    this.markAt = marks.length > 0 ? marks[0] : Infinity;
    return this;
  }

  private snap() {
    this.snapSum![this.nextMark] = this.sum;
    this.snapSquares![this.nextMark] = this.squares;
    this.nextMark++;
    this.markAt = this.nextMark < this.marks!.length ? this.marks![this.nextMark] : Infinity;
  }

  private add(e: number) {
    if (this.count === 0) this.first = e;
    else {
      if (!(e > 0)) this.positive = false;
      if (e !== this.prev && this.moments) {
        const r = e / this.prev - 1;
        this.sum += r;
        this.squares += r * r;
        if (r < 0 && this.downside) this.losses += r * r;
      }
    }
    if (e > this.peak) this.peak = e;
    if (this.drawdown) {
      const d = 1 - e / this.peak;
      if (!(d <= this.deepest) && d === d) this.deepest = d;
    }
    this.prev = e;
    this.count++;
    while (this.count >= this.markAt) this.snap();
  }

  set(i: number, e: number) {
    if (i === this.last) this.pendingLast = e;
    else this.add(e);
  }

  fill(from: number, to: number, e: number) {
    const end = Math.min(to, this.last);
    if (from < end) {
      // the first of the run may move the equity; the rest return 0
      this.add(e);
      this.count += end - from - 1;
      // the rest of the run returns 0: marks it passes see the sums as they are
      while (this.markAt <= this.count) this.snap();
    }
    if (to > this.last && from <= this.last) this.pendingLast = e;
  }

  markLong(from: number, to: number, cash: number, shares: number, entry: number, close: Float64Array): number {
    const end = Math.min(to, this.last - 1);
    let j = from;
    if (this.count > 0) {
      // marched in stretches that end on the block marks (one stretch without marks)
      while (j <= end) {
        const stop = Math.min(end, j + (this.markAt - this.count) - 1);
        const k = this.march(j, stop, cash, shares, entry, close);
        while (this.count >= this.markAt) this.snap();
        j = k;
        if (k <= stop) break; // out of money at k
      }
    }
    // the rare ends: the first bar of all, a bar out of money, the last bar
    for (; j <= end; j++) {
      const e = cash + (close[j] * shares - shares * entry);
      if (e <= 0) {
        this.add(0);
        return j;
      }
      this.add(e);
    }
    if (to >= this.last && from <= this.last) {
      const e = cash + (close[this.last] * shares - shares * entry);
      this.pendingLast = e > 0 ? e : 0;
      if (e <= 0) return this.last;
    }
    return to + 1;
  }

  /** `add` unrolled with the running values in locals: where an optimiser spends its time. Stops
   *  before a bar out of money and returns it (end + 1 when none). A method of its own, so the compiler
   *  sees only this loop, never the rare paths' cold code. */
  private march(from: number, end: number, cash: number, shares: number, entry: number, close: Float64Array): number {
    let { prev, sum, squares, losses, peak, deepest } = this;
    const { drawdown, downside, moments } = this;
    let j = from;
    for (; j <= end; j++) {
      const e = cash + (close[j] * shares - shares * entry);
      if (e <= 0) break;
      if (e !== prev && moments) {
        const r = e / prev - 1;
        sum += r;
        squares += r * r;
        if (downside) {
          // no branch on the sign: a return's sign is a coin toss the processor cannot predict
          const loss = Math.min(r, 0);
          losses += loss * loss;
        }
      }
      if (e > peak) peak = e;
      else if (drawdown) {
        const d = 1 - e / peak;
        if (!(d <= deepest)) deepest = d;
      }
      prev = e;
    }
    this.count += j - from;
    this.prev = prev;
    this.sum = sum;
    this.squares = squares;
    this.losses = losses;
    this.peak = peak;
    this.deepest = deepest;
    return j;
  }

  replace(i: number, e: number) {
    if (i === this.last) this.pendingLast = e;
  }

  /** Takes in the last bar; call once, after the engine is done. */
  finish(): this {
    if (this.count < this.length) this.add(this.pendingLast);
    this.final = this.prev;
    return this;
  }

  /** Returns counted (one fewer than bars). */
  get returns(): number {
    return this.count - 1;
  }
}
