// The quant core: pure functions, no I/O. Used by the server (backtests, scanner) and the web app
// (chart overlays and panes), so a chart shows exactly the RSI the backtest traded on.
export type { DailyBars } from './types.ts';
export * from './riskReward.ts';
export * as indicators from './indicators/index.ts';
export { resample, resampleWeekly, resampleMonthly, type Frequency } from './resample.ts';
export { parseDay, formatDay } from './dates.ts';
