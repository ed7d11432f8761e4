// Position sizing with R multiples (spec §9). One "R" is the dollar amount lost if the stop is hit;
// every target is expressed as a multiple of it. Pure functions: the /rrc screen holds the inputs as
// typed text, parses them, and calls these.

/** Number of R levels shown: 1R to 10R. */
export const R_LEVELS = 10;

/** The calculator's starting inputs (spec §3): AAPL at $150, $100,000 portfolio, 1% position, 4% stop. */
export const DEFAULT_RISK_INPUTS = {
  symbol: 'AAPL',
  sharePrice: 150,
  portfolioSize: 100_000,
  positionSizePercent: 1,
  stopLossPercent: 4,
  stopLossPrice: 144.0,
} as const;

/** The step buttons move the stop by half a percent or half a dollar (spec §5). */
export const STOP_STEP = 0.5;
/** Smallest stop the percent-mode buttons go down to. */
export const MIN_STOP_PERCENT = 0.1;
/** Smallest stop price the price-mode buttons go down to. */
export const MIN_STOP_PRICE = 0;

export interface RiskInputs {
  sharePrice: number;
  portfolioSize: number;
  positionSizePercent: number;
  stopLossPercent: number;
}

export interface RiskResult {
  /** Dollars put into the position: portfolio × position% / 100. */
  amtPosition: number;
  /** Whole shares that amount buys: floor(amtPosition / price). */
  sharesToBuy: number;
  /** Dollars lost per share at the stop: price × stop% / 100. */
  riskPerShare: number;
  /** Exit price on a loss: price − riskPerShare. */
  stopPrice: number;
  /** Price at three times the risk: the level-3 price target. */
  target3r: number;
  /** Total dollars at risk (1R): shares × riskPerShare. */
  stopAmount: number;
  /** 1R as a percent of the portfolio. */
  riskEquity: number;
  /** Level n (1-based at index n−1): n × stopAmount. */
  rMultiples: number[];
  /** Level n: price + n × riskPerShare. */
  priceTargets: number[];
  /** Level n: n × stop%. */
  gainPercents: number[];
}

const finite = (x: number) => typeof x === 'number' && Number.isFinite(x);

/**
 * The risk summary and R levels, or null when the inputs cannot size a position. The spec clears the
 * result when the share price is non-numeric or ≤ 0, or another input is non-numeric; beyond that we
 * also refuse what no trader means: a portfolio ≤ 0 (risk % would divide by zero), a negative
 * position size, and a stop below 0% (above the entry) or beyond 100% (below zero).
 */
export function calculateRiskReward(i: RiskInputs): RiskResult | null {
  const { sharePrice, portfolioSize, positionSizePercent, stopLossPercent } = i;
  if (!finite(sharePrice) || sharePrice <= 0) return null;
  if (!finite(portfolioSize) || !finite(positionSizePercent) || !finite(stopLossPercent)) return null;
  if (portfolioSize <= 0 || positionSizePercent < 0 || stopLossPercent < 0 || stopLossPercent > 100) return null;

  const amtPosition = (portfolioSize * positionSizePercent) / 100;
  const sharesToBuy = Math.floor(amtPosition / sharePrice);
  const riskPerShare = (sharePrice * stopLossPercent) / 100;
  const stopPrice = sharePrice - riskPerShare;
  const stopAmount = sharesToBuy * riskPerShare;
  const riskEquity = (stopAmount / portfolioSize) * 100;

  const rMultiples: number[] = [];
  const priceTargets: number[] = [];
  const gainPercents: number[] = [];
  for (let n = 1; n <= R_LEVELS; n++) {
    rMultiples.push(n * stopAmount);
    priceTargets.push(sharePrice + n * riskPerShare);
    gainPercents.push(n * stopLossPercent);
  }
  return { amtPosition, sharesToBuy, riskPerShare, stopPrice, target3r: priceTargets[2], stopAmount, riskEquity, rMultiples, priceTargets, gainPercents };
}

/** Rounds to cents (or any number of decimals) without binary drift such as 3.5999999. */
export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round((x + Number.EPSILON * Math.sign(x)) * f) / f;
}

/** The stop price a stop percent means, in cents; null when either input is unusable. */
export function stopPriceFromPercent(sharePrice: number, stopLossPercent: number): number | null {
  if (!finite(sharePrice) || sharePrice <= 0 || !finite(stopLossPercent)) return null;
  return roundTo(sharePrice - (sharePrice * stopLossPercent) / 100, 2);
}

/**
 * The stop percent a stop price means. Applies only when the stop is below the share price (spec §5):
 * a stop at or above the entry is not a long position's stop, so null leaves the percent as it was.
 * Kept to 4 decimals so that converting back gives the same price to the cent.
 */
export function stopPercentFromPrice(sharePrice: number, stopLossPrice: number): number | null {
  if (!finite(sharePrice) || sharePrice <= 0 || !finite(stopLossPrice)) return null;
  if (stopLossPrice < 0 || stopLossPrice >= sharePrice) return null;
  return roundTo(((sharePrice - stopLossPrice) / sharePrice) * 100, 4);
}

/** Percent mode −/+ button: moves by 0.5, never below 0.1. A non-numeric field counts as 0. */
export function stepStopPercent(current: number, direction: 1 | -1): number {
  const from = finite(current) ? current : 0;
  return Math.max(MIN_STOP_PERCENT, roundTo(from + direction * STOP_STEP, 4));
}

/**
 * Price mode −/+ button: moves by $0.5, never below 0, and only when the new stop stays below the
 * share price; otherwise the stop is returned unchanged. A non-numeric field counts as 0.
 */
export function stepStopPrice(current: number, sharePrice: number, direction: 1 | -1): number {
  const from = finite(current) ? current : 0;
  const next = Math.max(MIN_STOP_PRICE, roundTo(from + direction * STOP_STEP, 2));
  if (!finite(sharePrice) || next >= sharePrice) return current;
  return next;
}
