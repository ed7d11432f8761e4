import { ApiError } from '../../lib/api.ts';

/** The first message a DRF body holds for one field (e.g. "email"), if any. */
export function fieldError(err: unknown, field: string): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const v = err.body?.[field];
  return Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
}

/** All field errors of a DRF body, first message each (for showing under the inputs). */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return out;
  for (const [k, v] of Object.entries(err.body)) if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  return out;
}
