import type { ServerProcess } from './serverProcess.ts';

/** A browser-like client of one user against a server process: keeps cookies, sends the site's
 *  Origin on writes. */
export function client() {
  const jar: Record<string, string> = {};
  return {
    jar,
    async call(server: Pick<ServerProcess, 'url'>, method: string, path: string, body?: unknown) {
      const r = await fetch(server.url + path, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(method !== 'GET' && { origin: server.url }),
          cookie: Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const c of r.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) || i === pair.length - 1) delete jar[pair.slice(0, i)];
        else jar[pair.slice(0, i)] = pair.slice(i + 1);
      }
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
  };
}
