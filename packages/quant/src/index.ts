// The quant core: pure functions, no I/O. Used by the server (backtests, scanner) and the web app
// (chart overlays and panes), so a chart shows exactly the RSI the backtest traded on.
export { allocBars, type DailyBars } from './types.ts';
export * from './riskReward.ts';
export * as indicators from './indicators/index.ts';
export { resample, resampleWeekly, resampleMonthly, type Frequency } from './resample.ts';
export { parseDay, formatDay } from './dates.ts';
export { backtest, type BacktestResult, type Trade } from './engine.ts';
export type { Stats } from './stats.ts';
export {
  normalizeTemplate,
  TemplateError,
  DEFAULT_CASH,
  INDICATOR_NAMES,
  INDICATOR_DEFAULTS,
  COMPARE_OPS,
  type TemplateInput,
  type IndicatorInput,
  type Template,
  type Condition,
  type IndicatorName,
  type CompareOp,
  type IndicatorType,
} from './template.ts';
export { indicatorSeries, comparedWith, describeCondition } from './conditions.ts';
