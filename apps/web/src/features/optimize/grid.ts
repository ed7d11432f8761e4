import {
  DEFAULT_SEARCH_BUDGET,
  INDICATOR_FIELDS,
  MAX_GRID_CELLS,
  MAX_SEARCH_BUDGET,
  MAX_SEARCH_CELLS,
  MAX_SEARCH_SEED,
  parseNumberInput,
  OPTIMIZE_ROW_FIELDS,
  type GridParam,
  type GridValue,
  type OptimizationCreateBody,
  type OptimizationRequest,
  type OptimizationResult,
  type TemplateDetail,
  paramLabel,
  rowLabel,
  showValue,
} from '@app/contract';
import { EXIT_PARAM_LABELS, OPTIMIZE_TEXT as T } from './texts.ts';

// The Optimize screen's grid form as pure functions: what may be varied, the values a range or list
// typed by the user stands for, the number of cells as they type, and the request it becomes.

/** At most this many values per parameter (the engine's limit). */
export const MAX_VALUES = 1000;
/** Walk-forward runs every cell once per fold and once over the whole period: at most this many (the server's limit). */
export const MAX_CELL_RUNS = 500_000;

export type ExitParam = keyof typeof EXIT_PARAM_LABELS;
export const EXIT_PARAMS = Object.keys(EXIT_PARAM_LABELS) as ExitParam[];
type RowField = (typeof OPTIMIZE_ROW_FIELDS)[number];

/** Row fields that are bar counts: whole numbers (offset may be 0, the others at least 1). */
const WHOLE_FIELDS = new Set(['period', 'drift', 'length', 'offset']);

/** One parameter as the form holds it: what it varies and the text typed for its values. */
export interface ParamDraft {
  /** index into the template's indicator rows; null for a template field (an exit) */
  row: number | null;
  /** linked rows: the value sets this field in `row` and in these others too */
  linked?: number[];
  field: string;
  mode: 'range' | 'list';
  start: string;
  stop: string;
  step: string;
  list: string;
}

export const paramKey = (p: { row?: number | null; field: string }) => `${p.row ?? 'template'}:${p.field}`;
/** Every row:field a draft sets (its own and its linked rows'). */
export const draftKeys = (d: ParamDraft) => [paramKey(d), ...(d.linked ?? []).map((row) => paramKey({ row, field: d.field }))];
/** The draft as the contract's words read it (linked rows as `rows`). */
export const draftParam = (d: ParamDraft) => (d.linked?.length && d.row !== null ? { rows: [d.row, ...d.linked], field: d.field } : { row: d.row, field: d.field });
/** Other rows whose indicator has this field (they can take the same value); for an `against.` field,
 *  rows whose compared-with indicator has it (the slow average of both rows of a golden cross). */
export function linkableRows(template: Pick<TemplateDetail, 'indicators'>, d: ParamDraft): number[] {
  if (d.row === null) return [];
  const against = d.field.startsWith('against.');
  const own = against ? d.field.slice('against.'.length) : d.field;
  const uses = (name: string | undefined) => name !== undefined && (INDICATOR_FIELDS as unknown as Record<string, Record<string, boolean> | undefined>)[name]?.[own] === true;
  return template.indicators.flatMap((r, i) => (i !== d.row && uses(against ? (own === 'cvalue' ? undefined : r.against?.name) : r.name) ? [i] : []));
}

/** What an indicator (a row's own, or the one it compares with) reads, as one comparable string. */
const OPERAND_KEYS = ['name', 'output', 'period', 'drift', 'offset', 'length', 'multiplier', 'fast', 'slow', 'signal', 'stddev', 'k_smooth', 'd_period'] as const;
const operandKey = (o: object | null | undefined) => (o ? OPERAND_KEYS.map((k) => String((o as Record<string, unknown>)[k] ?? '')).join('|') : '');

/** Whether a field means the same number in two rows, so one axis should set both: an indicator's
 *  parameter where both rows use that indicator with the same parameters (RSI(14)'s period on its BUY
 *  and SELL rows; a golden cross's fast average), an `against.` parameter where both compare with the
 *  same indicator (its slow average), a threshold only where both rows read the same numbers on both
 *  sides (RSI below 30 and RSI above 70 keep their own thresholds). */
