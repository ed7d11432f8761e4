import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback HTTP server standing for an alert's webhook target: it records every request (path,
// headers, body) and answers as `answer` says: by default 204, and 503 on /fail.

export interface ReceivedWebhook {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** `answer(path, res, base)` sets the response (status, headers) for a request's path; `base` is the
 *  receiver's own address, for a redirect to itself. */
export async function webhookReceiver(answer: (path: string, res: ServerResponse, base: string) => void = (path, res) => void (res.statusCode = path === '/fail' ? 503 : 204)) {
  const received: ReceivedWebhook[] = [];
  let base = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url!, headers: req.headers, body });
      answer(req.url!, res, base);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export type WebhookReceiver = Awaited<ReturnType<typeof webhookReceiver>>;
