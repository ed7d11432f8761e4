// Running a backtest (POST /api/submit_selection/) and the backtest chart (GET /api/backtest_chart/,
// drawn by /public/chart.html). Stats and trades are the engine's (packages/quant); these schemas are
// typed against its types, so the answer cannot drift from what the engine returns.
import { z } from 'zod';
import { EXIT_REASONS, type Stats, type Trade, type TradeWhy as QuantTradeWhy } from '@app/quant';
import { Id } from './fields.ts';
import { Candle } from '../market.ts';
import { MonteCarlo } from '../luck.ts';

/** POST /api/submit_selection/ body; the chart page sends the same two ids as query parameters. */
export const SubmitSelection = z.object({ period_id: Id, template_id: Id });
export type SubmitSelectionInput = z.output<typeof SubmitSelection>;

/** backtesting.py's stats (`Start` … `Kelly Criterion`) exactly as the engine returns them: numbers,
 *  'YYYY-MM-DD' dates, 'N days' durations; null where undefined (e.g. every trade statistic of a run
 *  without trades). */
export const BacktestStats: z.ZodType<Stats> = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export type BacktestStats = Stats;

/** The statistics in backtesting.py's order, the order every screen lists them in (a result read back
 *  from a JSON column comes with its keys in another order). */
export const STATS_ORDER = [
  'Start', 'End', 'Duration', 'Exposure Time [%]', 'Equity Final [$]', 'Equity Peak [$]', 'Commissions [$]', 'Return [%]',
  'Buy & Hold Return [%]', 'Return (Ann.) [%]', 'Volatility (Ann.) [%]', 'CAGR [%]', 'Sharpe Ratio', 'Sortino Ratio', 'Calmar Ratio',
  'Alpha [%]', 'Beta', 'Max. Drawdown [%]', 'Avg. Drawdown [%]', 'Max. Drawdown Duration', 'Avg. Drawdown Duration', '# Trades',
  'Win Rate [%]', 'Best Trade [%]', 'Worst Trade [%]', 'Avg. Trade [%]', 'Max. Trade Duration', 'Avg. Trade Duration', 'Profit Factor',
  'Expectancy [%]', 'SQN', 'Kelly Criterion',
] as const;

/** A result's statistics as [key, value] pairs in STATS_ORDER, any other key after them. */
export function orderedStats(stats: Stats): [string, Stats[string]][] {
  const rank = (k: string) => {
    const i = (STATS_ORDER as readonly string[]).indexOf(k);
    return i < 0 ? STATS_ORDER.length : i;
  };
  return Object.entries(stats).sort(([a], [b]) => rank(a) - rank(b));
}

const RowReading = z.object({
  rule: z.string(),
  left: z.string(),
  left_value: z.number().nullable(),
  right: z.string(),
  right_value: z.number().nullable(),
  text: z.string(),
});
const SignalReading = z.object({ date: z.string(), rows: z.array(RowReading) });

/** Why a trade opened and closed: in words ("SMA(50) 182.31 crossed above SMA(200) 181.94 on
 *  2017-03-17 → bought at the next open 182.50"), with the rule's numbers on the signal bar (the
 *  series the chart draws) or the level and the low or high that reached it. */
export const TradeWhy: z.ZodType<QuantTradeWhy> = z.object({
  entry: z.string(),
  exit: z.string(),
  entry_signal: SignalReading.nullable(),
  exit_signal: SignalReading.nullable(),
  exit_level: z
    .object({ kind: z.enum(['stop', 'target', 'trailing']), level: z.number(), date: z.string(), touched: z.enum(['low', 'high']), touched_value: z.number(), open: z.number() })
    .nullable(),
});
export type TradeWhy = QuantTradeWhy;

/** One closed trade in backtesting.py's form (ReturnPct is a fraction, times YYYY-MM-DD). */
export const BacktestTrade: z.ZodType<Trade> = z.object({
  Size: z.number(),
  EntryBar: z.number().int(),
  ExitBar: z.number().int(),
  EntryPrice: z.number(),
  ExitPrice: z.number(),
  PnL: z.number(),
  ReturnPct: z.number(),
  EntryTime: z.string(),
  ExitTime: z.string(),
  Duration: z.string(),
  /** why the trade ended: a SELL signal, the stop, the target, the trailing stop, or the end of the data */
  ExitReason: z.enum(EXIT_REASONS),
  /** why it opened and closed (a backtest's and a portfolio's trades; an optimisation's cells have none) */
  Why: TradeWhy.optional(),
});
export type BacktestTrade = Trade;

