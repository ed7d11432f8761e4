// A rotation's headline figures, read off its result by the same definitions as a single backtest's
// statistics (stats.ts): return, CAGR, Sharpe and maximum drawdown of the daily equity.
import { statValue } from '../stats.ts';
import { parseDay } from '../dates.ts';
import type { DailyBars } from '../types.ts';
import type { RotationResult } from './types.ts';

export interface RotationSummary {
  final_equity: number;
  return_pct: number | null;
  cagr_pct: number | null;
  /** a fraction of the peak, ≤ 0, in percent */
  max_drawdown_pct: number | null;
  sharpe: number | null;
  alpha: number | null;
  beta: number | null;
  /** traded value of every order (both sides) / 2 / the mean equity, per 365.25 days of the timeline */
  turnover_per_year: number | null;
  costs_paid: number;
  average_holdings: number;
  floored: number;
}

const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);

export function rotationSummary(r: Pick<RotationResult, 'orders' | 'time' | 'equity' | 'final_equity' | 'costs' | 'average_holdings' | 'floored' | 'alpha' | 'beta'>): RotationSummary {
  const equity = Float64Array.from(r.equity);
  const day = Int32Array.from(r.time, parseDay);
  // the return statistics read only the days of the bars
  const timeline = { day } as DailyBars;
  const stat = (key: string) => finite(statValue(key, timeline, equity, []));
  let traded = 0;
  for (const o of r.orders) traded += o.shares * o.price;
  let sum = 0;
  for (const e of equity) sum += e;
  const years = day.length > 1 ? (day[day.length - 1] - day[0]) / 365.25 : 0;
  return {
    final_equity: r.final_equity,
    return_pct: stat('Return [%]'),
    cagr_pct: stat('CAGR [%]'),
    max_drawdown_pct: stat('Max. Drawdown [%]'),
    sharpe: stat('Sharpe Ratio'),
    alpha: finite(r.alpha),
    beta: finite(r.beta),
    turnover_per_year: years > 0 && sum > 0 ? traded / 2 / (sum / equity.length) / years : null,
    costs_paid: r.costs.total,
    average_holdings: r.average_holdings,
    floored: r.floored,
  };
}
