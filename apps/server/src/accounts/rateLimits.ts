import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { AUTH_API_MESSAGES } from '@app/contract';
import { normalizeEmail } from './users.ts';
import { dropExpired, hit, refund } from './rateLimitStore.ts';

// Login, registration and reset are limited per client address and per (account, address), and
// the counts live in PostgreSQL, so every server process enforces the same limits.
// - per address: one address guessing many passwords (or spraying one over many accounts) is
//   stopped; generous because offices and test runs share one address;
// - per (account, address): one address guessing one account is stopped early, while the owner,
//   from any other address, still signs in: nobody can lock an account out by failing on purpose
//   Logins count failures only: a successful login takes its attempt back.
// - a reset sends a mail to the account's owner, so its limit is per account, whatever the
//   address: a mailbox cannot be flooded from many addresses.
// Behind a reverse proxy, TRUST_PROXY makes the address the client's (from X-Forwarded-For).
export const AUTH_LIMITS = {
  login: { ip: { max: 100, minutes: 15 }, accountAddress: { max: 10, minutes: 15 }, failuresOnly: true },
  registration: { ip: { max: 100, minutes: 60 }, accountAddress: { max: 5, minutes: 60 }, failuresOnly: false },
  reset: { ip: { max: 20, minutes: 60 }, account: { max: 5, minutes: 60 }, failuresOnly: false },
  resetConfirm: { ip: { max: 20, minutes: 60 }, accountAddress: { max: 10, minutes: 60 }, failuresOnly: false },
} as const;

// The body field that names the account for each action.
const ACCOUNT_FIELD: Record<Action, string> = { login: 'email', registration: 'email', reset: 'email', resetConfirm: 'uid' };

type Action = keyof typeof AUTH_LIMITS;
interface Limit {
  key: string;
  max: number;
  minutes: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Throttle keys this request counted, taken back when a failures-only action succeeds. */
    throttled?: string[];
  }
}

/** The limits an attempt counts against, with their keys. */
export function limitsFor(action: Action, ip: string, rawAccount: string): Limit[] {
  const l = AUTH_LIMITS[action];
  // Whatever was typed (NUL, lone surrogates…) becomes a plain key, and no e-mail is stored here.
  const account = rawAccount && createHash('sha256').update(rawAccount).digest('hex').slice(0, 32);
  const out: Limit[] = [{ key: `${action}:ip:${ip}`, ...l.ip }];
  if (!account) return out;
  if ('account' in l) out.push({ key: `${action}:acct:${account}`, ...l.account });
  if ('accountAddress' in l) out.push({ key: `${action}:acct-ip:${account}|${ip}`, ...l.accountAddress });
  return out;
}

declare module 'fastify' {
  interface FastifyInstance {
    authThrottleDb: Db;
  }
}

/** Application plugin (app.ts): where the counts live, and the hook that gives a failures-only
 *  attempt that succeeded (2xx) its counts back. */
export function registerAuthThrottle(app: FastifyInstance, db: Db) {
  app.decorate('authThrottleDb', db);
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.throttled?.length || reply.statusCode >= 300) return;
    for (const key of req.throttled) await refund(db, key).catch((err) => req.log.warn({ err }, 'throttle refund failed'));
  });
}

/** A preHandler enforcing an action's limits; answers 429 with the longest wait in seconds. */
export function authRateLimit(app: FastifyInstance, action: Action) {
  return async (req: FastifyRequest) => {
    const db = app.authThrottleDb;
    if (Math.random() < 0.01) await dropExpired(db);
    let exceeded: number | null = null;
    const counted: string[] = [];
    for (const { key, max, minutes } of limitsFor(action, req.ip, accountOf(req, action))) {
      const r = await hit(db, key, minutes * 60);
      counted.push(key);
      if (r.hits > max) exceeded = Math.max(exceeded ?? 0, r.ttl);
    }
    if (AUTH_LIMITS[action].failuresOnly) req.throttled = counted;
    if (exceeded !== null) throw new HttpError(429, { detail: AUTH_API_MESSAGES.tooManyAttempts(exceeded) });
  };
}

function accountOf(req: FastifyRequest, action: Action): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[ACCOUNT_FIELD[action]];
  return typeof value === 'string' && value.trim() ? normalizeEmail(value).slice(0, 254) : '';
}