export function readSame(a: TemplateDetail['indicators'][number], b: TemplateDetail['indicators'][number], field = 'cvalue'): boolean {
  if (field.startsWith('against.')) return !!a.against && operandKey(a.against) === operandKey(b.against);
  if (operandKey(a) !== operandKey(b)) return false;
  if (field !== 'cvalue') return true;
  if (a.against || b.against) return operandKey(a.against) === operandKey(b.against);
  return String(a.cvalue ?? '') === String(b.cvalue ?? '') && String(a.cprice ?? '') === String(b.cprice ?? '');
}

/** How meaningful a row field is as a default axis: bar counts of the row's own indicator, then of the
 *  one it compares with, then the threshold; -1 for what a trader rarely varies (drift, offset, …). */
function axisRank(field: string): number {
  const periods = ['period', 'fast', 'slow', 'signal', 'length', 'k_smooth', 'd_period'];
  if (periods.includes(field)) return 0;
  if (field.startsWith('against.') && periods.includes(field.slice('against.'.length))) return 1;
  return field === 'cvalue' ? 2 : -1;
}

/** A new form's parameters: the two most meaningful numbers of the rules (periods, then thresholds;
 *  never drift or offset), row by row, each linked to the other rows where it means the same number. */
export function defaultDrafts(t: TemplateDetail): ParamDraft[] {
  const out: ParamDraft[] = [];
  const taken = new Set<string>();
  for (let row = 0; row < t.indicators.length && out.length < 2; row++) {
    const fields = paramChoices(t)
      .filter((c) => c.row === row && axisRank(c.field) >= 0)
      .sort((a, b) => axisRank(a.field) - axisRank(b.field));
    for (const { field } of fields) {
      if (out.length === 2 || taken.has(paramKey({ row, field }))) continue;
      const linked = linkableRows(t, { row, field } as ParamDraft).filter((r) => readSame(t.indicators[row], t.indicators[r], field) && !taken.has(paramKey({ row: r, field })));
      const d: ParamDraft = { ...newDraft(t, row, field), ...(linked.length > 0 && { linked }) };
      draftKeys(d).forEach((k) => taken.add(k));
      out.push(d);
    }
  }
  return out;
}

/** Exits are typed in percent (as on the Templates screen) and sent as fractions. */
const isPercent = (p: { row?: number | null }) => p.row === null || p.row === undefined;

// The parameters' words are the contract's, so "Apply to template" names a copy as this screen does.
export { paramLabel, rowLabel, showValue };

/** What the template lets a grid vary: each row's fields its indicator uses, then the exits. */
export function paramChoices(template: Pick<TemplateDetail, 'indicators'>): { row: number | null; field: string; label: string }[] {
  const rows = template.indicators;
  const out: { row: number | null; field: string; label: string }[] = [];
  rows.forEach((r, row) => {
    const uses = INDICATOR_FIELDS[r.name];
    // a row compared with another indicator can vary that indicator's parameters too ("against.period")
    const against = r.against ? INDICATOR_FIELDS[r.against.name as keyof typeof INDICATOR_FIELDS] : undefined;
    for (const field of OPTIMIZE_ROW_FIELDS as readonly RowField[]) {
      const own = field.startsWith('against.') ? field.slice('against.'.length) : field;
      const fields = field === own ? uses : against;
      if (fields && own in fields && fields[own as keyof typeof fields]) out.push({ row, field, label: paramLabel(rows, { row, field }) });
    }
  });
  for (const field of EXIT_PARAMS) out.push({ row: null, field, label: paramLabel(rows, { row: null, field }) });
  return out;
}

const round = (v: number) => Number(v.toPrecision(12));

