// Sample moments of a return series, as the Sharpe-ratio papers use them: the Sharpe ratio per period
// (mean ÷ standard deviation, no annualising), the skewness and the (non-excess) kurtosis.

export interface Moments {
  count: number;
  mean: number;
  /** sample standard deviation (n − 1) */
  sd: number;
  /** population skewness γ₃ (0 for a normal) */
  skew: number;
  /** population kurtosis γ₄ (3 for a normal) */
  kurtosis: number;
}

export function moments(returns: ArrayLike<number>): Moments {
  const n = returns.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += returns[i];
  const mean = n > 0 ? sum / n : NaN;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < n; i++) {
    const d = returns[i] - mean;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  const variance = m2 / n;
  return {
    count: n,
    mean,
    sd: n > 1 ? Math.sqrt(m2 / (n - 1)) : NaN,
    skew: variance > 0 ? m3 / n / variance ** 1.5 : 0,
    kurtosis: variance > 0 ? m4 / n / (variance * variance) : 3,
  };
}

/** Per-period Sharpe ratio from a count, Σr and Σr² (0 when the returns do not vary). */
export function sharpeFromSums(count: number, sum: number, squares: number): number {
  if (count < 2) return 0;
  const mean = sum / count;
  const variance = (squares - sum * mean) / (count - 1);
  return variance > 1e-30 ? mean / Math.sqrt(variance) : 0;
}

/** Bar-over-bar returns of an equity series (0 where the previous equity is not positive). */
export function equityReturns(equity: ArrayLike<number>): Float64Array {
  const out = new Float64Array(Math.max(0, equity.length - 1));
  for (let i = 1; i < equity.length; i++) out[i - 1] = equity[i - 1] > 0 ? equity[i] / equity[i - 1] - 1 : 0;
  return out;
}

/** A strategy's daily returns less buy-and-hold's over the same bars (`closes`, aligned with the
 *  equity the returns came from): what the strategy earned beyond holding the symbol. */
export function excessOverBuyHold(returns: ArrayLike<number>, closes: ArrayLike<number>): Float64Array {
  const out = new Float64Array(returns.length);
  for (let i = 0; i < returns.length; i++) out[i] = returns[i] - (closes[i] > 0 ? closes[i + 1] / closes[i] - 1 : 0);
  return out;
}
