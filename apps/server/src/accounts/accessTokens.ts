import type { Db } from '../db/index.ts';

// Access tokens are stateless JWTs naming their user and session; the database only answers whether
// the user still holds the token (token_version) and whether its session is still live. One
// statement on two primary keys, on every authenticated request.

export interface TokenHolder {
  id: number;
  email: string;
  token_version: number;
  /** false once the session ended (logout, logout everywhere, a refresh token reused) */
  live: boolean;
}

/** The user `userId` with their token version, and whether their session `sessionId` is live; null
 *  when there is no such user or the session is not theirs. */
export async function findTokenHolder(db: Db, userId: number, sessionId: number): Promise<TokenHolder | null> {
  const rows = await db.query<TokenHolder>(
    `SELECT u.id, u.email, u.token_version, s.ended_at IS NULL AS live
     FROM users u JOIN auth_sessions s ON s.id = $2 AND s.user_id = u.id WHERE u.id = $1`,
    [userId, sessionId],
  );
  return rows[0] ?? null;
}
