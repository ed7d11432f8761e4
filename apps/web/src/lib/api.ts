/// <reference types="vite/client" />
import { fillPath, type AnswerOf, type CallInput, type Endpoint } from '@app/contract';

// The one way the web app talks to the server: an endpoint declared in packages/contract and its
// input in, the typed answer out. Credentials always sent, DRF error bodies parsed, and the spec's
// global rule applied (a 401 or the "not provided" detail raises the session-expired event).

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const SESSION_EXPIRED_EVENT = 'session-expired';
export const SESSION_RESTORED_EVENT = 'session-restored';

/** The spec's {base}: path prefix of the account service ('' by default). */
export const AUTH_BASE: string = import.meta.env.VITE_AUTH_BASE ?? '';

/** A failed response. `body` is the parsed DRF body ({detail} or {field: [messages]}) when there was one. */
export class ApiError extends Error {
  constructor(
    public status: number,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the server sent; readers check each field they use
    public body: any,
    message?: string,
  ) {
    super(message ?? firstMessage(body) ?? `Request failed with status ${status}`);
  }
  get detail(): string | undefined {
    return typeof this.body?.detail === 'string' ? this.body.detail : undefined;
  }
}

/** No response at all (server down, network cut). */
export class NetworkError extends Error {}

/** The first human-readable message in a DRF body: detail, else the first field error. */
export function firstMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  if ('detail' in body && typeof body.detail === 'string') return body.detail;
  for (const v of Object.values(body)) {
    if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
    if (typeof v === 'string') return v;
  }
  return undefined;
}

export function isAuthFailure(status: number, body: unknown) {
  return status === 401 || (typeof body === 'object' && body !== null && 'detail' in body && body.detail === NOT_AUTHENTICATED);
}

export interface CallOptions {
  /** false: a refused session is the caller's business (renewal, logout), no session-expired event. */
  notifyAuthFailure?: boolean;
  /** Another fetch (tests). */
  fetch?: typeof fetch;
}

async function request<T>(url: string, init: { method: string; json?: unknown }, opts: CallOptions = {}): Promise<T> {
  const send = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await send(url, {
      method: init.method,
      credentials: 'include',
      headers: { Accept: 'application/json', ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
  } catch (e) {
    throw new NetworkError((e as Error).message || 'Network error');
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok) {
    if (opts.notifyAuthFailure !== false && isAuthFailure(res.status, body)) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    throw new ApiError(res.status, body);
  }
  return body as T;
}

/** The URL of a call: {base} where the endpoint sits under it, the path parameters filled in, the query. */
export function callUrl(endpoint: Endpoint, input: { params?: object; query?: object } = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  }
  const qs = search.toString();
  return (endpoint.authBase ? AUTH_BASE : '') + fillPath(endpoint.path, input.params as Record<string, unknown>) + (qs ? `?${qs}` : '');
}

type CallArgs<E extends Endpoint> = object extends CallInput<E>
  ? [input?: CallInput<E>, options?: CallOptions]
  : [input: CallInput<E>, options?: CallOptions];

/** Calls an endpoint: `call(endpoints.templates.get, { params: { id } })`. Writes send their body as
 *  JSON ({} when it has none). Throws ApiError for a failed answer, NetworkError for none. */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<AnswerOf<E>> {
  const body = (input as { body?: unknown } | undefined)?.body;
  const json = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : (body ?? {});
  return request(callUrl(endpoint, input as object), { method: endpoint.method, json }, options);
}

/** GETs a link the server gave for this endpoint (a page's `next`), answered as the endpoint answers. */
export function follow<E extends Endpoint>(endpoint: E, url: string, options?: CallOptions): Promise<AnswerOf<E>> {
  const own = (endpoint.authBase ? AUTH_BASE : '') + endpoint.path.split('{')[0];
  if (!url.startsWith(own)) return Promise.reject(new Error(`${url} is not a link of ${endpoint.path}`));
  return request(url, { method: 'GET' }, options);
}

/** The text of a page of the site, or null when it is not served (e.g. /public/chart.html). */
export async function fetchPage(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { cache: 'no-store', credentials: 'include' });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}
