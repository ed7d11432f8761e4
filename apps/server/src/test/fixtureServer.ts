import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const dir = new URL('../market/providers/__fixtures__/', import.meta.url);

/** A real HTTP server answering the providers' URLs with recorded responses (for tests).
 *  `routes` maps a path prefix to a fixture file name, or to [status, file]. */
export async function fixtureServer(routes: Record<string, string | [number, string]>) {
  const hits: Array<{ url: string; userAgent: string }> = [];
  const server: Server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', userAgent: String(req.headers['user-agent'] ?? '') });
    const path = (req.url ?? '').split('?')[0];
    const route = Object.keys(routes).sort((a, b) => b.length - a.length).find((p) => path === p || path.startsWith(p + '?'));
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const [status, file] = typeof routes[route] === 'string' ? [200, routes[route] as string] : (routes[route] as [number, string]);
    const body = file === '' ? '' : readFileSync(new URL(file, dir));
    res.writeHead(status, { 'content-type': file.endsWith('.json') ? 'application/json' : 'text/plain' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}
