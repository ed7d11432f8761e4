// Running a backtest (POST /api/submit_selection/) and the backtest chart (GET /api/backtest_chart/,
// drawn by /public/chart.html). Stats and trades are the engine's (packages/quant); these schemas are
// typed against its types, so the answer cannot drift from what the engine returns.
import { z } from 'zod';
import { EXIT_REASONS, type Stats, type Trade } from '@app/quant';
import { Id } from './fields.ts';
import { Candle } from '../market.ts';

/** POST /api/submit_selection/ body; the chart page sends the same two ids as query parameters. */
export const SubmitSelection = z.object({ period_id: Id, template_id: Id });
export type SubmitSelectionInput = z.output<typeof SubmitSelection>;

/** backtesting.py's stats (`Start` … `Kelly Criterion`) exactly as the engine returns them: numbers,
 *  'YYYY-MM-DD' dates, 'N days' durations; null where undefined (e.g. every trade statistic of a run
 *  without trades). */
export const BacktestStats: z.ZodType<Stats> = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export type BacktestStats = Stats;

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
export const BacktestRun = z.object({ stats: BacktestStats, trades: z.array(BacktestTrade), equity: EquityCurve });
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
});
export type TradeMarker = z.infer<typeof TradeMarker>;

/** One indicator line the template trades on, e.g. 'RSI(14)'; warm-up bars are left out.
 *  `pane`: 'price' overlays the candles (SMA, EMA, SUPERTREND), 'own' gets a pane (RSI, OBV).
 *  `levels`: the compare values of the template's conditions on this line (RSI 30 and 70). */
export const ChartIndicator = z.object({
  label: z.string(),
  pane: z.enum(['price', 'own']),
  points: z.array(z.object({ time: z.number().int(), value: z.number() })),
  levels: z.array(z.number()),
});
export type ChartIndicator = z.infer<typeof ChartIndicator>;

const TimeValue = z.object({ time: z.number().int(), value: z.number() });

/** The stop-loss and take-profit in force on each bar of one trade (from the bar after its entry),
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
