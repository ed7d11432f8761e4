// A trade Monte Carlo: the backtest's trades replayed in other orders and other draws, to show how
// much of its final return and drawdown came from the order the trades happened to arrive in. Each
// trade is a return on the equity it was opened with (its P/L ÷ the cash plus the P/L of the trades
// before it), compounded along the resampled sequence. Two resamplings, each `resamples` times:
// a bootstrap (as many trades drawn with replacement) and a shuffle (the same trades, order permuted:
// the final return cannot change, the drawdown can). Seeded, so the same seed gives the same numbers.

export const MONTE_CARLO_RESAMPLES = 1000;
export const MONTE_CARLO_SEED = 20140501;

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The p-th percentile (0–100) of ascending values, interpolated linearly (numpy's default). */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const at = ((n - 1) * p) / 100;
  const lo = Math.floor(at);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

export interface Percentiles {
  p5: number;
  p50: number;
  p95: number;
}

export interface ResampleSummary {
  /** final return in percent */
  return_pct: Percentiles;
  /** maximum drawdown in percent (≤ 0, as the statistics show it) */
  max_drawdown_pct: Percentiles;
  /** share of resamples that end below the starting cash, in [0, 1] */
  loss_share: number;
}

export interface MonteCarloResult {
  resamples: number;
  seed: number;
  trades: number;
  bootstrap: ResampleSummary;
  shuffle: ResampleSummary;
  /** the bootstrap's equity after 0…n trades (percentiles across resamples), from `cash` */
  band: { p5: number[]; p50: number[]; p95: number[] };
}

/** Each trade's return on the equity it was opened with. */
export function tradeReturns(trades: readonly { PnL: number }[], cash: number): Float64Array {
  const out = new Float64Array(trades.length);
  let equity = cash;
  trades.forEach((t, i) => {
    out[i] = equity > 0 ? t.PnL / equity : 0;
    equity += t.PnL;
  });
  return out;
}

const percentiles = (values: Float64Array): Percentiles => {
  values.sort();
  return { p5: percentileSorted(values, 5), p50: percentileSorted(values, 50), p95: percentileSorted(values, 95) };
};

/** Final return and drawdown of the compounded `order` of returns; writes the path into `path` when given. */
function replay(returns: ArrayLike<number>, order: Int32Array, path?: Float64Array, pathAt = 0, stride = 1): [number, number] {
  let equity = 1;
  let peak = 1;
  let deepest = 0;
  for (let k = 0; k < order.length; k++) {
    equity *= 1 + returns[order[k]];
    if (equity < 0) equity = 0;
    if (path) path[pathAt + (k + 1) * stride] = equity;
    if (equity > peak) peak = equity;
    const d = 1 - equity / peak;
    if (d > deepest) deepest = d;
  }
  return [equity, deepest];
}

/** `resamples` bootstrap and shuffle resamples of the trade returns; null without trades. */
export function monteCarlo(returns: ArrayLike<number>, opts: { resamples?: number; seed?: number; cash?: number } = {}): MonteCarloResult | null {
  const n = returns.length;
  if (n === 0) return null;
  const resamples = opts.resamples ?? MONTE_CARLO_RESAMPLES;
  const seed = opts.seed ?? MONTE_CARLO_SEED;
  const cash = opts.cash ?? 1;
  const random = seededRandom(seed);
  const order = new Int32Array(n);
  const finals = new Float64Array(resamples);
  const deepest = new Float64Array(resamples);
  // resample-major: path[k·resamples + s] is resample s's equity after k trades
  const path = new Float64Array((n + 1) * resamples);
  path.fill(1, 0, resamples);
  const summary = (): ResampleSummary => {
    let losing = 0;
    for (let s = 0; s < resamples; s++) if (finals[s] < 1) losing++;
    return {
      return_pct: withoutNegativeZero(percentiles(finals.map((f) => (f - 1) * 100))),
      max_drawdown_pct: withoutNegativeZero(percentiles(deepest.map((d) => -d * 100))),
      loss_share: losing / resamples,
    };
  };
  for (let s = 0; s < resamples; s++) {
    for (let k = 0; k < n; k++) order[k] = Math.floor(random() * n);
    [finals[s], deepest[s]] = replay(returns, order, path, s, resamples);
  }
  const bootstrap = summary();
  const band = { p5: [] as number[], p50: [] as number[], p95: [] as number[] };
  for (let k = 0; k <= n; k++) {
    const p = percentiles(path.slice(k * resamples, (k + 1) * resamples));
    band.p5.push(p.p5 * cash);
    band.p50.push(p.p50 * cash);
    band.p95.push(p.p95 * cash);
  }
  for (let s = 0; s < resamples; s++) {
    // Fisher–Yates
    for (let k = 0; k < n; k++) order[k] = k;
    for (let k = n - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      const t = order[k];
      order[k] = order[j];
      order[j] = t;
    }
    [finals[s], deepest[s]] = replay(returns, order);
  }
  return { resamples, seed, trades: n, bootstrap, shuffle: summary(), band };
}

// −0 prints as "-0" in places; the figures are percentages, never meant to carry a sign of zero
const withoutNegativeZero = (p: Percentiles): Percentiles => ({ p5: p.p5 + 0, p50: p.p50 + 0, p95: p.p95 + 0 });
