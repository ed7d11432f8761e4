import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from './index.ts';

export default async function healthz(app: FastifyInstance, { deps }: RouteOpts) {
  app.get('/healthz', async () => {
    await deps.db.query('SELECT 1');
    return { status: 'ok', database: deps.db.kind, symbols: deps.series.size };
  });
}
