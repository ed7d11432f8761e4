import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { SeriesCache } from './market/seriesCache.ts';

/** What route plugins and jobs are given: built once in main.ts (or a test) and passed down. */
export interface AppDeps {
  config: Config;
  db: Db;
  series: SeriesCache;
}
