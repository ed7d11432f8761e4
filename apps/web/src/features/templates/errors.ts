import { ApiError, NetworkError } from '../../lib/api.ts';
import { TEMPLATE_ERRORS } from './texts.ts';

/** Spec §8, indicator create: the server's detail; else the generic failure; no response; anything else. */
export function indicatorCreateError(e: unknown): string {
  if (e instanceof ApiError) return e.detail ?? TEMPLATE_ERRORS.addIndicator;
  if (e instanceof NetworkError) return TEMPLATE_ERRORS.noResponse;
  return TEMPLATE_ERRORS.createIndicator;
}

/** Saving an edited row: the server's detail, else the generic failure; no response. */
export function indicatorUpdateError(e: unknown): string {
  if (e instanceof ApiError) return e.detail ?? TEMPLATE_ERRORS.updateIndicator;
  if (e instanceof NetworkError) return TEMPLATE_ERRORS.noResponse;
  return TEMPLATE_ERRORS.updateIndicator;
}

/** Spec §8, template create: the server's detail (or its message for the name), else the generic failure. */
export function templateCreateError(e: unknown): string {
  if (e instanceof ApiError) {
    const name = Array.isArray(e.body?.name) ? (e.body.name[0] as string) : undefined;
    return e.detail ?? name ?? TEMPLATE_ERRORS.create;
  }
  return TEMPLATE_ERRORS.create;
}

/** Field messages of a DRF 400 body ({field: [message]}), first message per field. */
export function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError) || !e.body || typeof e.body !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.body)) if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  return out;
}
