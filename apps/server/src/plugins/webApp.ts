import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { Config } from '../config.ts';

/** Serves the built React app; any path that is not an API call or a file gets index.html,
 *  and the SPA's router decides (unknown paths redirect to /). */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const root = normalize(config.webDist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web bundle not found at ${root}; run npm run build`);
    return;
  }
  // index.html is re-read when the bundle is rebuilt under a running server, so it never points at
  // asset files that no longer exist.
  let html = { mtimeMs: 0, text: '' };
  const indexHtml = () => {
    const mtimeMs = statSync(index).mtimeMs;
    if (mtimeMs !== html.mtimeMs) html = { mtimeMs, text: readFileSync(index, 'utf8') };
    return html.text;
  };

  await app.register(fastifyStatic, { root, serve: false });
  app.get('/*', async (req, reply) => {
    const path = decodeURIComponent(req.url.split('?')[0]);
    if (path.startsWith('/api/') || path.startsWith('/dj-rest-auth/')) return reply.status(404).send({ detail: 'Not found.' });
    if (extname(path)) {
      const file = normalize(join(root, path));
      if (file.startsWith(root + '/') && existsSync(file) && statSync(file).isFile()) {
        // Hashed bundle files never change; everything else is revalidated.
        const immutable = path.startsWith('/assets/');
        return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(file.slice(root.length + 1), { cacheControl: false });
      }
      if (path.startsWith('/assets/')) return reply.status(404).send({ detail: 'Not found.' });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml());
  });
}
