// Optimisation runs: a grid over a template's numbers on one of the user's periods, as
// backtesting.py's Backtest.optimize(method='grid') computes it, optionally as a walk-forward
// analysis; run in the background and read back while it runs. The grid's vocabulary and limits are
// the engine's (packages/quant); the server checks the values against the template itself.
import { z } from 'zod';
import { DEFAULT_SEARCH_SEED, MAX_GRID_CELLS, MAX_SEARCH_BUDGET, MAX_SEARCH_CELLS, NUMERIC_STAT_KEYS, ROW_FIELDS, TEMPLATE_FIELDS } from '@app/quant';
import { Id, RowId, Timestamp } from './backtest/fields.ts';
import { BacktestStats, BacktestTrade } from './backtest/run.ts';
import { OptimizationLuck } from './luck.ts';
import { INDICATOR_FIELDS, type ShownFields } from './backtest/indicators.ts';

export { DEFAULT_SEARCH_SEED, MAX_GRID_CELLS, MAX_SEARCH_BUDGET, MAX_SEARCH_CELLS, NUMERIC_STAT_KEYS };

/** How a run picks its cells: every cell of the grid, or a model-based search trying `budget` of them. */
export const OPTIMIZE_METHODS = ['grid', 'search'] as const;
export type OptimizeMethod = (typeof OPTIMIZE_METHODS)[number];
/** Above this many cells the Optimize screen suggests a search. */
export const SUGGEST_SEARCH_CELLS = 10_000;
/** A search's budget when none is given: this many cells, or every cell of a smaller space. */
export const DEFAULT_SEARCH_BUDGET = 2000;
/** The largest seed (seeds are 32-bit). */
export const MAX_SEARCH_SEED = 2 ** 32 - 1;

/** Row fields a run may vary: the ones a template stores (Supertrend's multiplier is fixed by the
 *  spec, so a result could not be applied to a template). */
export const OPTIMIZE_ROW_FIELDS = ROW_FIELDS.filter((f) => f !== 'multiplier' && f !== 'against.multiplier');
export const OPTIMIZE_TEMPLATE_FIELDS = TEMPLATE_FIELDS;
/** Runs a user may have queued or running at once. */
export const MAX_ACTIVE_OPTIMIZATIONS = 2;
/** The best cells listed with their statistics. */
export const TOP_CELLS = 20;

export const GridValue = z.union([z.number(), z.string().max(32)]);
export type GridValue = z.infer<typeof GridValue>;

export const GridParam = z.object({
  /** index into the template's indicator rows (in the order they were added); absent for a template field */
  row: z.number().int().min(0).max(99).optional(),
  /** linked rows instead of `row`: each value sets the field in every one of them */
  rows: z.array(z.number().int().min(0).max(99)).min(1).max(20).optional(),
  field: z.string().max(32),
  values: z.array(GridValue).min(1).max(1000),
});
export type GridParam = z.infer<typeof GridParam>;

export const WalkForwardSpec = z.object({
  folds: z.number().int().min(1).max(20),
  /** in-sample share of each fold's window */
  in_sample: z.number().min(0.5).max(0.95).default(0.75),
  /** in-sample windows grow from the first bar instead of sliding */
  anchored: z.boolean().default(false),
});
export type WalkForwardSpec = z.infer<typeof WalkForwardSpec>;

const objective = z.enum(NUMERIC_STAT_KEYS);

/** POST /api/optimizations/ body. */
export const OptimizationCreate = z
  .object({
    template_id: Id,
    period_id: Id,
    maximize: objective.optional(),
    minimize: objective.optional(),
    params: z.array(GridParam).min(1).max(6),
    /** cells with fewer trades count as empty */
    min_trades: z.number().int().min(0).max(1_000_000).optional(),
    /** cells whose maximum drawdown is deeper than this percent count as empty */
    max_drawdown_pct: z.number().min(0).max(100).optional(),
    walk_forward: WalkForwardSpec.optional(),
    /** `grid` (default): every cell; `search`: a model-based search trying `budget` cells */
    method: z.enum(OPTIMIZE_METHODS).default('grid'),
    /** a search's evaluations (at most the space's cells) */
    budget: z.number().int().min(1).max(MAX_SEARCH_BUDGET).optional(),
    /** a search's seed: the same seed tries the same cells */
    seed: z.number().int().min(0).max(MAX_SEARCH_SEED).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method !== 'search') {
      for (const key of ['budget', 'seed'] as const) {
        if (v[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `Only a search takes a ${key} (set method to "search").` });
      }
    }
    if ((v.maximize === undefined) === (v.minimize === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['maximize'], message: 'Choose one statistic to maximize or to minimize.' });
    }
    v.params.forEach((p, k) => {
      const allowed: readonly string[] = p.row === undefined && p.rows === undefined ? OPTIMIZE_TEMPLATE_FIELDS : OPTIMIZE_ROW_FIELDS;
      if (p.row !== undefined && p.rows !== undefined) ctx.addIssue({ code: 'custom', path: ['params', k, 'rows'], message: 'Give row or rows, not both.' });
      if (!allowed.includes(p.field)) ctx.addIssue({ code: 'custom', path: ['params', k, 'field'], message: `Choose one of ${allowed.join(', ')}.` });
    });
  });
export type OptimizationCreateInput = z.output<typeof OptimizationCreate>;

/** An indicator row as far as a grid cares: its indicator, and the one it compares with. */
export interface GridRow {
  name: string;
  against?: { name: string } | null;
}

