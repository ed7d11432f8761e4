import { EXIT_FIELD_NAMES, type BacktestRun, type EquityCurve, type IndicatorFields, type TemplateDetail, type TemplateExitValues, type TemplateSettingValues } from '@app/contract';
import { backtest, explainTrades, TemplateError, type BacktestResult, type DailyBars, type Trade, type TemplateInput } from '@app/quant';
import { badRequest } from '../http/errors.ts';
import { backtestMonteCarlo } from './monteCarlo.ts';

const SECONDS_PER_DAY = 86_400;

/** A template's settings, exits and rows: a stored one, or a starter's. */
export type TemplateParts = TemplateSettingValues & TemplateExitValues & { indicators: IndicatorFields[] };

/** A stored template (or a starter's) as the engine reads it: its settings, exits and indicator rows. */
export function engineTemplate(template: TemplateParts): TemplateInput {
  const { position_size, commission, cash, indicators } = template;
  const exits = Object.fromEntries(EXIT_FIELD_NAMES.filter((f) => template[f] != null).map((f) => [f, template[f]]));
  return { position_size, commission, cash, ...exits, indicators };
}

/** Runs a stored template on bars with the quant engine. */
export function runTemplate(bars: DailyBars, template: TemplateDetail, opts: { levels?: boolean } = {}): BacktestResult {
  try {
    return backtest(bars, engineTemplate(template), opts);
  } catch (e) {
    // Rows are validated when stored, so this only guards rows written before a rule tightened.
    if (e instanceof TemplateError) throw badRequest(e.message);
    throw e;
  }
}

/** The engine's curves as JSON: equity, drawdown as a fraction ≤ 0 (the engine's is ≥ 0), and the
 *  equity of putting the same starting cash into the stock at the first close. */
export function equityCurve(bars: DailyBars, result: BacktestResult): EquityCurve {
  const n = bars.close.length;
  const cash = result.equity[0]; // the engine holds cash only on bar 0: bar 0 never decides
  const firstClose = bars.close[0];
  const time = new Array<number>(n);
  const buyHold = new Array<number>(n);
  const drawdown = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    time[i] = bars.day[i] * SECONDS_PER_DAY;
    buyHold[i] = (cash * bars.close[i]) / firstClose;
    drawdown[i] = result.drawdown[i] === 0 ? 0 : -result.drawdown[i];
  }
  return { time, equity: Array.from(result.equity), drawdown, buy_hold: buyHold };
}

/** A run's trades with why each opened and closed (read on the bars the run traded). */
export function explainedTrades(bars: DailyBars, template: TemplateParts, trades: Trade[]): Trade[] {
  const why = explainTrades(bars, engineTemplate(template), trades);
  return trades.map((t, i) => ({ ...t, Why: why[i] }));
}

/** POST /api/submit_selection/'s answer for a run of `template`. */
export function runJson(bars: DailyBars, template: TemplateParts, result: BacktestResult): BacktestRun {
  return {
    stats: result.stats,
    trades: explainedTrades(bars, template, result.trades),
    equity: equityCurve(bars, result),
    monte_carlo: backtestMonteCarlo(bars, result.trades, result.equity[0]),
  };
}
