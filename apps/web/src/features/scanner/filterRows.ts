// The filter list the screen edits: rows with stable ids (React keys survive reordering and removal),
// the number inputs' rules (spec §5: range bounds, TA period clamp on blur, FA trend 2–5, MACD ≥ 1) and
// the per-category view. Row shapes, defaults and completeness come from the contract's codec.
import {
  clampFaPeriods,
  clampMacdPeriod,
  clampTaPeriod,
  clampToRange,
  defaultFilterRow,
  INDICATOR_RANGE_FILTERS,
  parseNumberInput,
  SCANNER_LIMITS,
  type FilterRow,
  type FilterType,
  type ScannerCategory,
} from '@app/contract';

export interface EditorRow {
  id: number;
  row: FilterRow;
}

let lastId = 0;
/** A fresh id for a row (unique in this page's lifetime). */
export const nextRowId = () => ++lastId;

/** Appends a row of `type` with the spec §9 defaults. */
export const addRow = (rows: EditorRow[], type: FilterType): EditorRow[] => [...rows, { id: nextRowId(), row: defaultFilterRow(type) }];

export const removeRow = (rows: EditorRow[], id: number): EditorRow[] => rows.filter((r) => r.id !== id);

export const replaceRow = (rows: EditorRow[], id: number, row: FilterRow): EditorRow[] => rows.map((r) => (r.id === id ? { id, row } : r));

/** Switching a row's type starts it over with that type's defaults. */
export const changeRowType = (rows: EditorRow[], id: number, type: FilterType): EditorRow[] =>
  rows.map((r) => (r.id === id && r.row.type !== type ? { id, row: defaultFilterRow(type) } : r));

/** The rows a category tab shows. */
export const rowsOf = (rows: EditorRow[], category: ScannerCategory) => rows.filter((r) => r.row.category === category);

/** Rows of a loaded query, with fresh ids. */
export const toEditorRows = (rows: FilterRow[]): EditorRow[] => rows.map((row) => ({ id: nextRowId(), row }));

export const plainRows = (rows: EditorRow[]): FilterRow[] => rows.map((r) => r.row);

// ───────────── number inputs ─────────────
// What a box's text means is the shared parser's call (10B, 1.2M, 10,000,000, 1e9); the rules below
// are the scanner's own: bounds, and the periods' clamping on blur.

/** The bounds of each range input (spec §9), by filter type. */
export const VALUE_BOUNDS = {
  price: SCANNER_LIMITS.price,
  volume: SCANNER_LIMITS.volume,
  market_cap: SCANNER_LIMITS.market_cap,
  rsi: SCANNER_LIMITS.rsi,
  vol_avg: SCANNER_LIMITS.vol_avg,
  bb_pctb: INDICATOR_RANGE_FILTERS.bb_pctb.limits,
  stoch: INDICATOR_RANGE_FILTERS.stoch.limits,
  adx: INDICATOR_RANGE_FILTERS.adx.limits,
  cci: INDICATOR_RANGE_FILTERS.cci.limits,
  roc: INDICATOR_RANGE_FILTERS.roc.limits,
  willr: INDICATOR_RANGE_FILTERS.willr.limits,
  fa_compare: SCANNER_LIMITS.faValue,
} as const;
export type BoundedType = keyof typeof VALUE_BOUNDS;

/** A range input's value: parsed, then held inside its filter's bounds. */
export function boundedValue(text: string, type: BoundedType): number | null {
  const v = parseNumberInput(text);
  return v === null ? null : clampToRange(v, VALUE_BOUNDS[type]);
}

/** The period kinds and their blur rules: TA 5–200, financial trend 2–5, MACD ≥ 1. */
export type PeriodKind = 'ta' | 'faTrend' | 'macd';

/** A period input's value once it loses focus: a whole number inside its range; blank or junk gives
 *  the fallback (the row's previous value). */
export function periodOnBlur(kind: PeriodKind, text: string, fallback: number): number {
  const v = parseNumberInput(text) ?? NaN;
  if (kind === 'ta') return clampTaPeriod(v, fallback);
  if (kind === 'faTrend') return Number.isFinite(v) ? clampFaPeriods(v) : fallback;
  return clampMacdPeriod(v, fallback);
}
