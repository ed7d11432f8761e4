import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../deps.ts';
import { route } from '../http/route.ts';
import { ping } from '../db/index.ts';
import { liveWorkers } from '../jobs/batchRepository.ts';

/** GET /healthz: the database answers; 'loading' while the market cache is still being read after a
 *  start (API calls wait for it); the job queue's state. */
export default async function healthz(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.healthz, async () => {
    await ping(deps.db);
    const { config, queue, series } = deps;
    const jobs = Object.values(await queue.stats()).reduce((a, s) => ({ queued: a.queued + s.queued, active: a.active + s.active }), { queued: 0, active: 0 });
    const live = await liveWorkers(deps.db, config.batchLeaseSeconds);
    return {
      status: 'ok' as const,
      database: deps.db.kind,
      market: series.loading ? ('loading' as const) : ('ready' as const),
      symbols: series.size,
      queue: { library: queue.library, workers: config.workers, liveProcesses: live.processes, liveWorkers: live.concurrency, ...jobs },
    };
  });
}
