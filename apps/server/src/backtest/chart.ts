import { chartEquity, chartValue, type BacktestChart, type ChartIndicator, type EquityCurve, type Indicator, type TradeLevels, type TradeMarker } from '@app/contract';
import { describeOperand, rowSeries, toCondition, type BacktestResult, type ChartLine, type DailyBars } from '@app/quant';

const SECONDS_PER_DAY = 86_400;

/** What /public/chart.html draws for a run: candles, trade markers, the series the template's
 *  conditions read (computed by the same quant functions the engine used), and the equity curve.
 *  Series are rounded to what the chart shows (chartValue), so the largest template over decades of
 *  bars stays a few MB. */
export function chartJson(
  head: { symbol: string; name: string; start_date: string; end_date: string },
  bars: DailyBars,
  indicators: Indicator[],
  result: BacktestResult,
  equity: EquityCurve,
): BacktestChart {
  const time = (bar: number) => bars.day[bar] * SECONDS_PER_DAY;
  const candles = Array.from(bars.day, (_, i) => ({
    time: time(i),
    open: bars.open[i],
    high: bars.high[i],
    low: bars.low[i],
    close: bars.close[i],
    volume: bars.volume[i],
  }));
  const markers: TradeMarker[] = [];
  for (const t of result.trades) {
    markers.push({ time: time(t.EntryBar), kind: 'entry', price: t.EntryPrice, size: t.Size, ...(t.Why && { why: t.Why.entry }) });
    markers.push({ time: time(t.ExitBar), kind: 'exit', price: t.ExitPrice, size: t.Size, reason: t.ExitReason, ...(t.Why && { why: t.Why.exit }) });
  }
  markers.sort((a, b) => a.time - b.time || (a.kind === 'exit' ? -1 : 1));
  const levels = result.levels.map((l) => ({ stop: levelPoints(l.stop, l.entryBar, time), target: levelPoints(l.target, l.entryBar, time) }));
  return { ...head, candles, markers, levels, indicators: indicatorLines(bars, indicators), equity: chartEquity(equity) };
}

/** A level's bars where it is set, as chart points. */
function levelPoints(values: Float64Array, entryBar: number, time: (bar: number) => number): TradeLevels['stop'] {
  const out: TradeLevels['stop'] = [];
  for (let k = 0; k < values.length; k++) if (!Number.isNaN(values[k])) out.push({ time: time(entryBar + k), value: chartValue(values[k]) });
  return out;
}

/** One line per distinct series (an RSI(14) BUY < 30 and SELL > 70 share one line with both levels;
 *  a row compared with another indicator draws both). Price-like lines go on the price pane,
 *  oscillators in their own; the values are the arrays the engine compared (quant's rowSeries). */
function indicatorLines(bars: DailyBars, indicators: Indicator[]): ChartIndicator[] {
  const byLabel = new Map<string, ChartIndicator>();
  const cache = new Map<string, Float64Array>();
  const lineOf = (l: ChartLine): ChartIndicator => {
    let line = byLabel.get(l.label);
    if (!line) {
      const values = Array.from(l.values, (v) => (Number.isNaN(v) ? null : chartValue(v)));
      line = { label: l.label, pane: l.overlay ? 'price' : 'own', values, levels: [] };
      byLabel.set(l.label, line);
    }
    return line;
  };
  for (const row of indicators) {
    const { left, right } = rowSeries(bars, row, cache);
    const line = lineOf(left);
    if (right.kind === 'indicator') lineOf(right.line);
    if (right.kind === 'value' && !line.levels.includes(right.value)) line.levels.push(right.value);
  }
  return [...byLabel.values()];
}

/** The series' name as the quant package words it: "RSI(14) < 30" → "RSI(14)". */
export function seriesLabel(row: Indicator): string {
  return describeOperand(toCondition(row));
}
