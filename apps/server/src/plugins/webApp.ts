import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/** Serves the built React app; any path that is not an API call or a file gets index.html,
 *  and the SPA's router decides (unknown paths redirect to /). */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const index = join(config.webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web bundle not found at ${config.webDist}; run npm run build`);
    return;
  }
  const html = readFileSync(index, 'utf8');
  // wildcard:false registers one route per built file; everything else falls through to the SPA.
  await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  app.get('/*', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path.startsWith('/dj-rest-auth/')) return reply.status(404).send({ detail: 'Not found.' });
    return reply.type('text/html').header('cache-control', 'no-cache').send(html);
  });
}