/** Why grid parameter `k` cannot vary its field on its rows, or null when it can: a row field must
 *  be one the row's indicator has (its `against.` fields, one the indicator it compares with has),
 *  as the indicator form and the Optimize screen show them (INDICATOR_FIELDS). A copy of the
 *  template with such a field set could not be saved, so a run varying it would be wasted. */
export function gridParamProblem(rows: readonly GridRow[], p: Pick<GridParam, 'row' | 'rows' | 'field'>, k: number): string | null {
  for (const r of p.rows ?? (p.row !== undefined ? [p.row] : [])) {
    const row = rows[r];
    if (!row) continue; // not a row of the template: the engine's check names that
    const against = p.field.startsWith('against.');
    const of = against ? row.against : row;
    if (!of) return `params[${k}].field: row ${r} compares with no other indicator, so it has no ${p.field}`;
    const own = against ? p.field.slice('against.'.length) : p.field;
    const shown = (INDICATOR_FIELDS as Record<string, ShownFields | undefined>)[of.name];
    if (!shown?.[own as keyof ShownFields] || (against && own === 'cvalue')) {
      return `params[${k}].field: ${against ? `the ${of.name} row ${r} compares with` : `row ${r} (${of.name})`} has no ${own}`;
    }
  }
  return null;
}
export type OptimizationCreateBody = z.input<typeof OptimizationCreate>;

/** The number of cells of a grid (the product of its parameters' value counts). */
export const gridCells = (params: readonly { values: readonly unknown[] }[]) => params.reduce((n, p) => n * p.values.length, 1);

export const OPTIMIZATION_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/** A cell with its values in grid order. */
export const Cell = z.object({ index: z.number().int(), params: z.array(GridValue) });

const TopCell = Cell.extend({ value: z.number(), stats: BacktestStats });
const Curve = z.object({ time: z.array(z.string()), equity: z.array(z.number()) });

export const WalkForwardFold = z.object({
  in_sample: z.object({ start: z.string(), end: z.string() }),
  out_of_sample: z.object({ start: z.string(), end: z.string() }),
  params: z.array(GridValue).nullable(),
  in_sample_value: z.number().nullable(),
  out_of_sample_value: z.number().nullable(),
  out_of_sample_stats: BacktestStats.nullable(),
  /** the fold's in-sample grid's overfitting guards (absent on runs stored before they existed) */
  luck: OptimizationLuck.nullable().optional(),
});

export const OptimizationResult = z.object({
  /** the best cell (null when no cell traded), with its full statistics and trades */
  best: Cell.extend({ stats: BacktestStats, trades: z.array(BacktestTrade) }).nullable(),
  /** the best cells in objective order */
  top: z.array(TopCell),
  /** is the best cell's edge luck? The Deflated Sharpe Ratio and the Probability of Backtest
   *  Overfitting (null when no cell traded; absent on runs stored before they existed) */
  luck: OptimizationLuck.nullable().optional(),
  /** the objective of every cell in grid order (the last parameter changes fastest); null: no trade.
   *  A search's: the cells it tried only, in the order it tried them, their grid indices in `cells` */
  heatmap: z.array(z.number().nullable()),
  /** a search's tried cells (grid indices, the last parameter changing fastest); absent for a grid */
  cells: z.array(z.number().int()).optional(),
  walk_forward: z
    .object({
      folds: z.array(WalkForwardFold),
      /** the out-of-sample runs stitched into one account */
      out_of_sample: Curve.extend({ stats: BacktestStats, trades: z.array(BacktestTrade) }),
      /** the grid's best cell over the whole period, run over the same stretch (hindsight) */
      in_sample: z.object({ params: z.array(GridValue).nullable(), equity: z.array(z.number()) }),
      /** stitched out-of-sample annualised return ÷ the folds' mean in-sample annualised return (null
       *  unless that mean is a gain) */
      efficiency: z.number().nullable(),
    })
    .nullable(),
});
export type OptimizationResult = z.infer<typeof OptimizationResult>;

/** What the run was asked, as it started (the template as it was then). */
export const OptimizationRequest = z.object({
  template_id: RowId,
  template_name: z.string(),
  period_id: RowId,
  symbol: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  objective: z.string(),
  direction: z.enum(['maximize', 'minimize']),
  params: z.array(GridParam),
  min_trades: z.number().nullable(),
  max_drawdown_pct: z.number().nullable(),
  walk_forward: z.object({ folds: z.number().int(), in_sample: z.number(), anchored: z.boolean() }).nullable(),
  /** the grid's (the search space's) cell count */
  cells: z.number().int(),
  method: z.enum(OPTIMIZE_METHODS),
  /** a search's evaluations and seed (null for a grid) */
  budget: z.number().int().nullable(),
  seed: z.number().int().nullable(),
});
export type OptimizationRequest = z.infer<typeof OptimizationRequest>;

/** GET /api/optimizations/{id}/ answer (and the 202 of a start). */
export const Optimization = z.object({
  id: RowId,
  status: z.enum(OPTIMIZATION_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int(), eta_seconds: z.number().nullable() }),
  request: OptimizationRequest,
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
  error: z.string().nullable(),
  result: OptimizationResult.nullable(),
});
export type Optimization = z.infer<typeof Optimization>;

/** GET /api/optimizations/ item (no result). */
export const OptimizationListItem = Optimization.omit({ result: true });
export type OptimizationListItem = z.infer<typeof OptimizationListItem>;

/** POST /api/optimizations/{id}/apply/ body: the cell whose values a copy of the template takes. */
export const OptimizationApply = z.object({ index: z.number().int().min(0).max(MAX_SEARCH_CELLS - 1) });
