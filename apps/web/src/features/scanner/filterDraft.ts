// The scanner's unsaved filters, carried across a sign-in in the tab's session (lib/sessionDraft.ts):
// a signed-out visitor builds filters, presses "Login to Scan", and finds them again after logging in.
import { defaultFilterRow, FILTER_TYPES, SCANNER_CATEGORIES, type FilterRow, type FilterType, type ScannerCategory } from '@app/contract';

export const SCANNER_DRAFT_KEY = 'scanner-filters';

export interface ScannerDraft {
  category: ScannerCategory;
  rows: FilterRow[];
}

const TYPES = new Set<string>(Object.values(FILTER_TYPES).flatMap((ts) => ts.map((t) => t.type)));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored row rebuilt on its type's defaults: each field kept only when it has the default's kind
 *  (a number input may also be empty, null); unknown types are dropped. */
export function restoreRow(stored: unknown): FilterRow | null {
  if (!isObject(stored) || typeof stored.type !== 'string' || !TYPES.has(stored.type)) return null;
  const row: Record<string, unknown> = { ...defaultFilterRow(stored.type as FilterType) };
  for (const [k, d] of Object.entries(row)) {
    if (k === 'type' || k === 'category' || !(k in stored)) continue;
    const v = stored[k];
    const fits = d === null ? v === null || (typeof v === 'number' && Number.isFinite(v)) : typeof v === typeof d && (typeof v !== 'number' || Number.isFinite(v));
    if (fits) row[k] = v;
  }
  return row as FilterRow;
}

/** The draft as stored, or null when it is not one (another version's shape, edited storage). */
export function restoreScannerDraft(stored: unknown): ScannerDraft | null {
  if (!isObject(stored) || !Array.isArray(stored.rows)) return null;
  const rows = stored.rows.map(restoreRow).filter((r): r is FilterRow => r !== null);
  const category = SCANNER_CATEGORIES.includes(stored.category as ScannerCategory) ? (stored.category as ScannerCategory) : (rows[0]?.category ?? 'Basic');
  return { category, rows };
}
