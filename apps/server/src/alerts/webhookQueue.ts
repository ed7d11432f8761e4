import type { Db } from '../db/index.ts';
import { recordWebhookOutcome } from './repository.ts';

// The table of alert webhook deliveries (migration 015): queued in the evaluation's transaction,
// claimed one at a time by a process's dispatcher (webhookDelivery.ts), retried or finished.

export interface NewDelivery {
  userId: number;
  alertId: number;
  url: string;
  secret: string;
  body: string;
}

export interface ClaimedDelivery {
  id: string;
  user_id: number;
  alert_id: number;
  url: string;
  secret: string;
  body: string;
  /** this attempt's number: 1 for the first */
  attempts: number;
}

export async function queueDeliveries(db: Db, rows: NewDelivery[]) {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO webhook_deliveries (user_id, alert_id, url, secret, body)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[])`,
    [rows.map((r) => r.userId), rows.map((r) => r.alertId), rows.map((r) => r.url), rows.map((r) => r.secret), rows.map((r) => r.body)],
  );
}

/** Claims the due delivery of the user who has waited longest for a turn, skipping `busyUsers`
 *  (those this process is already sending for) and rows another process holds; with `onlyUsers`,
 *  among those users only. The row stays
 *  claimed for `leaseSeconds`: past that, a process that died mid-attempt has it sent again. */
export async function claimDelivery(db: Db, busyUsers: number[], leaseSeconds: number, onlyUsers: number[] | null = null): Promise<ClaimedDelivery | null> {
  const [row] = await db.query<ClaimedDelivery>(
    `WITH next AS (
       SELECT d.id FROM webhook_deliveries d
       LEFT JOIN webhook_turns w ON w.user_id = d.user_id
       WHERE d.next_attempt_at <= now() AND d.user_id <> ALL ($1::int[]) AND ($3::int[] IS NULL OR d.user_id = ANY ($3::int[]))
       ORDER BY w.served_at ASC NULLS FIRST, d.next_attempt_at, d.id
       LIMIT 1
       FOR UPDATE OF d SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       FROM next WHERE d.id = next.id
       RETURNING d.id::text, d.user_id, d.alert_id, d.url, d.secret, d.body, d.attempts
     ), turn AS (
       INSERT INTO webhook_turns (user_id, served_at) SELECT user_id, clock_timestamp() FROM claimed
       ON CONFLICT (user_id) DO UPDATE SET served_at = EXCLUDED.served_at
     )
     SELECT * FROM claimed`,
    [busyUsers, leaseSeconds, onlyUsers],
  );
  return row ?? null;
}

/** Puts a failed delivery back for another attempt after `delayMs`, and shows the attempt on its
 *  alert at once (when it was, and why it failed): the owner need not wait minutes of retries to see
 *  that the target is failing. The count of failed deliveries moves only when the delivery ends. */
export async function retryDelivery(db: Db, d: Pick<ClaimedDelivery, 'id' | 'alert_id'>, delayMs: number, error: string) {
  await db.tx(async (t) => {
    await t.query('UPDATE webhook_deliveries SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1', [d.id, delayMs / 1000]);
    await t.query('UPDATE alerts SET webhook_last_attempt_at = now(), webhook_last_error = $2 WHERE id = $1', [d.alert_id, error]);
  });
}

/** Removes a delivery that succeeded or failed for good, and records how it went on its alert. */
export async function finishDelivery(db: Db, d: ClaimedDelivery, ok: boolean, error: string | null) {
  await db.tx(async (t) => {
    await t.query('DELETE FROM webhook_deliveries WHERE id = $1', [d.id]);
    await recordWebhookOutcome(t, d.alert_id, ok, error);
  });
}

/** Deliveries waiting or being sent, in every process. */
export async function pendingDeliveries(db: Db): Promise<number> {
  const [r] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries');
  return r.n;
}
