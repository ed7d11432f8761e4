// An optimisation grid, as backtesting.py's `Backtest.optimize(method='grid')` takes one: named
// parameters, each with a list of values; the cells are their Cartesian product in the order given,
// the last parameter changing fastest. A parameter is a field of one indicator row (`row` given) or
// a template field (no `row`). See ARCHITECTURE.md "Optimisation".
import { EXIT_FIELDS, normalizeRow, normalizeTemplate, TemplateError, type Condition, type ExitField, type Exits, type IndicatorInput, type Operand, type Template, type TemplateInput } from '../template.ts';

/** Numeric fields of an indicator a grid may vary, on a row or (as `against.<field>`) on the
 *  indicator the row compares with. */
export const OPERAND_FIELDS = ['period', 'length', 'multiplier', 'offset', 'drift', 'fast', 'slow', 'signal', 'stddev', 'k_smooth', 'd_period'] as const;
/** Row fields a grid may vary: its own, its compare value, and its `against` indicator's (`against.period`). */
export const ROW_FIELDS = [
  'period', 'cvalue', 'length', 'multiplier', 'offset', 'drift', 'fast', 'slow', 'signal', 'stddev', 'k_smooth', 'd_period',
  ...OPERAND_FIELDS.map((f) => `against.${f}` as const),
] as const;
/** Template fields a grid may vary. */
export const TEMPLATE_FIELDS = [
  'position_size', 'commission', 'stop_loss_pct', 'take_profit_pct', 'trailing_stop_pct', 'spread', 'commission_fixed', 'risk_pct',
] as const;

/** Statistics keys whose value is a number (the ones an optimiser can rank cells by). */
export const NUMERIC_STAT_KEYS = [
  'Exposure Time [%]', 'Equity Final [$]', 'Equity Peak [$]', 'Commissions [$]', 'Return [%]', 'Buy & Hold Return [%]',
  'Return (Ann.) [%]', 'Volatility (Ann.) [%]', 'CAGR [%]', 'Sharpe Ratio', 'Sortino Ratio', 'Calmar Ratio', 'Alpha [%]', 'Beta',
  'Max. Drawdown [%]', 'Avg. Drawdown [%]', '# Trades', 'Win Rate [%]', 'Best Trade [%]', 'Worst Trade [%]', 'Avg. Trade [%]',
  'Profit Factor', 'Expectancy [%]', 'SQN', 'Kelly Criterion',
] as const;

/** At most this many cells in one grid (a clear error beyond). */
export const MAX_GRID_CELLS = 100_000;
/** At most this many values per parameter, and parameters per grid. */
export const MAX_GRID_VALUES = 1_000;
export const MAX_GRID_PARAMS = 6;

export type GridValue = number | string;

export interface GridParam {
  /** index into the template's indicators; absent for a template field */
  row?: number;
  /** linked rows instead of `row`: each value sets this field in every one of them (one RSI period for
   *  the BUY and the SELL row) */
  rows?: number[];
  field: string;
  values: GridValue[];
}

export interface GridInput {
  /** the statistics key to maximise (or `minimize` instead) */
  maximize?: string;
  minimize?: string;
  params: GridParam[];
  /** cells that fail a constraint count as empty (null): fewer trades, or a deeper drawdown (percent) */
  min_trades?: number;
  max_drawdown_pct?: number;
}

/** A checked grid. */
export interface Grid {
  /** the template the grid varies, checked */
  base: Template;
  /** per parameter, per value: where the value goes in the checked template */
  patches: Patch[][];
  objective: string;
  direction: 1 | -1;
  params: GridParam[];
  /** values per parameter, and the cell count (their product) */
  radix: number[];
  cells: number;
  minTrades: number;
  maxDrawdownPct: number;
}

/** A grid that cannot run; the message names the field and the problem. */
export class GridError extends Error {
  override name = 'GridError';
}

/** Checks a grid against its template (every value of every parameter must make a valid template).
 *  `maxCells` lifts the cell limit for a search, which tries only some of the cells. */
