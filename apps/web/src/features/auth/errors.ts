import { AUTH_MESSAGES } from '@app/contract';
import { ApiError, NetworkError, firstMessage } from '../../lib/api.ts';

// The account screens' error lines (spec §8), from what a failed call threw.

/** The first message a DRF body holds for one field (e.g. "email"), if any. */
export function fieldError(err: unknown, field: string): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const v = err.body?.[field];
  return Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
}

/** All field errors of a DRF body, every message of a field in one line (for showing under the
 *  inputs: a weak password gets all its problems at once, not one per attempt). */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return out;
  for (const [k, v] of Object.entries(err.body)) {
    const messages = Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : [];
    if (messages.length) out[k] = messages.join(' ');
  }
  return out;
}

/** True when `message` is already shown under one of `inputs` (the form's line would repeat it). */
export function shownUnderInput(message: string, fields: Record<string, string>, inputs: readonly string[]): boolean {
  return Boolean(message) && inputs.some((k) => fields[k]?.startsWith(message));
}

/** Spec §8: the server's detail, else the generic failure; no response and unexpected errors have their own line. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.detail ?? AUTH_MESSAGES.loginFailed;
  if (err instanceof NetworkError) return AUTH_MESSAGES.loginNoResponse;
  return AUTH_MESSAGES.loginError;
}

/** Spec §8: the server's detail, or its first field error, or the generic failure. */
export function signupErrorMessage(err: unknown): string {
  return (err instanceof ApiError ? firstMessage(err.body) : undefined) ?? AUTH_MESSAGES.signupFailed;
}

/** Spec §8: the server's detail, or its e-mail error, or the generic failure. */
export function forgotErrorMessage(err: unknown): string {
  return (err instanceof ApiError ? (err.detail ?? fieldError(err, 'email')) : undefined) ?? AUTH_MESSAGES.resetEmailFailed;
}

/** Spec §8: the server's detail or the generic failure (field errors show under the inputs). */
export function resetErrorMessage(err: unknown): string {
  return (err instanceof ApiError ? err.detail : undefined) ?? AUTH_MESSAGES.resetConfirmFailed;
}
