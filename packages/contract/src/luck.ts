// "Is it luck?": the overfitting guards of an optimisation (the Deflated Sharpe Ratio of its best cell
// and the Probability of Backtest Overfitting of its grid) and a backtest's trade Monte Carlo. The
// math is the engine's (packages/quant/src/luck); these are the answers' shapes and the thresholds
// of the red/amber/green badge (docs/overfitting.md).
import { z } from 'zod';
import { PBO_MIN_CELLS } from '@app/quant';

export { PBO_MIN_CELLS };

/** The badge's thresholds: green needs a Deflated Sharpe of at least 0.95 and (when the grid has a
 *  PBO) a PBO of at most 20 %; red is a Deflated Sharpe below 0.5 or a PBO above 50 %; amber between. */
export const LUCK_THRESHOLDS = {
  green: { deflated_sharpe: 0.95, pbo: 0.2 },
  red: { deflated_sharpe: 0.5, pbo: 0.5 },
} as const;

/** Below this many trades of the best cell (in sample) its daily returns are a handful of runs, not a
 *  sample: no probability computed from them means anything, and the badge says so instead. */
export const LUCK_MIN_TRADES = 30;

export const LUCK_VERDICTS = ['green', 'amber', 'red', 'too_few_trades'] as const;
export type LuckVerdict = (typeof LUCK_VERDICTS)[number];

/** The badge for a Deflated Sharpe and a PBO (either may be missing; null when both are). */
export function luckVerdict(dsr: number | null, pbo: number | null): Exclude<LuckVerdict, 'too_few_trades'> | null {
  if (dsr === null && pbo === null) return null;
  const { green, red } = LUCK_THRESHOLDS;
  if ((dsr !== null && dsr < red.deflated_sharpe) || (pbo !== null && pbo > red.pbo)) return 'red';
  if ((dsr === null || dsr >= green.deflated_sharpe) && (pbo === null || pbo <= green.pbo)) return 'green';
  return 'amber';
}

/** The badge of a run's guards: too few trades to tell, else the Deflated Sharpe's and the PBO's badge
 *  where the Deflated Sharpe counts only as far as the edge over buying and holding also holds (the
 *  lower of the two), so a long strategy that only rides a rising market is not green. */
export function guardsVerdict(g: { trades: number; deflated_sharpe: number | null; excess_deflated_sharpe: number | null; pbo: number | null }): LuckVerdict | null {
  if (g.trades < LUCK_MIN_TRADES) return 'too_few_trades';
  const dsrs = [g.deflated_sharpe, g.excess_deflated_sharpe].filter((v): v is number => v !== null);
  return luckVerdict(dsrs.length ? Math.min(...dsrs) : null, g.pbo);
}

/** An optimisation's (or one walk-forward fold's in-sample grid's) guards. */
export const OptimizationLuck = z.object({
  /** trials: the cells with trades (the number of tries the best cell was picked from) */
  trials: z.number().int(),
  /** daily returns the best cell's figures are measured on */
  observations: z.number().int(),
  /** the best cell's Sharpe ratio of daily returns, annualised (×√252) */
  sharpe: z.number().nullable(),
  /** the annualised Sharpe ratio the best of `trials` unskilled cells would show by chance */
  sharpe_benchmark: z.number().nullable(),
  /** the probability that the best cell's true Sharpe ratio is above zero after the selection, 0–1 */
  deflated_sharpe: z.number().nullable(),
  /** the best cell's closed trades (in its window): below LUCK_MIN_TRADES the verdict is too_few_trades */
  trades: z.number().int(),
  /** the annualised Sharpe ratio of the best cell's daily returns less buy-and-hold's of the same symbol
   *  over the same days */
  excess_sharpe: z.number().nullable(),
  /** the Deflated Sharpe of those daily differences (same tries and luck bar): the probability that the
   *  best cell beats buying and holding, 0–1 */
  excess_deflated_sharpe: z.number().nullable(),
  /** Probability of Backtest Overfitting, 0–1 (null for fewer than 10 cells with trades, or a grid
   *  too big to hold every cell's returns) */
  pbo: z.number().nullable(),
  /** slope of out-of-sample against in-sample Sharpe ratio of the in-sample best cell across splits */
  pbo_slope: z.number().nullable(),
  /** share of splits where the in-sample best cell loses money out of sample */
  pbo_oos_loss: z.number().nullable(),
  /** half/half splits tried (12,870 for 16 blocks) */
  pbo_splits: z.number().int().nullable(),
  verdict: z.enum(LUCK_VERDICTS).nullable(),
});
export type OptimizationLuck = z.infer<typeof OptimizationLuck>;

const Percentiles = z.object({ p5: z.number(), p50: z.number(), p95: z.number() });

const ResampleSummary = z.object({
  /** final return in percent */
  return_pct: Percentiles,
  /** maximum drawdown in percent (≤ 0) */
  max_drawdown_pct: Percentiles,
  /** share of resamples that lose money, 0–1 */
  loss_share: z.number(),
});

/** A backtest's trades resampled: bootstrap (drawn with replacement) and shuffle (order permuted). */
export const MonteCarlo = z.object({
  resamples: z.number().int(),
  seed: z.number().int(),
  trades: z.number().int(),
  bootstrap: ResampleSummary,
  shuffle: ResampleSummary,
  /** the bootstrap's equity band: at the first entry and after each trade's exit (unix seconds) */
  band: z.object({ time: z.array(z.number().int()), p5: z.array(z.number()), p50: z.array(z.number()), p95: z.array(z.number()) }),
});
export type MonteCarlo = z.infer<typeof MonteCarlo>;
