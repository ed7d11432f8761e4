import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { AUTH_API_MESSAGES } from '@app/contract';
import { findTokenHolder } from '../accounts/accessTokens.ts';

export interface AuthUser {
  id: number;
  email: string;
  /** the session the request's token belongs to */
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The httpOnly cookie that carries the credential; `_auth` (spec §4) is the client's copy for expiry only. */
export const ACCESS_COOKIE = 'access_token';
/** The refresh token's httpOnly cookie (spec §9: removed on logout); session.ts sets it. */
export const REFRESH_COOKIE = '_refresh';
export const ACCESS_TTL_SECONDS = 24 * 3600;

/** An access token of `sessionId` (auth_sessions): it works while that session is live. */
export async function signAccessToken(config: Config, user: { id: number; email: string; token_version: number }, sessionId: number) {
  return new SignJWT({ email: user.email, tv: user.token_version, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS)
    .sign(new TextEncoder().encode(config.secretKey));
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestOrigin {
  origin?: string;
  host?: string;
  referer?: string;
  secFetchSite?: string;
}

/** CSRF defence for unsafe requests. A browser sends Origin on unsafe cross-site requests, so an
 *  Origin is accepted only from the configured site or the host it was sent to (same-origin, e.g.
 *  behind Vite's dev proxy). A request the site's cookie authenticates must also prove where it
 *  comes from: Origin of the site, or Sec-Fetch-Site: same-origin, or a Referer of the
 *  site; a cookie write with none of them (an old browser, a stripped header) is refused. Requests
 *  without the cookie (curl, scripts with a bearer token, login itself) need no proof. */
export function originAllowed(h: RequestOrigin, siteUrl: string, cookieAuthenticated: boolean): boolean {
  const ofSite = (url: string | undefined) => {
    if (url === undefined) return false;
    try {
      const u = new URL(url);
      return u.origin === new URL(siteUrl).origin || (h.host !== undefined && u.host === h.host);
    } catch {
      return false; // "null" or garbage
    }
  };
  if (h.origin !== undefined) return ofSite(h.origin);
  if (!cookieAuthenticated) return true;
  return h.secFetchSite === 'same-origin' || ofSite(h.referer);
}

/** Tokens whose signature has been checked, with their claims: the same bytes check the same way,
 *  so a client's next request skips the HMAC, which was the largest share of the event loop's time
 *  per request under a crowd. Expiry is checked at every use; the session at every request. */
const VERIFIED_TOKENS_KEPT = 10_000;

function tokenVerifier(secretKey: string) {
  const key = new TextEncoder().encode(secretKey);
  const verified = new Map<string, JWTPayload>();
  return async (token: string): Promise<JWTPayload> => {
    const known = verified.get(token);
    if (known && (known.exp === undefined || known.exp > Date.now() / 1000)) return known;
    verified.delete(token);
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    // the oldest entry makes room (a Map keeps insertion order)
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, payload);
    return payload;
  };
}

/** Reads the credential (cookie, or `Authorization: Bearer` for API clients) into request.user. */
export function registerAuth(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const verify = tokenVerifier(deps.config.secretKey);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : null;
    if (UNSAFE.has(req.method)) {
      // A bearer header is never sent by a browser on its own, so only cookie credentials count.
      const byCookie = !bearer && Boolean(req.cookies?.[ACCESS_COOKIE] || req.cookies?.[REFRESH_COOKIE]);
      const h = req.headers;
      const site = { origin: h.origin, host: h.host, referer: h.referer, secFetchSite: h['sec-fetch-site'] as string | undefined };
      if (!originAllowed(site, deps.config.siteUrl, byCookie)) throw new HttpError(403, { detail: AUTH_API_MESSAGES.originRejected });
    }
    const token = req.cookies?.[ACCESS_COOKIE] || bearer;
    if (!token) return;
    try {
      const payload = await verify(token);
      if (!Number.isInteger(payload.sid)) return; // issued before sessions: sign in again
      const u = await findTokenHolder(deps.db, Number(payload.sub), payload.sid as number);
      // A password change bumps token_version and so revokes older tokens; logout, logout everywhere
      // and a reused refresh token end the session, and with it every token it issued.
      if (u && u.token_version === payload.tv && u.live) req.user = { id: u.id, email: u.email, sessionId: payload.sid as number };
    } catch {
      // expired or forged: stays anonymous; guarded routes answer 401
    }
  });
}

/** The user and session an access token names, if it is ours and unexpired (logout reads it). */
export async function accessTokenSession(config: Config, token: string): Promise<{ userId: number; sessionId: number } | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(config.secretKey), { algorithms: ['HS256'] });
    return Number.isInteger(payload.sid) ? { userId: Number(payload.sub), sessionId: payload.sid as number } : null;
  } catch {
    return null; // expired or not ours
  }
}

/** preHandler for routes that need a signed-in user. */
export async function requireUser(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
}
