// An optimisation's overfitting guards from its cells: the Deflated Sharpe Ratio of the best cell
// (trials: the cells with trades; the variance of their Sharpe ratios; the best cell's skewness and
// kurtosis and number of daily returns) and, for a grid of at least PBO_MIN_CELLS cells with trades,
// the Probability of Backtest Overfitting over their daily returns, its splits shared among the
// engine's threads (engine/gridPbo.ts). The best cell's edge is also measured against buying and
// holding the same symbol over the same days, and the verdict needs enough trades to mean anything.
import { guardsVerdict, type OptimizationLuck } from '@app/contract';
import {
  cellSharpes, deflatedSharpe, equityReturns, excessOverBuyHold, moments, pickCells,
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
  /** the best cell's closed trades */
  bestTrades: number;
  /** the closes of the bars `bestEquity` is measured on: buy-and-hold's daily returns */
  closes: ArrayLike<number>;
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

export function optimizationLuck({ traded, bestEquity, bestTrades, closes, pbo }: LuckInput): OptimizationLuck | null {
  if (!bestEquity) return null;
  const returns = equityReturns(bestEquity);
  const sharpeVariance = traded ? variance(cellSharpes(traded)) : 0;
  // the deflated Sharpe of a return series: the same tries and the same bar the best of that many
  // unskilled cells would clear by chance, whether the series is the cell's returns or its excess
  const deflate = (r: Float64Array) => {
    const m = moments(r);
    const sharpe = m.sd > 0 ? m.mean / m.sd : null;
    let dsr: number | null = null;
    let benchmark: number | null = null;
    if (sharpe !== null && traded) {
      const d = deflatedSharpe({ sharpe, observations: r.length, trials: traded.cells, sharpeVariance, skew: m.skew, kurtosis: m.kurtosis });
      if (Number.isFinite(d.dsr)) ({ dsr, benchmark } = d);
    }
    return { sharpe, dsr, benchmark };
  };
  const own = deflate(returns);
  const excess = deflate(excessOverBuyHold(returns, closes));
  const guards = {
    trials: traded?.cells ?? 0,
    observations: returns.length,
    sharpe: own.sharpe === null ? null : own.sharpe * ANNUAL,
    sharpe_benchmark: own.benchmark === null ? null : own.benchmark * ANNUAL,
    deflated_sharpe: own.dsr,
    trades: bestTrades,
    excess_sharpe: excess.sharpe === null ? null : excess.sharpe * ANNUAL,
    excess_deflated_sharpe: excess.dsr,
    ...pboGuards(pbo),
  };
  return { ...guards, verdict: guardsVerdict(guards) };
}

const pboGuards = (pbo: PboResult | null) => ({
  pbo: pbo?.pbo ?? null,
  pbo_slope: pbo?.slope ?? null,
  pbo_oos_loss: pbo?.oosLossShare ?? null,
  pbo_splits: pbo?.splits ?? null,
});

/** Guards measured without the PBO (it was computed meanwhile, on other threads) with it: what
 *  optimizationLuck answers when given it. */
export function withPbo(luck: OptimizationLuck | null | undefined, pbo: PboResult | null): OptimizationLuck | null {
  if (!luck) return null;
  const guards = { ...luck, ...pboGuards(pbo) };
  return { ...guards, verdict: guardsVerdict(guards) };
}
