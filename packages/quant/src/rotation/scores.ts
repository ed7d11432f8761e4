// What a member is ranked by at its bar j of the decision day d: each reads bars ≤ j and filings
// filed ≤ d only. NaN means the symbol has no score there (too few bars, no filing, a non-positive
// EPS) and leaves it out of the ranking.
import type { DailyBars } from '../types.ts';
import { rsi } from '../indicators/rsi.ts';
import type { Score } from './spec.ts';
import type { FilingTimeline } from './fundamentals.ts';

/** The symbol-level state a score may read; `rsi` is filled on first use (a causal series). */
export interface ScoredSymbol {
  bars: DailyBars;
  filings: FilingTimeline | null;
  rsi: Float64Array | null;
}

/** The fewest bars before index j a score needs (j ≥ this). */
export function scoreWarmup(score: Score): number {
  switch (score.kind) {
    case 'momentum': return score.period + score.skip;
    case 'rsi': return score.period;
    case 'volatility': return score.period;
    default: return 0;
  }
}

export function scoreAt(s: ScoredSymbol, j: number, d: number, score: Score): number {
  const close = s.bars.close;
  switch (score.kind) {
    case 'momentum': {
      const { period: n, skip: m } = score;
      return j >= n + m ? close[j - m] / close[j - m - n] - 1 : NaN;
    }
    case 'rsi': {
      s.rsi ??= rsi(close, score.period);
      return s.rsi[j];
    }
    case 'volatility': return returnsDeviation(close, j, score.period);
    case 'market_cap': return s.filings ? close[j] * s.filings.shares(d) : NaN;
    case 'pe': {
      const eps = s.filings ? s.filings.trailingEps(d) : NaN;
      return eps > 0 ? close[j] / eps : NaN;
    }
    case 'fa': return s.filings ? s.filings.latest(d, score.field, score.periodType) : NaN;
  }
}

/** The sample standard deviation of the `n` simple daily returns ending at bar j (needs j ≥ n): two
 *  passes, mean first, for a stable sum. NaN when there are too few bars. */
export function returnsDeviation(close: Float64Array, j: number, n: number): number {
  if (j < n || n < 2) return NaN;
  let mean = 0;
  for (let i = j - n + 1; i <= j; i++) mean += close[i] / close[i - 1] - 1;
  mean /= n;
  let ss = 0;
  for (let i = j - n + 1; i <= j; i++) {
    const r = close[i] / close[i - 1] - 1 - mean;
    ss += r * r;
  }
  return Math.sqrt(ss / (n - 1));
}
