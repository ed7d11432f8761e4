// The Deflated Sharpe Ratio (Bailey and López de Prado, "The Deflated Sharpe Ratio: Correcting for
// Selection Bias, Backtest Overfitting and Non-Normality", 2014): the probability that the selected
// strategy's true Sharpe ratio is above zero, once the Sharpe ratio that the best of N unskilled trials
// would show by chance alone is taken as the bar to clear.
import { normalCdf, normalQuantile } from './normal.ts';

const EULER_MASCHERONI = 0.5772156649015329;

export interface DsrInput {
  /** the selected strategy's Sharpe ratio per period (not annualised) */
  sharpe: number;
  /** number of return observations T */
  observations: number;
  /** number of independent trials N */
  trials: number;
  /** variance of the trials' Sharpe ratios (per period) */
  sharpeVariance: number;
  /** skewness γ₃ of the selected strategy's returns */
  skew: number;
  /** kurtosis γ₄ (3 for a normal) */
  kurtosis: number;
}

/** The expected maximum Sharpe ratio of N unskilled trials whose Sharpe ratios vary by `variance`
 *  (0 for one trial: nothing was selected). */
export function expectedMaxSharpe(trials: number, variance: number): number {
  if (trials <= 1 || !(variance > 0)) return 0;
  const g = EULER_MASCHERONI;
  return Math.sqrt(variance) * ((1 - g) * normalQuantile(1 - 1 / trials) + g * normalQuantile(1 - 1 / (trials * Math.E)));
}

/** The Probabilistic Sharpe Ratio of `sharpe` against the benchmark `benchmark`. */
export function probabilisticSharpe(sharpe: number, benchmark: number, observations: number, skew: number, kurtosis: number): number {
  const spread = 1 - skew * sharpe + ((kurtosis - 1) / 4) * sharpe * sharpe;
  if (!(observations > 1) || !(spread > 0)) return NaN;
  return normalCdf(((sharpe - benchmark) * Math.sqrt(observations - 1)) / Math.sqrt(spread));
}

export interface DsrResult {
  /** the probability that the true Sharpe ratio is above zero after the selection, in [0, 1] */
  dsr: number;
  /** the bar: the expected maximum Sharpe ratio of the trials by chance (per period) */
  benchmark: number;
}

export function deflatedSharpe(input: DsrInput): DsrResult {
  const benchmark = expectedMaxSharpe(input.trials, input.sharpeVariance);
  return { dsr: probabilisticSharpe(input.sharpe, benchmark, input.observations, input.skew, input.kurtosis), benchmark };
}
