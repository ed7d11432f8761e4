// An optimisation's parameters in a trader's words, shared by the Optimize screen and the name "Apply to
// template" gives a copy: "RSI buy period", "RSI buy + sell period" (linked rows), "Stop-loss (%)";
// a cell's values as "RSI buy period 14, Stop-loss 5 %".
import type { GridValue } from './optimize.ts';

type Row = { name: string; indicator_type: string };
type Param = { row?: number | null; rows?: readonly number[]; field: string };

/** Template fields a grid may vary, as the forms name them (exits in percent). */
export const GRID_TEMPLATE_FIELD_LABELS: Record<string, string> = {
  stop_loss_pct: 'Stop-loss (%)',
  take_profit_pct: 'Take-profit (%)',
  trailing_stop_pct: 'Trailing stop (%)',
  risk_pct: 'Risk per trade (%)',
  spread: 'Spread (%)',
  position_size: 'Position size (%)',
  commission: 'Commission (%)',
  commission_fixed: 'Fee per order ($)',
};
const ROW_FIELD_LABELS: Record<string, string> = {
  period: 'period', drift: 'drift', length: 'length', offset: 'offset', cvalue: 'level', multiplier: 'multiplier',
  fast: 'fast', slow: 'slow', signal: 'signal', stddev: 'std dev', k_smooth: '%K smoothing', d_period: '%D period',
};
/** A row field in words; a field of the indicator a row compares with reads "compared-with period". */
const rowFieldLabel = (field: string): string =>
  field.startsWith('against.') ? `compared-with ${rowFieldLabel(field.slice('against.'.length))}` : (ROW_FIELD_LABELS[field] ?? field);

/** The rows a parameter sets (one, several linked, or none for a template field). */
export const paramRows = (p: Param): number[] => (p.rows ? [...p.rows] : p.row === null || p.row === undefined ? [] : [p.row]);

/** A row in a trader's words: "RSI buy", "SMA sell #2" when two rows would read the same. */
export function rowLabel(rows: readonly Row[], row: number): string {
  const r = rows[row];
  if (!r) return `Row ${row + 1}`;
  const base = `${r.name} ${r.indicator_type.toLowerCase()}`;
  const same = rows.filter((o) => o.name === r.name && o.indicator_type === r.indicator_type);
  return same.length > 1 ? `${base} #${rows.slice(0, row + 1).filter((o) => o.name === r.name && o.indicator_type === r.indicator_type).length}` : base;
}

/** A parameter's name: "RSI buy period", "RSI buy + sell period", "Stop-loss (%)". */
export function paramLabel(rows: readonly Row[], p: Param): string {
  const at = paramRows(p);
  if (at.length === 0) return GRID_TEMPLATE_FIELD_LABELS[p.field] ?? p.field;
  const field = rowFieldLabel(p.field);
  const labels = at.map((r) => rowLabel(rows, r));
  const names = at.map((r) => rows[r]?.name);
  // "RSI buy + sell period" when the linked rows are one indicator
  if (at.length > 1 && names.every((n) => n !== undefined && n === names[0])) return `${names[0]} ${labels.map((l) => l.slice(names[0]!.length + 1)).join(' + ')} ${field}`;
  return `${labels.join(' + ')} ${field}`;
}

const round = (v: number) => Number(v.toPrecision(12));

/** Template fields held as fractions and shown in percent. */
const PERCENT_FIELDS = new Set(['stop_loss_pct', 'take_profit_pct', 'trailing_stop_pct', 'risk_pct', 'spread', 'position_size', 'commission']);
/** (A template field not named is an exit: percent.) */
const isPercent = (p: Omit<Param, 'field'> & { field?: string }) => paramRows({ ...p, field: p.field ?? '' }).length === 0 && (p.field === undefined || PERCENT_FIELDS.has(p.field));

/** A grid value as the screen shows it: percent fields back in percent, numbers without float noise. */
export function showValue(p: Omit<Param, 'field'> & { field?: string }, v: GridValue | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  return isPercent(p) ? `${round(v * 100)}` : String(round(v));
}

/** One parameter's value in words: "RSI buy period 14", "Stop-loss 5 %". */
export function paramValueWords(rows: readonly Row[], p: Param, v: GridValue): string {
  const label = paramLabel(rows, p);
  return isPercent(p) ? `${label.replace(/ \(%\)$/, '')} ${showValue(p, v)} %` : `${label.replace(/ \((\$)\)$/, '')} ${p.field === 'commission_fixed' ? '$' : ''}${showValue(p, v)}`;
}