export function parseGrid(input: GridInput, template: TemplateInput, opts: { maxCells?: number } = {}): Grid {
  const maxCells = opts.maxCells ?? MAX_GRID_CELLS;
  if (!isObject(input)) throw new GridError('grid must be an object');
  const { maximize, minimize } = input;
  if ((maximize == null) === (minimize == null)) throw new GridError('give either maximize or minimize: a statistics key');
  const objective = String(maximize ?? minimize);
  if (!(NUMERIC_STAT_KEYS as readonly string[]).includes(objective)) {
    throw new GridError(`${maximize != null ? 'maximize' : 'minimize'}: "${objective}" is not a numeric statistic (one of ${NUMERIC_STAT_KEYS.join(', ')})`);
  }
  if (!Array.isArray(input.params) || input.params.length === 0) throw new GridError('params must be a non-empty list');
  if (input.params.length > MAX_GRID_PARAMS) throw new GridError(`params: at most ${MAX_GRID_PARAMS} parameters`);
  const indicators = Array.isArray(template.indicators) ? template.indicators : [];
  const seen = new Set<string>();
  const patches: Patch[][] = [];
  const params = input.params.map((p, k): GridParam => {
    const at = `params[${k}]`;
    if (!isObject(p)) throw new GridError(`${at} must be an object`);
    const field = String(p.field ?? '');
    if (p.row != null && p.rows != null) throw new GridError(`${at}: give row or rows, not both`);
    const rows = p.rows != null ? p.rows : p.row != null ? [p.row] : null;
    if (rows !== null) {
      if (!Array.isArray(rows) || rows.length === 0) throw new GridError(`${at}.rows must list indicator rows`);
      for (const r of rows) {
        if (!Number.isInteger(r) || r < 0 || r >= indicators.length) {
          throw new GridError(`${at}.${p.rows != null ? 'rows' : 'row'} must be the index of one of the template's ${indicators.length} indicator rows`);
        }
      }
      if (new Set(rows).size !== rows.length) throw new GridError(`${at}.rows names a row twice`);
      if (!(ROW_FIELDS as readonly string[]).includes(field)) throw new GridError(`${at}.field must be one of ${ROW_FIELDS.join(', ')} for a row`);
      const plain = field.startsWith('against.') ? rows.find((r) => !isObject(indicators[r].against)) : undefined;
      if (plain !== undefined) {
        throw new GridError(`${at}.field: row ${plain} compares with no other indicator, so it has no ${field}`);
      }
    } else if (!(TEMPLATE_FIELDS as readonly string[]).includes(field)) {
      throw new GridError(`${at}.field must be one of ${TEMPLATE_FIELDS.join(', ')} (or give row for an indicator field)`);
    }
    for (const key of rows === null ? [`/${field}`] : rows.map((r) => `${r}/${field}`)) {
      if (seen.has(key)) throw new GridError(`${at}: ${rows !== null ? `row ${key.split('/')[0]} ` : ''}${field} is already a parameter`);
      seen.add(key);
    }
    if (!Array.isArray(p.values) || p.values.length === 0) throw new GridError(`${at}.values must be a non-empty list`);
    if (p.values.length > MAX_GRID_VALUES) throw new GridError(`${at}.values: at most ${MAX_GRID_VALUES} values`);
    patches.push(
      p.values.map((v: unknown) => {
        if (!(typeof v === 'number' && Number.isFinite(v)) && typeof v !== 'string') throw new GridError(`${at}.values: ${JSON.stringify(v)} is not a number`);
        // every value must make a runnable template on its own; what it changes there is its patch.
        // Only what the value changes is checked here (its rows, or the template's own fields): the
        // rest is checked once, as the base, below.
        try {
          if (rows === null) return templatePatch(normalizeTemplate({ ...applyParam(template, undefined, field, v), indicators: [] }), field);
          const t = rows.reduce((acc, r) => applyParam(acc, r, field, v), template);
          const [first, ...more] = rows.map((r) => rowPatch(normalizeRow(t.indicators[r], `indicators[${r}]`), r, field));
          return more.length ? { ...first, more } : first;
        } catch (e) {
          if (e instanceof TemplateError) throw new GridError(`${at}.values: ${JSON.stringify(v)}: ${e.message}`);
          throw e;
        }
      }),
    );
    return p.rows != null ? { rows: p.rows, field, values: p.values } : p.row != null ? { row: p.row, field, values: p.values } : { field, values: p.values };
  });
  const radix = params.map((p) => p.values.length);
  const cells = radix.reduce((a, b) => a * b, 1);
  if (cells > maxCells) throw new GridError(`the grid has ${cells.toLocaleString('en-US')} cells; at most ${maxCells.toLocaleString('en-US')}`);
  const minTrades = optionalNumber(input.min_trades, 'min_trades', 0, 1e9) ?? 0;
  const maxDrawdownPct = optionalNumber(input.max_drawdown_pct, 'max_drawdown_pct', 0, 100) ?? Infinity;
  let base: Template;
  try {
    base = normalizeTemplate(template);
  } catch (e) {
    if (e instanceof TemplateError) throw new GridError(`template: ${e.message}`);
    throw e;
  }
  return { base, patches, objective, direction: maximize != null ? 1 : -1, params, radix, cells, minTrades, maxDrawdownPct };
}

