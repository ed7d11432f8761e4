// Rotation (rebalancing) backtests: hold the top K members of a universe by a score, rebalanced weekly,
// monthly or quarterly; long or long/short, equal or inverse-volatility weights, a buffer, a template's
// rules and exits (docs/portfolio.md).
export { rotationBacktest } from './engine.ts';
export {
  normalizeRotationSpec, RotationSpecError, REBALANCE_PERIODS, SCORE_KINDS, ROTATION_ORDERS, ROTATION_SIDES, ROTATION_WEIGHTINGS,
  FILING_PERIODS, DEFAULT_ORDER, DEFAULT_FLOORS, ROTATION_DEFAULTS, MAX_ROTATION_TOP, MAX_SCORE_PERIOD,
  type RotationSpecInput, type RotationSpec, type ScoreInput, type Score, type FloorsInput, type RebalancePeriod, type ScoreKind,
  type RotationOrder as RotationRankOrder, type RotationSide, type RotationWeighting, type FilingPeriod,
} from './spec.ts';
export { EPS_FIELD, type RotationFiling } from './fundamentals.ts';
export { rotationSummary, type RotationSummary } from './summary.ts';
export type {
  RotationSymbol, RotationOptions, RotationOrder, RotationOrderSide, RotationTarget, RotationTrade, RotationTradeReason,
  RotationRebalance, RotationCosts, RotationResult,
} from './types.ts';