/** A new parameter's starting range around the template's current value. */
export function newDraft(template: TemplateDetail, row: number | null, field: string): ParamDraft {
  const draft = (start: number, stop: number, step: number): ParamDraft => ({ row, field, mode: 'range', start: String(start), stop: String(stop), step: String(step), list: '' });
  if (row === null) {
    const now = template[field as ExitParam];
    const pct = now == null ? null : round(now * 100);
    if (pct === null) return field === 'take_profit_pct' ? draft(5, 20, 5) : draft(2, 10, 2);
    const step = pct >= 10 ? 5 : 1;
    return draft(Math.max(step, round(pct - 2 * step)), round(pct + 2 * step), step);
  }
  const r = template.indicators[row];
  if (field === 'cvalue') {
    const v = Number(r?.cvalue);
    return Number.isFinite(v) ? draft(Math.max(0, v - 10), r?.name === 'RSI' ? Math.min(100, v + 10) : v + 10, 5) : draft(20, 40, 5);
  }
  const from = field.startsWith('against.') ? (r?.against as Record<string, unknown> | null | undefined) : (r as unknown as Record<string, unknown> | undefined);
  const v = Number(from?.[field.replace(/^against\./, '')] ?? 0);
  if (field === 'offset') return draft(Math.max(0, v - 2), v + 2, 1);
  if (field === 'drift') return draft(1, Math.max(3, v + 2), 1);
  const step = v >= 20 ? 5 : 2;
  return draft(Math.max(2, v - 2 * step), v + 2 * step, step);
}

/** A value as typed, read by the app's shared number parser (1e3, 2.5k; 5% where the unit is percent). */
const toNumber = (s: string, percent = false): number | null => parseNumberInput(s, { percent });

export type Parsed = { values: number[]; error: null } | { values: null; error: string };

/** The values a draft stands for, in the units the engine reads (exits as fractions), or why not.
 *  A range includes its end when the steps land on it ("10 to 20 step 5" is 10, 15, 20). */
export function draftValues(d: ParamDraft): Parsed {
  let typed: number[];
  if (d.mode === 'range') {
    const [start, stop, step] = [toNumber(d.start, isPercent(d)), toNumber(d.stop, isPercent(d)), toNumber(d.step, isPercent(d))];
    if (start === null || stop === null || step === null) return { values: null, error: 'Enter numbers for from, to and step.' };
    if (step <= 0) return { values: null, error: 'The step must be more than 0.' };
    if (stop < start) return { values: null, error: '“To” must not be less than “from”.' };
    const count = Math.floor((stop - start) / step + 1e-9) + 1;
    if (count > MAX_VALUES) return { values: null, error: `At most ${MAX_VALUES.toLocaleString('en-US')} values per parameter (this is ${count.toLocaleString('en-US')}).` };
    typed = Array.from({ length: count }, (_, k) => round(start + k * step));
  } else {
    // a comma separates values here, so a list cannot take 10,000: 10k or 10000 can
    const parts = d.list.split(/[\s,;]+/).filter(Boolean);
    if (parts.length === 0) return { values: null, error: 'Enter at least one value.' };
    const nums = parts.map((p) => toNumber(p, isPercent(d)));
    const bad = parts.find((_, k) => nums[k] === null);
    if (bad !== undefined) return { values: null, error: `“${bad}” is not a number.` };
    typed = [...new Set(nums as number[])];
    if (typed.length > MAX_VALUES) return { values: null, error: `At most ${MAX_VALUES.toLocaleString('en-US')} values per parameter.` };
  }
  if (WHOLE_FIELDS.has(d.field) && d.row !== null) {
    const min = d.field === 'offset' ? 0 : 1;
    if (typed.some((v) => !Number.isInteger(v) || v < min)) return { values: null, error: `Whole numbers of ${min} or more only.` };
  }
  if (isPercent(d)) {
    if (typed.some((v) => v <= 0)) return { values: null, error: 'Percentages must be more than 0.' };
    return { values: typed.map((v) => round(v / 100)), error: null };
  }
  return { values: typed, error: null };
}

/** How a grid's size reads against its limits as the user types. */
export interface CellCount {
  /** product of the value counts; null while a parameter's values cannot be read (or there is none) */
  cells: number | null;
  /** the limit message when the grid is too big */
  error: string | null;
}

/** The number of cells of the drafts (and, for a walk-forward of `folds` folds, the runs it needs).
 *  A search of `searchBudget` cells may cover a far bigger space, and runs its budget per fold. */
