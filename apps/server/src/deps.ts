import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { SeriesCache } from './market/seriesCache.ts';
import type { EnginePool } from './engine/pool.ts';

/** What route plugins and jobs are given: built once in main.ts (or a test) and passed down. */
export interface AppDeps {
  config: Config;
  db: Db;
  series: SeriesCache;
  /** The job queue shared by every process (batch runs: jobs/batch.ts startBatch). */
  queue: JobQueue;
  /** This process's worker threads for engine work (backtests, charts, optimisation cells). */
  engine: EnginePool;
}

/** The options every route plugin is registered with. */
export type RouteOpts = { deps: AppDeps };
