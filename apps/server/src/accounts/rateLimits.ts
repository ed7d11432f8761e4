import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { AUTH_API_MESSAGES } from '@app/contract';
import { normalizeEmail } from './users.ts';

// Login, registration and reset are limited per client IP and per account (e-mail), so neither
// one address guessing many passwords nor many addresses guessing one password get far.
// Limits are generous per IP because offices and test runs share one address.
export const AUTH_LIMITS = {
  login: { ip: { max: 100, minutes: 15 }, account: { max: 10, minutes: 15 } },
  registration: { ip: { max: 100, minutes: 60 }, account: { max: 5, minutes: 60 } },
  reset: { ip: { max: 20, minutes: 60 }, account: { max: 5, minutes: 60 } },
  resetConfirm: { ip: { max: 20, minutes: 60 }, account: { max: 10, minutes: 60 } },
} as const;

// The body field that names the account for each action.
const ACCOUNT_FIELD: Record<Action, string> = { login: 'email', registration: 'email', reset: 'email', resetConfirm: 'uid' };

type Action = keyof typeof AUTH_LIMITS;

/** A preHandler enforcing both limits of an action; answers 429 with the wait in seconds. */
export function authRateLimit(app: FastifyInstance, action: Action) {
  const { ip, account } = AUTH_LIMITS[action];
  const byIp = app.createRateLimit({ max: ip.max, timeWindow: ip.minutes * 60_000, keyGenerator: (req) => `${action}:ip:${req.ip}` });
  const byAccount = app.createRateLimit({
    max: account.max,
    timeWindow: account.minutes * 60_000,
    keyGenerator: (req) => `${action}:acct:${accountOf(req, action)}`,
  });
  return async (req: FastifyRequest) => {
    for (const limiter of accountOf(req, action) ? [byIp, byAccount] : [byIp]) {
      const r = await limiter(req);
      if (!r.isAllowed && r.isExceeded) throw new HttpError(429, { detail: AUTH_API_MESSAGES.tooManyAttempts(r.ttlInSeconds) });
    }
  };
}

function accountOf(req: FastifyRequest, action: Action): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[ACCOUNT_FIELD[action]];
  return typeof value === 'string' && value.trim() ? normalizeEmail(value).slice(0, 254) : '';
}
