import type { Db } from './db.ts';

// A per-user limit (200 templates, 50 watch lists…) or uniqueness rule (one template of a name) is a
// count or a look-up followed by a write. Parallel requests of one user would all pass the check
// before any of them writes, so the check and the write run in one transaction that first takes the
// user's advisory lock for that kind of row: the requests queue for the check. The lock is released
// with the transaction, touches no row, and behaves alike on PostgreSQL and the embedded PGlite.
// The first key names the kind (apart from the run starts' lock in jobs/batchRepository.ts), the
// second the user.
export const USER_LOCKS = {
  /** templates and their indicator rows */
  templates: 0x0b4801,
  periods: 0x0b4802,
  scannerTemplates: 0x0b4803,
  watchlists: 0x0b4804,
  alerts: 0x0b4805,
} as const;

/** Runs `fn` in one transaction holding the user's lock for `kind`. */
export function withUserLock<T>(db: Db, kind: keyof typeof USER_LOCKS, userId: number, fn: (t: Db) => Promise<T>): Promise<T> {
  return db.tx(async (t) => {
    await t.query('SELECT pg_advisory_xact_lock($1, $2)', [USER_LOCKS[kind], userId]);
    return fn(t);
  });
}
