import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { LoginAnswer } from '@app/contract';
import { ACCESS_COOKIE, ACCESS_TTL_SECONDS, REFRESH_COOKIE, signAccessToken } from '../plugins/auth.ts';
import { toDetails, touchLogin, type UserRow } from './users.ts';
import { consumeRefreshTokenHash, refreshTokenSession, storeRefreshToken } from './refreshTokens.ts';
import { openSession } from './authSessions.ts';

// A session is two httpOnly cookies: the access token (read by plugins/auth.ts on every request)
// and a rotating refresh token (`_refresh`, sent only to the account endpoints). Both name a row of
// auth_sessions (authSessions.ts): ending it ends every token it issued.

export { REFRESH_COOKIE };
export const REFRESH_TTL_SECONDS = 14 * 24 * 3600;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function cookieBase(config: Config) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.siteUrl.startsWith('https:') };
}

/** The refresh cookie goes only to {base}/dj-rest-auth/, where refresh and logout read it. */
export const refreshCookiePath = (config: Config) => `${config.authBasePath}/dj-rest-auth/`;

async function issueRefreshToken(db: Db, userId: number, sessionId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await storeRefreshToken(db, userId, sessionId, sha256(token), REFRESH_TTL_SECONDS);
  return token;
}

/** Signs the user in: a new session, or (a token refresh) new tokens of the live session
 *  `sessionId`. Sets both cookies and answers the access token the client keeps in `_auth`. */
export async function startSession(reply: FastifyReply, deps: { config: Config; db: Db }, user: UserRow, sessionId?: number): Promise<LoginAnswer> {
  const sid = sessionId ?? (await openSession(deps.db, user.id));
  const access = await signAccessToken(deps.config, user, sid);
  const refresh = await issueRefreshToken(deps.db, user.id, sid);
  if (sessionId === undefined) await touchLogin(deps.db, user.id);
  reply.setCookie(ACCESS_COOKIE, access, { ...cookieBase(deps.config), path: '/', maxAge: ACCESS_TTL_SECONDS });
  reply.setCookie(REFRESH_COOKIE, refresh, { ...cookieBase(deps.config), path: refreshCookiePath(deps.config), maxAge: REFRESH_TTL_SECONDS });
  return {
    access,
    access_expiration: new Date(Date.now() + ACCESS_TTL_SECONDS * 1000).toISOString(),
    user: toDetails(user),
  };
}

/** Revokes a refresh token and answers its owner and session, or null when it is unknown, used,
 *  expired or its session ended (a used one ends its session: refreshTokens.ts). */
export function consumeRefreshToken(db: Db, token: string): Promise<{ userId: number; sessionId: number } | null> {
  return consumeRefreshTokenHash(db, sha256(token));
}

/** The session a refresh token belongs to, or null. */
export function sessionOfRefreshToken(db: Db, token: string): Promise<{ userId: number; sessionId: number } | null> {
  return refreshTokenSession(db, sha256(token));
}

/** Clears both cookies. */
export function endSession(reply: FastifyReply, config: Config) {
  reply.clearCookie(ACCESS_COOKIE, { ...cookieBase(config), path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...cookieBase(config), path: refreshCookiePath(config) });
}
