// Which message a failed scanner request shows (spec §8). Authentication failures show the session-expired
// dialog instead (lib/api raises the event), so they map to null here.
import { ApiError, isAuthFailure } from '../../lib/api.ts';
import { SCANNER_MESSAGES } from './texts.ts';

export const isSessionFailure = (e: unknown) => e instanceof ApiError && isAuthFailure(e.status, e.body);

/** A scan's or a load-more's error text: the server's detail, else the spec's fallback. */
export function scanErrorMessage(e: unknown, fallback: string): string | null {
  if (isSessionFailure(e)) return null;
  if (e instanceof ApiError && e.detail) return e.detail;
  return fallback;
}

/** The alert after a failed save: a duplicate name, the first field error, or the generic failure. */
export function saveErrorMessage(e: unknown): string | null {
  if (isSessionFailure(e)) return null;
  if (e instanceof ApiError && e.status === 400 && e.body && typeof e.body === 'object') {
    if (typeof e.body.detail === 'string') return SCANNER_MESSAGES.nameUsed;
    for (const [field, messages] of Object.entries(e.body as Record<string, unknown>)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string') return SCANNER_MESSAGES.validationError(field, first);
    }
  }
  return SCANNER_MESSAGES.saveFailed;
}

export const deleteErrorMessage = (e: unknown): string | null => (isSessionFailure(e) ? null : SCANNER_MESSAGES.deleteFailed);
