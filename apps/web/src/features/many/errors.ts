import { ApiError, firstMessage, NetworkError } from '../../lib/api.ts';

/** The form's fields a 400 can name (the API's keys; 'universe.symbols' is the typed list). */
const FORM_FIELDS = ['template_id', 'universe', 'start_date', 'end_date', 'max_positions', 'rank_by', 'floors.min_price', 'floors.min_dollar_volume'] as const;
export type FieldErrors = Partial<Record<(typeof FORM_FIELDS)[number], string>>;

/** A failed start as the form shows it: the server's words under each field it named, anything else
 *  (a 404 for a template or scan that is gone, the 429 limit, no answer) in one line above. */
export function startError(e: unknown): { message?: string; fields: FieldErrors } {
  if (e instanceof NetworkError) return { message: 'No response from the server. Check your connection and try again.', fields: {} };
  if (!(e instanceof ApiError)) return { message: 'Failed to start the run. Please try again.', fields: {} };
  if (e.status === 404) return { message: 'The template or saved scan was not found: it may have been deleted. Pick another.', fields: {} };
  if (e.status === 400 && e.body && typeof e.body === 'object') {
    const fields: FieldErrors = {};
    let other: string | undefined;
    for (const [key, v] of Object.entries(e.body as Record<string, unknown>)) {
      const text = Array.isArray(v) ? String(v[0]) : typeof v === 'string' ? v : undefined;
      if (!text) continue;
      const field = FORM_FIELDS.find((f) => key === f || key.startsWith(`${f}.`));
      if (field && !fields[field]) fields[field] = text;
      else other ??= text;
    }
    return { message: other, fields };
  }
  return { message: e.detail ?? firstMessage(e.body) ?? 'Failed to start the run. Please try again.', fields: {} };
}
