import type { ZodError } from 'zod';

/** DRF-style error bodies: {"detail": "..."} or {"field": ["message", ...]}. */
export type DrfBody = { detail: string } | Record<string, string[]>;

/** Thrown by handlers and repositories; the error handler sends `body` with `status`. */
export class HttpError extends Error {
  constructor(public status: number, public body: DrfBody) {
    super('detail' in body ? String(body.detail) : JSON.stringify(body));
  }
}

export const badRequest = (body: DrfBody | string) => new HttpError(400, typeof body === 'string' ? { detail: body } : body);
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const unauthorized = () => new HttpError(401, { detail: NOT_AUTHENTICATED });

/** Turns a zod error into DRF field errors: {"period": ["Period must be greater than 0"]}. */
export function drfFromZod(err: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
