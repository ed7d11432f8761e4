import type { FastifyInstance } from 'fastify';
import type { SeriesCache } from './seriesCache.ts';

/** Holds API requests until the market cache has loaded, so a server that already listens while
 *  the cache loads in the background never answers from an empty market ('symbol not found',
 *  empty scans). /healthz and the web app are served at once. Call before the app is ready. */
export function holdApiUntilMarketLoaded(app: FastifyInstance, series: SeriesCache) {
  app.addHook('onRequest', async (req) => {
    if (series.loading && req.url.startsWith('/api/')) await series.ready();
  });
}
