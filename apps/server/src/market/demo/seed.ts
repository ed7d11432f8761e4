import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

/** Fills an empty database with the deterministic demo market (replaced by the generator). */
export async function seedDemoMarketIfEmpty(db: Db, config: Config, log: (msg: string) => void) {
  void db; void config; void log;
}
