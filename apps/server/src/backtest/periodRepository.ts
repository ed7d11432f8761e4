import type { Period, PeriodWriteInput } from '@app/contract';
import type { Db } from '../db/index.ts';
import { withUserLock } from '../db/userLock.ts';

// A user's stock periods. Every query is filtered by the owner: another user's id reads as missing.

const COLS = 'id, stock_ticker, start_date::text AS start_date, end_date::text AS end_date';

export async function listPeriods(db: Db, userId: number): Promise<Period[]> {
  return db.query<Period>(`SELECT ${COLS} FROM periods WHERE user_id = $1 ORDER BY id`, [userId]);
}

export async function getPeriod(db: Db, userId: number, id: number): Promise<Period | null> {
  const [p] = await db.query<Period>(`SELECT ${COLS} FROM periods WHERE id = $1 AND user_id = $2`, [id, userId]);
  return p ?? null;
}

/** Adds a period unless the user already has `limit` of them (then null; no limit when null). One
 *  statement for the count and the insert: on the embedded database every statement is a turn of
 *  its one thread. */
export async function createPeriod(db: Db, userId: number, p: PeriodWriteInput, limit: number | null): Promise<Period | null> {
  // the count in the insert sees only committed rows: the user's lock makes parallel adds take turns
  const [row] = await withUserLock(db, 'periods', userId, (t) => t.query<Period>(
    `INSERT INTO periods (user_id, stock_ticker, start_date, end_date)
     SELECT $1, $2, $3, $4 WHERE $5::int IS NULL OR (SELECT count(*) FROM periods WHERE user_id = $1) < $5
     RETURNING ${COLS}`,
    [userId, p.stock_ticker, p.start_date, p.end_date, limit],
  ));
  return row ?? null;
}

export async function updatePeriod(db: Db, userId: number, id: number, p: PeriodWriteInput): Promise<Period | null> {
  const [row] = await db.query<Period>(
    `UPDATE periods SET stock_ticker = $3, start_date = $4, end_date = $5 WHERE id = $1 AND user_id = $2 RETURNING ${COLS}`,
    [id, userId, p.stock_ticker, p.start_date, p.end_date],
  );
  return row ?? null;
}

export async function deletePeriod(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM periods WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}
