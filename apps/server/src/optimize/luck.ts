// An optimisation's overfitting guards from its cells: the Deflated Sharpe Ratio of the best cell
// (trials: the cells with trades; the variance of their Sharpe ratios; the best cell's skewness and
// kurtosis and number of daily returns) and, for a grid of at least PBO_MIN_CELLS cells with trades,
// the Probability of Backtest Overfitting over their daily returns, its splits shared among the
// engine's threads (engine/gridPbo.ts).
import { luckVerdict, type OptimizationLuck } from '@app/contract';
import {
  cellSharpes, deflatedSharpe, equityReturns, moments, pickCells,
  type BlockSums, type PboResult,
} from '@app/quant';

const ANNUAL = Math.sqrt(252);

/** The block sums of the cells with trades only (the trials). */
export function tradedBlocks(values: Float64Array, blocks: BlockSums | null): BlockSums | null {
  if (!blocks) return null;
  const traded: number[] = [];
  values.forEach((v, i) => {
    if (!Number.isNaN(v)) traded.push(i);
  });
  return pickCells(blocks, traded);
}

export interface LuckInput {
  /** the cells with trades' per-block daily-return sums (null: the grid is too big to keep them) */
  traded: BlockSums | null;
  /** the best cell's equity over the same bars (null: no cell traded) */
  bestEquity: Float64Array | null;
  pbo: PboResult | null;
}

const variance = (xs: Float64Array) => {
  if (xs.length < 2) return 0;
  let mean = 0;
  for (const x of xs) mean += x / xs.length;
  let s = 0;
  for (const x of xs) s += (x - mean) ** 2;
  return s / (xs.length - 1);
};

export function optimizationLuck({ traded, bestEquity, pbo }: LuckInput): OptimizationLuck | null {
  if (!bestEquity) return null;
  const returns = equityReturns(bestEquity);
  const m = moments(returns);
  const sharpe = m.sd > 0 ? m.mean / m.sd : null;
  let dsr: number | null = null;
  let benchmark: number | null = null;
  if (sharpe !== null && traded) {
    const d = deflatedSharpe({ sharpe, observations: returns.length, trials: traded.cells, sharpeVariance: variance(cellSharpes(traded)), skew: m.skew, kurtosis: m.kurtosis });
    if (Number.isFinite(d.dsr)) {
      dsr = d.dsr;
      benchmark = d.benchmark;
    }
  }
  return {
    trials: traded?.cells ?? 0,
    observations: returns.length,
    sharpe: sharpe === null ? null : sharpe * ANNUAL,
    sharpe_benchmark: benchmark === null ? null : benchmark * ANNUAL,
    deflated_sharpe: dsr,
    pbo: pbo?.pbo ?? null,
    pbo_slope: pbo?.slope ?? null,
    pbo_oos_loss: pbo?.oosLossShare ?? null,
    pbo_splits: pbo?.splits ?? null,
    verdict: luckVerdict(dsr, pbo?.pbo ?? null),
  };
}
