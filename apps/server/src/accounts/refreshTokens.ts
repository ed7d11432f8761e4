import type { Db } from '../db/index.ts';

// Refresh tokens are stored as hashes only; each one works once, and belongs to a session.

export async function storeRefreshToken(db: Db, userId: number, sessionId: number, tokenHash: string, ttlSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (user_id, session_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [userId, sessionId, tokenHash, ttlSeconds],
  );
}

/** Revokes the token with this hash and answers its owner and session, or null when it is unknown,
 *  used, expired or its session ended. The UPDATE … RETURNING makes each token usable once even
 *  under concurrent requests. A token that was used already (rotated) and is presented again was
 *  copied: the session it belongs to ends, whoever holds its newest token. */
export async function consumeRefreshTokenHash(db: Db, tokenHash: string): Promise<{ userId: number; sessionId: number } | null> {
  const rows = await db.query<{ user_id: number; session_id: number }>(
    `UPDATE refresh_tokens r SET revoked_at = now() FROM auth_sessions s
     WHERE r.token_hash = $1 AND r.revoked_at IS NULL AND r.expires_at > now() AND s.id = r.session_id AND s.ended_at IS NULL
     RETURNING r.user_id, r.session_id`,
    [tokenHash],
  );
  if (rows[0]) return { userId: rows[0].user_id, sessionId: rows[0].session_id };
  await db.query(
    `UPDATE auth_sessions SET ended_at = now(), end_reason = 'a rotated refresh token was used again'
     WHERE ended_at IS NULL AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND revoked_at IS NOT NULL)`,
    [tokenHash],
  );
  return null;
}

/** The session a refresh token belongs to (used or not), or null when it is unknown. */
export async function refreshTokenSession(db: Db, tokenHash: string): Promise<{ userId: number; sessionId: number } | null> {
  const [r] = await db.query<{ user_id: number; session_id: number }>('SELECT user_id, session_id FROM refresh_tokens WHERE token_hash = $1', [tokenHash]);
  return r ? { userId: r.user_id, sessionId: r.session_id } : null;
}
