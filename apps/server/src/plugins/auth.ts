import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { AUTH_API_MESSAGES } from '@app/contract';

export interface AuthUser {
  id: number;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The httpOnly cookie that carries the credential; `_auth` (spec §4) is the client's copy for expiry only. */
export const ACCESS_COOKIE = 'access_token';
export const ACCESS_TTL_SECONDS = 24 * 3600;

export async function signAccessToken(config: Config, user: { id: number; email: string; token_version: number }) {
  return new SignJWT({ email: user.email, tv: user.token_version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS)
    .sign(new TextEncoder().encode(config.secretKey));
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** CSRF defence for cookie-authenticated writes: a browser always sends Origin on unsafe cross-site
 *  requests, so one is accepted only from the configured site or the host it was sent to (same-origin,
 *  e.g. behind Vite's dev proxy). Requests without Origin (curl, scripts, fastify.inject) pass. */
export function originAllowed(origin: string | undefined, host: string | undefined, siteUrl: string): boolean {
  if (origin === undefined) return true;
  if (origin === new URL(siteUrl).origin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false; // "null" or garbage
  }
}

/** Reads the credential (cookie, or `Authorization: Bearer` for API clients) into request.user. */
export function registerAuth(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const key = new TextEncoder().encode(deps.config.secretKey);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    if (UNSAFE.has(req.method) && !originAllowed(req.headers.origin, req.headers.host, deps.config.siteUrl)) {
      throw new HttpError(403, { detail: AUTH_API_MESSAGES.originRejected });
    }
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : null;
    const token = req.cookies?.[ACCESS_COOKIE] || bearer;
    if (!token) return;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const rows = await deps.db.query<{ id: number; email: string; token_version: number; revoked: boolean }>(
        `SELECT id, email, token_version, EXISTS (SELECT 1 FROM revoked_access_tokens WHERE jti = $2) AS revoked
         FROM users WHERE id = $1`,
        [Number(payload.sub), String(payload.jti ?? '')],
      );
      // A password change or logout-everywhere bumps token_version and so revokes older tokens;
      // logout revokes the one token it ends (revokeAccessToken).
      const u = rows[0];
      if (u && u.token_version === payload.tv && !u.revoked) req.user = { id: u.id, email: u.email };
    } catch {
      // expired or forged: stays anonymous; guarded routes answer 401
    }
  });
}

/** Ends one access token before it expires (logout): its id is kept until its expiry, then dropped. */
export async function revokeAccessToken(db: Db, config: Config, token: string) {
  let claims: { jti?: string; exp?: number };
  try {
    claims = (await jwtVerify(token, new TextEncoder().encode(config.secretKey), { algorithms: ['HS256'] })).payload;
  } catch {
    return; // expired or not ours: nothing to revoke
  }
  if (!claims.jti || !claims.exp) return;
  await db.query('DELETE FROM revoked_access_tokens WHERE expires_at < now()');
  await db.query(
    `INSERT INTO revoked_access_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`,
    [claims.jti, claims.exp],
  );
}

/** preHandler for routes that need a signed-in user. */
export async function requireUser(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
}
