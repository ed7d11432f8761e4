// The quant core: pure functions, no I/O. Used by the server (backtests, scanner) and the web app
// (chart overlays and panes), so a chart shows exactly the RSI the backtest traded on.
export { allocBars, allocSharedBars, sharedBars, windowBars, EXIT_REASONS, type DailyBars, type BarWindow, type ExitReason } from './types.ts';
export * from './riskReward.ts';
export { syntheticBars } from './syntheticBars.ts';
export * as indicators from './indicators/index.ts';
export { resample, resampleWeekly, resampleMonthly, type Frequency } from './resample.ts';
export { parseDay, formatDay } from './dates.ts';
export { backtest, type BacktestResult, type Trade, type TradeLevels } from './engine.ts';
export * from './optimize/index.ts';
export {
  portfolioBacktest, RANK_BY, RANK_BY_TEXT, MAX_PORTFOLIO_POSITIONS,
  type RankBy, type PortfolioSymbol, type PortfolioOptions, type PortfolioResult, type PortfolioTrade, type PortfolioCosts,
} from './portfolio.ts';
export { alphaBeta, closesOnTimeline, turnoverByYear } from './runFigures.ts';
export * from './rotation/index.ts';
export type { Stats } from './stats.ts';
export {
  normalizeTemplate,
  TemplateError,
  DEFAULT_CASH,
  EXIT_FIELDS,
  EXIT_FIELD_NAMES,
  exitFieldInRange,
  exitFieldRangeText,
  RISK_NEEDS_STOP,
  type ExitField,
  type Exits,
  INDICATOR_NAMES,
  INDICATOR_TYPES,
  INDICATOR_DEFAULTS,
  COMPARE_OPS,
  COMPARE_ALIASES,
  CPRICES,
  MAX_INDICATOR_WINDOW,
  MAX_TEMPLATE_ROWS,
  MAX_GROUP,
  LONG_SIDES,
  SHORT_SIDES,
  MIXED_SIDES,
  TOO_MANY_ROWS,
  NESTED_AGAINST,
  sidesError,
  isShortTemplate,
  toCompareOp,
  MIRRORED_OPS,
  type OperandInput,
  type Operand,
  type ConditionOp,
  type TemplateInput,
  type IndicatorInput,
  type Template,
  type Condition,
  type IndicatorName,
  type CompareOp,
  type IndicatorType,
  type CPrice,
} from './template.ts';
export {
  indicatorSeries, operandSeries, sideHoldsAt, toCondition, comparedWith, describeCondition, describeOperand, describeRule, rowSeries, outputLabel, MIRRORED_CONDITION_OPS,
  type RowSeries, type ChartLine,
} from './conditions.ts';
export {
  INDICATOR_SPECS, SPEC_INDICATOR_NAMES, PARAM_FIELDS, MIN_PERIOD, MAX_PERIOD, MIN_STDDEV, MAX_STDDEV,
  indicatorSpec, defaultOutput, outputSpec, isPriceLike, paramSpec, paramInRange, paramRangeText,
  type IndicatorSpec, type ParamSpec, type OutputSpec, type ParamField,
} from './indicatorSpecs.ts';
export * from './luck/index.ts';
export { explainTrades, readConditions, describeReading, readable, type TradeWhy, type RowReading, type SignalReading, type LevelReading, type ExplainedTrade } from './explain.ts';
