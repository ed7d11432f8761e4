import { hostname } from 'node:os';
import type { Db } from '../../db/index.ts';

// market_import_log rows: one per import or update. A running import beats every few seconds; one
// killed with kill -9 (or on a lost host) stops beating and never writes finished_at, so the next
// `npm run data -- status` or `import` marks it interrupted instead of "running" forever.

export const IMPORT_HEARTBEAT_SECONDS = 10;
/** An unfinished import whose heartbeat is older than this is over, whatever its pid says. */
export const IMPORT_STALE_SECONDS = 60;

/** Records the start of an import by this process and keeps its heartbeat until stop(). */
export async function openImportLog(db: Db, command: string, sources: string) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO market_import_log (command, sources, host, pid, heartbeat) VALUES ($1, $2, $3, $4, now()) RETURNING id`,
    [command, sources, hostname(), process.pid],
  );
  const timer = setInterval(() => {
    db.query(`UPDATE market_import_log SET heartbeat = now() WHERE id = $1`, [row.id]).catch(() => {});
  }, IMPORT_HEARTBEAT_SECONDS * 1000);
  timer.unref();
  return { id: row.id, stop: () => clearInterval(timer) };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Marks unfinished imports whose process is gone (same host, dead pid) or silent (stale
 *  heartbeat) as interrupted, finished at their last sign of life. Answers how many. */
export async function markInterruptedImports(db: Db): Promise<number> {
  const open = await db.query<{ id: number; host: string | null; pid: number | null; age: number }>(
    `SELECT id, host, pid, extract(epoch FROM now() - COALESCE(heartbeat, started_at))::float8 AS age
     FROM market_import_log WHERE finished_at IS NULL`,
  );
  const here = hostname();
  const gone = open.filter((r) => r.age > IMPORT_STALE_SECONDS || (r.host === here && r.pid !== null && r.pid !== process.pid && !pidAlive(r.pid)));
  for (const r of gone) {
    await db.query(
      `UPDATE market_import_log SET interrupted = true, finished_at = COALESCE(heartbeat, started_at),
         summary = summary || jsonb_build_object('note', $2::text)
       WHERE id = $1 AND finished_at IS NULL`,
      [r.id, 'the process stopped without finishing (killed or crashed); running the same import again continues it'],
    );
  }
  return gone.length;
}
