import { Agent, request } from 'undici';
import type { Recorder } from './stats.ts';

/** One user's HTTP session against one server: keeps its cookies, sends the site's Origin on
 *  writes (as a browser does), and records every call's latency under a route name. */
export class Session {
  private cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    private agent: Agent,
    private rec: Recorder,
  ) {}

  async call<T = unknown>(route: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, expect: number[] = [200, 201, 204]): Promise<{ status: number; body: T }> {
    const t0 = performance.now();
    try {
      const r = await request(this.base + path, {
        method,
        dispatcher: this.agent,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(method !== 'GET' && { origin: this.base }),
          ...(this.cookies.size && { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.body.text();
      const ms = performance.now() - t0;
      const setCookie = r.headers['set-cookie'];
      for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        if (i === pair.length - 1) this.cookies.delete(pair.slice(0, i));
        else this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
      }
      const ok = expect.includes(r.statusCode);
      this.rec.record(route, ms, ok ? undefined : `${r.statusCode} ${text.slice(0, 160)}`);
      return { status: r.statusCode, body: text && r.headers['content-type']?.toString().includes('json') ? JSON.parse(text) : (text as T) };
    } catch (e) {
      this.rec.record(route, performance.now() - t0, (e as Error).message);
      return { status: 0, body: null as T };
    }
  }
}
