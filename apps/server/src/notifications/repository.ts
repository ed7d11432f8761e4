import type { Notification } from '@app/contract';
import type { Db } from '../db/index.ts';

// SQL of notifications. Every query is filtered by owner.

const COLS = `id, alert_id, alert_name, kind, symbol, message, close, "values", link, bar_date::text AS bar_date,
  created_at::text AS created_at, read_at::text AS read_at`;
const toNotification = (r: Notification): Notification => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
});

export async function listNotifications(db: Db, userId: number, order: 'unread' | 'newest', limit: number, offset: number): Promise<Notification[]> {
  const orderBy = order === 'unread' ? '(read_at IS NULL) DESC, id DESC' : 'id DESC';
  const rows = await db.query<Notification>(`SELECT ${COLS} FROM notifications WHERE user_id = $1 ORDER BY ${orderBy} LIMIT $2 OFFSET $3`, [userId, limit, offset]);
  return rows.map(toNotification);
}

export async function countNotifications(db: Db, userId: number): Promise<{ count: number; unread: number }> {
  const [r] = await db.query<{ count: number; unread: number }>(
    'SELECT count(*)::int AS count, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM notifications WHERE user_id = $1',
    [userId],
  );
  return r;
}

export async function markRead(db: Db, userId: number, id: number): Promise<Notification | null> {
  const [r] = await db.query<Notification>(
    `UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING ${COLS}`,
    [id, userId],
  );
  return r ? toNotification(r) : null;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  return (await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id', [userId])).length;
}

export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const [r] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  return r?.email ?? null;
}

/** One notification written outside a market update (an alert's test): no bar, no import. */
export async function addNotification(db: Db, n: { userId: number; alertId: number; alertName: string; kind: Notification['kind']; symbol: string | null; message: string; link: string }): Promise<number> {
  const [r] = await db.query<{ id: number }>(
    `INSERT INTO notifications (user_id, alert_id, alert_name, kind, symbol, message, link) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [n.userId, n.alertId, n.alertName, n.kind, n.symbol, n.message, n.link],
  );
  return r.id;
}