/** The parameter values of cell `index` (the last parameter changes fastest). */
export function cellParams(grid: Grid, index: number): GridValue[] {
  const out = new Array<GridValue>(grid.params.length);
  for (let k = grid.params.length - 1; k >= 0; k--) {
    const r = grid.radix[k];
    out[k] = grid.params[k].values[index % r];
    index = Math.floor(index / r);
  }
  return out;
}

/** The checked template of cell `index`: the base with each parameter's value put in. Built from
 *  patches made when the grid was checked, so a cell costs a few object copies, not a validation. */
export function cellTemplate(grid: Grid, index: number): Template {
  const { base } = grid;
  let conditions: Condition[] | null = null;
  let exits: Exits | null = null;
  let t: Template = base;
  for (let k = grid.params.length - 1; k >= 0; k--) {
    const r = grid.radix[k];
    const patch = grid.patches[k][index % r];
    index = Math.floor(index / r);
    if (patch.row !== undefined) {
      conditions ??= base.conditions.slice();
      for (const one of [patch, ...(patch.more ?? [])]) {
        const c = conditions[one.row!];
        conditions[one.row!] = one.against ? { ...c, against: { ...c.against!, [one.key]: one.value } } : { ...c, [one.key]: one.value };
      }
    } else if (patch.exit) {
      exits ??= { ...base.exits };
      exits[patch.key as keyof Exits] = patch.value;
    } else {
      t = { ...t, [patch.key]: patch.value };
    }
  }
  return { ...t, conditions: conditions ?? base.conditions, exits: exits ?? base.exits };
}

/** Where one grid value lands in a checked template. */
interface Patch {
  row?: number;
  /** the same value in linked rows */
  more?: Patch[];
  /** a field of Condition (of its `against` operand when `against`), Template or (exit) Exits */
  key: string;
  against?: boolean;
  exit?: boolean;
  value: number;
}

/** The checked row field `field` of condition `c` (row `row`), as a patch. */
function rowPatch(c: Condition, row: number, field: string): Patch {
  if (field.startsWith('against.')) {
    const key = OPERAND_KEY[field.slice('against.'.length)] ?? field.slice('against.'.length);
    return { row, key, against: true, value: c.against![key as keyof Operand] as number };
  }
  const key = field === 'cvalue' ? 'value' : (OPERAND_KEY[field] ?? field);
  return { row, key, value: c[key as keyof Condition] as number };
}

/** The checked template field `field` of `t`, as a patch. */
function templatePatch(t: Template, field: string): Patch {
  if (field === 'position_size') return { key: 'positionSize', value: t.positionSize };
  if (field === 'commission') return { key: 'commission', value: t.commission };
  const key = EXIT_FIELDS[field as ExitField].key;
  return { key, exit: true, value: t.exits[key] };
}

/** The checked operand's name of a template field where they differ. */
const OPERAND_KEY: Record<string, keyof Operand> = { k_smooth: 'kSmooth', d_period: 'dPeriod' };

function applyParam(t: TemplateInput, row: number | undefined, field: string, value: GridValue): TemplateInput {
  if (row == null) return { ...t, [field]: value };
  const indicators = t.indicators.slice();
  const r = indicators[row];
  indicators[row] = field.startsWith('against.')
    ? { ...r, against: { ...r.against!, [field.slice('against.'.length)]: value } }
    : ({ ...r, [field]: value } as IndicatorInput);
  return { ...t, indicators };
}

function optionalNumber(v: unknown, field: string, min: number, max: number): number | undefined {
  if (v == null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw new GridError(`${field} must be a number from ${min} to ${max}`);
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
