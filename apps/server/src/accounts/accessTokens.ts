import type { Db } from '../db/index.ts';

// Access tokens are stateless JWTs; the database only answers whether the user a token names still
// holds it (token_version) and keeps the ids of the tokens ended early (logout) until they expire.

export interface TokenHolder {
  id: number;
  email: string;
  token_version: number;
  revoked: boolean;
}

/** The user `userId` with their token version, and whether the token `jti` was revoked; null when
 *  there is no such user. */
export async function findTokenHolder(db: Db, userId: number, jti: string): Promise<TokenHolder | null> {
  const rows = await db.query<TokenHolder>(
    `SELECT id, email, token_version, EXISTS (SELECT 1 FROM revoked_access_tokens WHERE jti = $2) AS revoked
     FROM users WHERE id = $1`,
    [userId, jti],
  );
  return rows[0] ?? null;
}

/** Revokes token `jti` until `expSeconds` (Unix time); ids of tokens that have expired anyway are dropped. */
export async function revokeTokenId(db: Db, jti: string, expSeconds: number): Promise<void> {
  await db.query('DELETE FROM revoked_access_tokens WHERE expires_at < now()');
  await db.query(
    `INSERT INTO revoked_access_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`,
    [jti, expSeconds],
  );
}
