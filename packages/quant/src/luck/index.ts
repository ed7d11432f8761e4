// Is it luck? Overfitting guards for an optimisation (the Deflated Sharpe Ratio of its best cell, the
// Probability of Backtest Overfitting of its grid) and a trade Monte Carlo for a backtest.
export { normalCdf, normalQuantile } from './normal.ts';
export { moments, sharpeFromSums, equityReturns, excessOverBuyHold, type Moments } from './moments.ts';
export { deflatedSharpe, expectedMaxSharpe, probabilisticSharpe, type DsrInput, type DsrResult } from './dsr.ts';
export {
  probabilityOfOverfitting, pboPart, combinePbo, splitCount, emptyBlockSums, addCellReturns, addCellEquity, placeBlockSums, pickCells, cellSharpes, blockStarts, halfSplits,
  PBO_BLOCKS, PBO_MIN_CELLS, PBO_MAX_CELLS, type BlockSums, type PboResult, type PboPart,
} from './pbo.ts';
export {
  monteCarlo, tradeReturns, seededRandom, percentileSorted, MONTE_CARLO_RESAMPLES, MONTE_CARLO_SEED,
  type MonteCarloResult, type ResampleSummary, type Percentiles,
} from './monteCarlo.ts';