export function cellCount(drafts: readonly ParamDraft[], folds: number | null = null, searchBudget: number | null = null): CellCount {
  if (drafts.length === 0) return { cells: null, error: null };
  let cells = 1;
  for (const d of drafts) {
    const p = draftValues(d);
    if (p.error !== null) return { cells: null, error: null };
    cells *= p.values.length;
  }
  const show = (n: number) => n.toLocaleString('en-US');
  if (searchBudget !== null) {
    if (cells > MAX_SEARCH_CELLS) return { cells, error: `The space has ${show(cells)} cells; a search takes at most ${show(MAX_SEARCH_CELLS)}.` };
    const tried = Math.min(searchBudget, cells);
    if (folds !== null && tried * (folds + 1) > MAX_CELL_RUNS) {
      return { cells, error: `${folds} folds of ${show(tried)} cells tried is ${show(tried * (folds + 1))} cell runs; at most ${show(MAX_CELL_RUNS)}.` };
    }
    return { cells, error: null };
  }
  if (cells > MAX_GRID_CELLS) return { cells, error: `The grid has ${show(cells)} cells; at most ${show(MAX_GRID_CELLS)}.` };
  if (folds !== null && cells * (folds + 1) > MAX_CELL_RUNS) {
    return { cells, error: `${folds} folds of ${show(cells)} cells is ${show(cells * (folds + 1))} cell runs; at most ${show(MAX_CELL_RUNS)}.` };
  }
  return { cells, error: null };
}

export interface RunSettings {
  objective: string;
  direction: 'maximize' | 'minimize';
  minTrades: string;
  maxDrawdown: string;
  walkForward: { folds: number; inSamplePct: number; anchored: boolean } | null;
  /** a model-based search instead of every cell: its budget (cells to try) and seed as typed; absent
   *  or null: a grid */
  search?: { budget: string; seed: string } | null;
}

/** A new search's settings. */
export const SEARCH_DEFAULTS = { budget: String(DEFAULT_SEARCH_BUDGET), seed: '1' };

/** The search's budget as a number, or null (a grid, or a budget that cannot be read). */
export function searchBudget(s: Pick<RunSettings, 'search'>): number | null {
  if (!s.search) return null;
  const b = toNumber(s.search.budget);
  return b !== null && Number.isInteger(b) && b >= 1 && b <= MAX_SEARCH_BUDGET ? b : null;
}

/** Errors of the objective and constraint fields ({} when valid). */
export function settingsErrors(s: RunSettings): Partial<Record<'minTrades' | 'maxDrawdown' | 'folds' | 'inSample' | 'budget' | 'seed', string>> {
  const e: Partial<Record<'minTrades' | 'maxDrawdown' | 'folds' | 'inSample' | 'budget' | 'seed', string>> = {};
  if (s.search) {
    if (searchBudget(s) === null) e.budget = `A whole number from 1 to ${MAX_SEARCH_BUDGET.toLocaleString('en-US')}.`;
    const seed = toNumber(s.search.seed);
    if (s.search.seed.trim() !== '' && (seed === null || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEARCH_SEED)) e.seed = 'A whole number of 0 or more.';
  }
  const minTrades = toNumber(s.minTrades);
  if (s.minTrades.trim() !== '' && (minTrades === null || !Number.isInteger(minTrades) || minTrades < 0)) e.minTrades = 'A whole number of 0 or more.';
  const dd = toNumber(s.maxDrawdown, true);
  if (s.maxDrawdown.trim() !== '' && (dd === null || dd < 0 || dd > 100)) e.maxDrawdown = 'A percentage from 0 to 100.';
  if (s.walkForward) {
    const { folds, inSamplePct } = s.walkForward;
    if (!Number.isInteger(folds) || folds < 1 || folds > 20) e.folds = 'From 1 to 20 folds.';
    if (!(inSamplePct >= 50 && inSamplePct <= 95)) e.inSample = 'From 50 % to 95 %.';
  }
  return e;
}

