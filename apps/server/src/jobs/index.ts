import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { startBatchWorkers } from './batch.ts';
import { marketJobs } from './market.ts';
import { startWebhookDelivery } from '../alerts/webhookDelivery.ts';

/** Background work of one server process (main.ts starts it once the market cache has loaded):
 *  - the job queue's workers (WORKERS, default one per core; 0 = an API-only process): batch run
 *    chunks, the daily market update, the follow-ups of market data updates, alert webhooks;
 *  - timers every process runs whatever WORKERS says: the market cache refresh and follow-up
 *    dispatch (MARKET_REFRESH_SECONDS), the daily update's claim, and the batch sweeper. */
export async function startJobs(deps: AppDeps, log: FastifyBaseLogger) {
  const { config } = deps;
  const market = marketJobs(deps, log);
  await market.defineQueues(config.workers > 0);
  // alert webhooks are sent by processes with workers, fairly between users (webhookDelivery.ts)
  const webhooks = config.workers > 0 ? startWebhookDelivery(deps, { log }) : null;
  const batches = await startBatchWorkers(deps, {
    concurrency: config.workers,
    leaseSeconds: config.batchLeaseSeconds,
    staleSeconds: config.batchStaleSeconds,
    log,
  });

  // One tick at a time; a failure is logged and the next tick tries again.
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await market.reloadChanged();
      await market.dispatchFollowUps();
      if (await market.scheduleDailyUpdate()) log.info('market update: enqueued for today');
    } catch (err) {
      log.error({ err }, 'market jobs tick failed');
    } finally {
      busy = false;
    }
  };
  await tick(); // remembers the current market version; claims today's update when due
  const timer = setInterval(tick, config.marketRefreshSeconds * 1000);
  timer.unref();

  return {
    batches,
    /** Graceful stop (SIGTERM): no new jobs; running chunks get graceMs to finish, then go back to
     *  the queue for other processes; the queue's own handlers get the rest of the time. */
    async stop(graceMs: number) {
      clearInterval(timer);
      await Promise.all([batches.stop(graceMs), webhooks?.stop()]);
      await deps.queue.stop(Math.max(1000, graceMs));
    },
  };
}

export type Jobs = Awaited<ReturnType<typeof startJobs>>;
