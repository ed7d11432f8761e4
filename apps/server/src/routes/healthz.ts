import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from './index.ts';

export default async function healthz(app: FastifyInstance, { deps }: RouteOpts) {
  app.get('/healthz', async () => {
    await deps.db.query('SELECT 1');
    // 'loading' while the market cache is still being read after a start (API calls wait for it).
    return { status: 'ok', database: deps.db.kind, market: deps.series.loading ? 'loading' : 'ready', symbols: deps.series.size };
  });
}
