import type { Db } from '../db/index.ts';

// A session (auth_sessions) is made at sign-in and ended by logout, by logout everywhere, or when one
// of its rotated refresh tokens is used again. Its access tokens and refresh tokens stop working at
// once: the server checks the session of every token.

/** Ended sessions are kept this long: an access token lives a day, so none of theirs is still valid
 *  after it, and a token naming a session that is gone is refused all the same. */
const KEEP_ENDED = '2 days';

/** Opens a session for the user (and drops the user's sessions that ended long ago); its id. */
export async function openSession(db: Db, userId: number): Promise<number> {
  await db.query(`DELETE FROM auth_sessions WHERE user_id = $1 AND ended_at < now() - $2::interval`, [userId, KEEP_ENDED]);
  const [s] = await db.query<{ id: number }>('INSERT INTO auth_sessions (user_id) VALUES ($1) RETURNING id', [userId]);
  return s.id;
}

/** Ends one session of the user (its tokens, access and refresh, stop working). */
export async function endSessionById(db: Db, userId: number, sessionId: number, reason: string): Promise<void> {
  await db.query(`UPDATE auth_sessions SET ended_at = now(), end_reason = $3 WHERE id = $1 AND user_id = $2 AND ended_at IS NULL`, [sessionId, userId, reason]);
}

/** Ends every session of the user; answers how many were live. */
export async function endUserSessions(db: Db, userId: number, reason: string): Promise<number> {
  const rows = await db.query(`UPDATE auth_sessions SET ended_at = now(), end_reason = $2 WHERE user_id = $1 AND ended_at IS NULL RETURNING id`, [userId, reason]);
  return rows.length;
}