/** Per bar of the period: account equity, its drawdown from the running peak (fraction, ≤ 0) and
 *  the equity of buying at the first close with the same cash. `time` is the bar's unix seconds. */
export const EquityCurve = z.object({
  time: z.array(z.number().int()),
  equity: z.array(z.number()),
  drawdown: z.array(z.number()),
  buy_hold: z.array(z.number()),
});
export type EquityCurve = z.infer<typeof EquityCurve>;

/** POST /api/submit_selection/ answer. */
export const BacktestRun = z.object({
  stats: BacktestStats,
  trades: z.array(BacktestTrade),
  equity: EquityCurve,
  /** the trades resampled 1,000 times (seeded): how much of the result the order of the trades made;
   *  null without trades */
  monte_carlo: MonteCarlo.nullable(),
});
export type BacktestRun = z.infer<typeof BacktestRun>;

/** GET /api/backtest_chart/?period_id=&template_id= */
export const BacktestChartQuery = SubmitSelection;

export const TradeMarker = z.object({
  time: z.number().int(),
  kind: z.enum(['entry', 'exit']),
  price: z.number(),
  size: z.number(),
  /** exits only: why the trade ended (a stop, target or trailing exit is drawn apart from a signal) */
  reason: z.enum(EXIT_REASONS).optional(),
  /** why the trade opened (an entry) or closed (an exit), in words: shown on hover */
  why: z.string().optional(),
});
export type TradeMarker = z.infer<typeof TradeMarker>;

/** One indicator line the template trades on, e.g. 'RSI(14)'.
 *  `pane`: 'price' overlays the candles (SMA, EMA, SUPERTREND), 'own' gets a pane (RSI, OBV).
 *  `values`: one per candle, in the candles' order (their `time`), null on warm-up bars; rounded with
 *  chartValue. Aligned with the candles rather than {time, value} points: twenty lines over thirty
 *  years stay a few MB.
 *  `levels`: the compare values of the template's conditions on this line (RSI 30 and 70). */
export const ChartIndicator = z.object({
  label: z.string(),
  pane: z.enum(['price', 'own']),
  values: z.array(z.number().nullable()),
  levels: z.array(z.number()),
});
export type ChartIndicator = z.infer<typeof ChartIndicator>;

/** A chart's price-like value as precise as the chart shows it: cents from $1 up, four significant
 *  digits below (a penny stock's $0.01234). The chart answer sends its series this way. */
export function chartValue(v: number): number {
  if (!Number.isFinite(v)) return v;
  return Math.abs(v) >= 1 ? Math.round(v * 100) / 100 : Number(v.toPrecision(4));
}

/** A fraction the chart shows as a percent with two decimals (drawdown −12.34 %). */
export const chartFraction = (v: number) => Math.round(v * 10_000) / 10_000 || 0;

/** The equity curve as the chart answer sends it: dollars to the cent, drawdown to 0.01 %. */
export function chartEquity(e: EquityCurve): EquityCurve {
  return { time: e.time, equity: e.equity.map(chartValue), drawdown: e.drawdown.map(chartFraction), buy_hold: e.buy_hold.map(chartValue) };
}

const TimeValue = z.object({ time: z.number().int(), value: z.number() });

/** The stop-loss and take-profit in force on each bar of one trade (from its entry bar: live from the fill),
 *  drawn as short horizontal segments; empty where the template sets none. */
export const TradeLevels = z.object({ stop: z.array(TimeValue), target: z.array(TimeValue) });
export type TradeLevels = z.infer<typeof TradeLevels>;

export const BacktestChart = z.object({
  symbol: z.string(),
  name: z.string(),
  start_date: z.string().meta({ format: 'date' }),
  end_date: z.string().meta({ format: 'date' }),
  candles: z.array(Candle),
  markers: z.array(TradeMarker),
  levels: z.array(TradeLevels),
  indicators: z.array(ChartIndicator),
  equity: EquityCurve,
});
export type BacktestChart = z.infer<typeof BacktestChart>;
