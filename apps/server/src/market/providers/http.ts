// The one way network providers fetch: a timeout, a few retries with backoff on network errors,
// 429 and 5xx, and an error that names the URL and status so the report can say what failed.
export interface FetchOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  retries?: number;
}

export class FetchError extends Error {
  constructor(readonly url: string, readonly status: number | null, message: string) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function fetchText(url: string, opts: FetchOptions = {}): Promise<string> {
  const retries = opts.retries ?? 2;
  let last: FetchError | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt) await sleep(500 * 2 ** (attempt - 1));
    try {
      const res = await fetch(url, { headers: opts.headers, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
      const body = await res.text();
      if (res.ok) return body;
      last = new FetchError(url, res.status, `HTTP ${res.status} from ${url}`);
      if (res.status !== 429 && res.status < 500) throw last;
    } catch (e) {
      if (e instanceof FetchError && e.status !== null && e.status !== 429 && e.status < 500) throw e;
      last = e instanceof FetchError ? e : new FetchError(url, null, `${url}: ${(e as Error).message}`);
    }
  }
  throw last!;
}

export async function fetchJson<T = unknown>(url: string, opts: FetchOptions = {}): Promise<T> {
  const text = await fetchText(url, opts);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new FetchError(url, 200, `${url} did not answer JSON (${text.slice(0, 80).replace(/\s+/g, ' ')})`);
  }
}

/** Runs fn over items with at most `limit` in flight, yielding results in input order. */
export async function* mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  let next = 0;
  while (next < items.length && pending.length < limit) pending.push(fn(items[next++]));
  while (pending.length) {
    const r = await pending.shift()!;
    if (next < items.length) pending.push(fn(items[next++]));
    yield r;
  }
}
