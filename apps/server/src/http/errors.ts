import type { ZodError } from 'zod';

/** DRF-style error bodies: {"detail": "..."} or {"field": ["message", ...]}. */
export type DrfBody = { detail: string } | Record<string, string[]>;

/** Thrown by handlers and repositories; the error handler sends `body` with `status`. */
export class HttpError extends Error {
  constructor(
    public status: number,
    public body: DrfBody,
    /** extra answer headers, e.g. Retry-After on a 429 or 503 */
    public headers: Record<string, string> = {},
  ) {
    super('detail' in body ? String(body.detail) : JSON.stringify(body));
  }
}

export const badRequest = (body: DrfBody | string) => new HttpError(400, typeof body === 'string' ? { detail: body } : body);
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
/** The row a repository found; a missing one (or another user's) answers 404. */
export function found<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw notFound();
  return row;
}
export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const unauthorized = () => new HttpError(401, { detail: NOT_AUTHENTICATED });

/** Turns a zod error into DRF field errors: {"period": ["Period must be greater than 0"]}. */
export function drfFromZod(err: ZodError): Record<string, string[]> {
  // No prototype: a field named like one of Object's (`__proto__`, `constructor`) is a plain key here.
  const out: Record<string, string[]> = Object.create(null);
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
