// A template row as a condition on bars: which indicator series it reads, what it compares it with,
// and how a trader reads it ("RSI(14) < 30"). The backtest, its chart and the scanner share these.
import type { DailyBars } from './types.ts';
import { ema, sma } from './indicators/movingAverages.ts';
import { rsi } from './indicators/rsi.ts';
import { obv } from './indicators/volume.ts';
import { supertrend } from './indicators/supertrend.ts';
import { normalizeTemplate, type Condition, type IndicatorInput } from './template.ts';

/** `=` in a template means equal within half a cent. */
export const EQUAL_TOLERANCE = 0.005;

/** The checked condition of one template row (defaults filled); throws TemplateError when bad. */
export function toCondition(row: IndicatorInput | Condition): Condition {
  if ('side' in row && 'op' in row) return row;
  return normalizeTemplate({ position_size: 1, indicators: [row] }).conditions[0];
}

/** The indicator series a row compares, offset applied, one value per bar (NaN in warm-up):
 *  RSI(period, drift), SMA(period), EMA(period), Supertrend(length, 3) line, or OBV. */
export function indicatorSeries(bars: DailyBars, row: IndicatorInput | Condition): Float64Array {
  const c = toCondition(row);
  switch (c.name) {
    case 'RSI': return rsi(bars.close, c.period, c.drift, c.offset);
    case 'SMA': return sma(bars.close, c.period, c.offset);
    case 'EMA': return ema(bars.close, c.period, c.offset);
    case 'SUPERTREND': return supertrend(bars.high, bars.low, bars.close, c.length, c.multiplier, c.offset).line;
    case 'OBV': return obv(bars.close, bars.volume, c.offset);
  }
}

/** What the indicator is compared with: the row's number (RSI, OBV) or 'close' (SMA, EMA, SUPERTREND). */
export function comparedWith(row: IndicatorInput | Condition): number | 'close' {
  const c = toCondition(row);
  return Number.isNaN(c.value) ? 'close' : c.value;
}

/** Same key for rows that read the same series, so a template computes each series once. */
export function seriesKey(c: Condition): string {
  switch (c.name) {
    case 'RSI': return `RSI/${c.period}/${c.drift}/${c.offset}`;
    case 'SMA': case 'EMA': return `${c.name}/${c.period}/${c.offset}`;
    case 'SUPERTREND': return `ST/${c.length}/${c.multiplier}/${c.offset}`;
    case 'OBV': return `OBV/${c.offset}`;
  }
}

/** ANDs one condition into `holds` (1 = holds on that bar). NaN never holds. One loop per operator,
 *  so the per-bar work is a load, a compare and a store. */
export function applyCondition(holds: Uint8Array, series: Float64Array, close: Float64Array, c: Condition): void {
  const n = holds.length;
  if (Number.isNaN(c.value)) {
    switch (c.op) {
      case '>': for (let i = 0; i < n; i++) holds[i] &= +(series[i] > close[i]); break;
      case '<': for (let i = 0; i < n; i++) holds[i] &= +(series[i] < close[i]); break;
      case '>=': for (let i = 0; i < n; i++) holds[i] &= +(series[i] >= close[i]); break;
      case '<=': for (let i = 0; i < n; i++) holds[i] &= +(series[i] <= close[i]); break;
      default: for (let i = 0; i < n; i++) holds[i] &= +(Math.abs(series[i] - close[i]) < EQUAL_TOLERANCE);
    }
    return;
  }
  const v = c.value;
  switch (c.op) {
    case '>': for (let i = 0; i < n; i++) holds[i] &= +(series[i] > v); break;
    case '<': for (let i = 0; i < n; i++) holds[i] &= +(series[i] < v); break;
    case '>=': for (let i = 0; i < n; i++) holds[i] &= +(series[i] >= v); break;
    case '<=': for (let i = 0; i < n; i++) holds[i] &= +(series[i] <= v); break;
    default: for (let i = 0; i < n; i++) holds[i] &= +(Math.abs(series[i] - v) < EQUAL_TOLERANCE);
  }
}

const OP_TEXT: Record<Condition['op'], string> = { '>': '>', '<': '<', '=': '=', '>=': '≥', '<=': '≤' };

/** A row in a trader's words: "RSI(14) < 30", "SMA(50) ≥ Close", "Supertrend(7, 3) > Close",
 *  "RSI(14, drift 2) < 30", "OBV offset 3 > 0". */
export function describeCondition(row: IndicatorInput | Condition): string {
  const c = toCondition(row);
  let left: string;
  switch (c.name) {
    case 'RSI': left = c.drift === 1 ? `RSI(${c.period})` : `RSI(${c.period}, drift ${c.drift})`; break;
    case 'SMA': case 'EMA': left = `${c.name}(${c.period})`; break;
    case 'SUPERTREND': left = `Supertrend(${c.length}, ${c.multiplier})`; break;
    case 'OBV': left = 'OBV'; break;
  }
  if (c.offset) left += ` offset ${c.offset}`;
  const right = Number.isNaN(c.value) ? 'Close' : String(c.value);
  return `${left} ${OP_TEXT[c.op]} ${right}`;
}
