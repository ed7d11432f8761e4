import type { Db } from '../db/index.ts';

// Fixed-window counters in PostgreSQL (auth_throttle), so every server process counts the same
// attempts. One statement per hit: the upsert both opens an expired window and counts, and
// answers the count, so parallel requests on several processes can never all pass a check.

export interface Hit {
  hits: number;
  /** Seconds until the window ends. */
  ttl: number;
}

/** Counts one attempt for `key` in a window of `seconds` and answers the count so far. */
export async function hit(db: Db, key: string, seconds: number): Promise<Hit> {
  const [r] = await db.query<Hit>(
    `INSERT INTO auth_throttle AS a (key, hits, window_end) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN a.window_end <= now() THEN 1 ELSE a.hits + 1 END,
       window_end = CASE WHEN a.window_end <= now() THEN EXCLUDED.window_end ELSE a.window_end END
     RETURNING hits, GREATEST(1, ceil(extract(epoch FROM window_end - now())))::int AS ttl`,
    [key, seconds],
  );
  return r;
}

/** Takes back one attempt of `key` (a login that succeeded is not a failure). */
export async function refund(db: Db, key: string) {
  await db.query(`UPDATE auth_throttle SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND window_end > now()`, [key]);
}

/** Drops windows that ended (called now and then; a stale row is harmless, only space). */
export async function dropExpired(db: Db) {
  await db.query(`DELETE FROM auth_throttle WHERE window_end < now() - interval '1 hour'`);
}
