import type { Db } from '../db/index.ts';

// Refresh tokens are stored as hashes only; each one works once.

export async function storeRefreshToken(db: Db, userId: number, tokenHash: string, ttlSeconds: number): Promise<void> {
  await db.query(`INSERT INTO refresh_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    userId,
    tokenHash,
    ttlSeconds,
  ]);
}

/** Revokes the token with this hash and answers its owner's id, or null when it is unknown, used or
 *  expired. The UPDATE … RETURNING makes each token usable once even under concurrent requests. */
export async function consumeRefreshTokenHash(db: Db, tokenHash: string): Promise<number | null> {
  const rows = await db.query<{ user_id: number }>(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}