/** The POST /api/optimizations/ body of a valid form. */
export function requestBody(templateId: number, periodId: number, drafts: readonly ParamDraft[], s: RunSettings): OptimizationCreateBody {
  const params: GridParam[] = drafts.map((d) => ({
    ...(d.row !== null && (d.linked?.length ? { rows: [d.row, ...d.linked] } : { row: d.row })),
    field: d.field,
    values: draftValues(d).values ?? [],
  }));
  const minTrades = toNumber(s.minTrades);
  const dd = toNumber(s.maxDrawdown, true);
  return {
    template_id: templateId,
    period_id: periodId,
    [s.direction]: s.objective,
    params,
    ...(minTrades !== null && { min_trades: minTrades }),
    ...(dd !== null && { max_drawdown_pct: dd }),
    ...(s.walkForward && {
      walk_forward: { folds: s.walkForward.folds, in_sample: s.walkForward.inSamplePct / 100, anchored: s.walkForward.anchored },
    }),
    ...(s.search && {
      method: 'search' as const,
      budget: searchBudget(s) ?? undefined,
      ...(s.search.seed.trim() !== '' && { seed: toNumber(s.search.seed) ?? undefined }),
    }),
  };
}

/** The form's line for a parameter a run was started with: a range when its values are evenly
 *  spaced (two or more), otherwise a list; exits back in percent. */
export function draftFromParam(p: { row?: number | null; rows?: readonly number[]; field: string; values: readonly GridValue[] }): ParamDraft {
  const row = p.rows?.[0] ?? p.row ?? null;
  const shown = p.values.map((v) => showValue({ row }, v));
  const nums = shown.map(Number);
  const base: ParamDraft = { row, field: p.field, mode: 'list', start: '', stop: '', step: '', list: shown.join(', '), ...(p.rows && p.rows.length > 1 && { linked: p.rows.slice(1) }) };
  if (nums.length < 2 || nums.some((n) => !Number.isFinite(n))) return base;
  const step = round(nums[1] - nums[0]);
  const even = step > 0 && nums.every((n, k) => Math.abs(n - (nums[0] + k * step)) < 1e-9 * Math.max(1, Math.abs(n)));
  return even ? { ...base, mode: 'range', start: shown[0], stop: shown[shown.length - 1], step: String(step) } : base;
}

/** The objective, constraints and mode a run was started with, as the form holds them. */
export function settingsFromRequest(
  r: Pick<OptimizationRequest, 'objective' | 'direction' | 'min_trades' | 'max_drawdown_pct' | 'walk_forward'> & Partial<Pick<OptimizationRequest, 'method' | 'budget' | 'seed'>>,
): RunSettings {
  return {
    ...(r.method === 'search' && { search: { budget: String(r.budget ?? DEFAULT_SEARCH_BUDGET), seed: r.seed === null || r.seed === undefined ? '' : String(r.seed) } }),
    objective: r.objective,
    direction: r.direction,
    minTrades: r.min_trades === null ? '' : String(r.min_trades),
    maxDrawdown: r.max_drawdown_pct === null ? '' : String(r.max_drawdown_pct),
    walkForward: r.walk_forward && { folds: r.walk_forward.folds, inSamplePct: round(r.walk_forward.in_sample * 100), anchored: r.walk_forward.anchored },
  };
}

type Fold = NonNullable<OptimizationResult['walk_forward']>['folds'][number];

/** Why a walk-forward fold has no number in sample (`in`) or out of sample (`out`), or null when it
 *  has one: no cell traded (or made the minimum trades) in sample, so nothing ran after it; no trade
 *  out of sample; or a statistic that is not defined on so few trades (a Sharpe ratio of a flat account). */
export function foldGap(f: Fold, request: Pick<OptimizationRequest, 'objective' | 'min_trades'>, side: 'in' | 'out'): string | null {
  if (side === 'in') return f.in_sample_value !== null ? null : f.params === null ? T.noCell(request.min_trades) : T.undefinedValue(request.objective, 0);
  if (f.out_of_sample_value !== null) return null;
  if (f.params === null || !f.out_of_sample_stats) return T.notRun;
  const trades = Number(f.out_of_sample_stats['# Trades'] ?? 0);
  return trades === 0 ? T.noOosTrade : T.undefinedValue(request.objective, trades);
}
