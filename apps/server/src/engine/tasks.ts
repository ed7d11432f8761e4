// What an engine worker thread runs: the quant engine's heavy calls, each a plain function of plain
// data (typed arrays cross the thread boundary by structured clone, or by sharing when they sit in a
// SharedArrayBuffer). The pool in pool.ts sends `{ name, input }`; results come back the same way.
import { backtest, evaluateCellBlocks, evaluateCells, pboPart, type BarWindow, type BlockSums, type DailyBars, type GridInput, type TemplateInput } from '@app/quant';
import { transferable } from './transfer.ts';
import { gridEntry } from './gridCache.ts';
import { optimizationResult, type ResultInput } from '../optimize/result.ts';
import { universeRows, type MemberItem } from '../universe/rows.ts';
import type { MembershipRule } from '../universe/membership.ts';
import { portfolioResult, type PortfolioInput } from '../universe/portfolio.ts';
import { rotationRun, type RotationRunInput } from '../rotation/run.ts';
import { endpoints, type TemplateDetail } from '@app/contract';
import { equityCurve, explainedTrades, runJson, runTemplate } from '../backtest/run.ts';
import { chartJson } from '../backtest/chart.ts';
import { engineAnswer } from './answer.ts';
import { warmEngine } from './warmup.ts';

/** What the chart's header says about the run. */
export interface ChartHead {
  symbol: string;
  name: string;
  start_date: string;
  end_date: string;
}

export const TASKS = {
  /** POST /api/submit_selection/'s answer for a stored template on bars, as JSON bytes. */
  backtestRun(input: { bars: DailyBars; template: TemplateDetail }) {
    return engineAnswer(endpoints.submitSelection, () => runJson(input.bars, input.template, runTemplate(input.bars, input.template)));
  },

  /** GET /api/backtest_chart/'s answer: the run, its indicator series and levels, as JSON bytes. */
  backtestChart(input: { head: ChartHead; bars: DailyBars; template: TemplateDetail }) {
    return engineAnswer(endpoints.backtestChart, () => {
      const { head, bars, template } = input;
      const result = runTemplate(bars, template, { levels: true });
      return chartJson(head, bars, template.indicators, { ...result, trades: explainedTrades(bars, template, result.trades) }, equityCurve(bars, result));
    });
  },

  /** One backtest: statistics, trades, equity and drawdown series (and stop/target levels when asked). */
  backtest(input: { bars: DailyBars; template: TemplateInput; levels?: boolean }) {
    const r = backtest(input.bars, input.template, { levels: input.levels });
    return transferable({ stats: r.stats, trades: r.trades, equity: r.equity, drawdown: r.drawdown, levels: r.levels }, [r.equity, r.drawdown]);
  },

  /** The objective of grid cells [from, to), NaN where a cell is empty. Chunks of one grid on the same
   *  bars share a `cacheKey`, so a thread checks the grid and computes its series once. A request for
   *  no cells is a caller warming the engine before it times a grid: the thread runs its warm-up grids
   *  (once) unless its pool already did. */
  optimizeCells(input: { bars: DailyBars; template: TemplateInput; grid: GridInput; from: number; to: number; window?: BarWindow; cacheKey?: string }) {
    if (input.to <= input.from) warmEngine();
    const { grid, series } = gridEntry(input.cacheKey, input.grid, input.template);
    const values = evaluateCells(input.bars, grid, input.from, input.to, { window: input.window, series });
    return transferable(values, [values]);
  },

  /** Warms this thread, then waits until `threads` threads have arrived (or a few seconds passed): the
   *  pool sends one per thread to know every thread is warm (pool.ts). */
  meet(input: { arrived: Int32Array; threads: number }) {
    warmEngine();
    const { arrived, threads } = input;
    Atomics.add(arrived, 0, 1);
    Atomics.notify(arrived, 0);
    const deadline = Date.now() + MEET_TIMEOUT_MS;
    for (let seen = Atomics.load(arrived, 0); seen < threads && Date.now() < deadline; seen = Atomics.load(arrived, 0)) {
      Atomics.wait(arrived, 0, seen, deadline - Date.now());
    }
    return null;
  },

  /** `optimizeCells` with each cell's daily returns summed per block (for the overfitting guards). */
  optimizeCellBlocks(input: { bars: DailyBars; template: TemplateInput; grid: GridInput; from: number; to: number; window?: BarWindow; cacheKey?: string }) {
    const { grid, series } = gridEntry(input.cacheKey, input.grid, input.template);
    const { values, blocks } = evaluateCellBlocks(input.bars, grid, input.from, input.to, { window: input.window, series });
    return transferable({ values, blocks }, [values, blocks.sums, blocks.squares]);
  },

  /** A range of a grid's PBO splits (a grid's splits are shared among the threads). */
  pboPart(input: { blocks: BlockSums; from: number; to: number }) {
    return pboPart(input.blocks, input.from, input.to);
  },

  /** A finished optimisation's answer: the best cell and the top rows in full, the heatmap, a walk-forward. */
  optimizeResult(input: ResultInput) {
    return optimizationResult(input);
  },

  /** A universe run's rows: each member symbol's single backtest over its bars, entries on member days. */
  universeRows(input: { template: TemplateInput; items: MemberItem[]; rule: MembershipRule }) {
    return universeRows(input);
  },

  /** A portfolio run over the symbols' bars. */
  portfolio(input: PortfolioInput) {
    return portfolioResult(input);
  },

  /** A rotation run over the symbols' histories (a saved scan judged as of each close). */
  rotation(input: RotationRunInput) {
    return rotationRun(input);
  },
};

/** How long a thread waits for the others at a `meet` (a thread that never comes must not hang it). */
const MEET_TIMEOUT_MS = 5_000;

export type TaskName = keyof typeof TASKS;
export type TaskInput<K extends TaskName> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskName> = ReturnType<(typeof TASKS)[K]>;

export function runTask({ name, input }: { name: TaskName; input: never }) {
  const task = TASKS[name] as (input: never) => unknown;
  if (!task) throw new Error(`unknown engine task ${name}`);
  return task(input);
}
