// The one way the web app talks to the server: credentials always sent, DRF error bodies parsed,
// and the spec's global rule applied (a 401 or the "not provided" detail raises the session-expired event).

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const SESSION_EXPIRED_EVENT = 'session-expired';
export const SESSION_RESTORED_EVENT = 'session-restored';

/** A failed response. `body` is the parsed DRF body ({detail} or {field: [messages]}) when there was one. */
export class ApiError extends Error {
  constructor(
    public status: number,
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
export function firstMessage(body: any): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  if (typeof body.detail === 'string') return body.detail;
  for (const v of Object.values(body)) {
    if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
    if (typeof v === 'string') return v;
  }
  return undefined;
}

export function isAuthFailure(status: number, body: any) {
  return status === 401 || body?.detail === NOT_AUTHENTICATED;
}

export async function apiFetch<T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'include',
      ...rest,
      headers: { Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (e) {
    throw new NetworkError((e as Error).message || 'Network error');
  }
  const text = await res.text();
  let body: any = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok) {
    if (isAuthFailure(res.status, body)) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    throw new ApiError(res.status, body);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string) => apiFetch<T>(path),
  post: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json: unknown) => apiFetch<T>(path, { method: 'PUT', json }),
  patch: <T>(path: string, json: unknown) => apiFetch<T>(path, { method: 'PATCH', json }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};
