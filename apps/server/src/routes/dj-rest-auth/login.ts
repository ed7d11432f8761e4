import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../index.ts';
import { AUTH_API_MESSAGES, LoginBody } from '@app/contract';
import { validate } from '../../http/validate.ts';
import { badRequest } from '../../http/errors.ts';
import { authRateLimit } from '../../accounts/rateLimits.ts';
import { findUserByEmail } from '../../accounts/users.ts';
import { verifyPassword } from '../../accounts/passwords.ts';
import { consumeRefreshToken, endSession, REFRESH_COOKIE, startSession } from '../../accounts/session.ts';
import { ACCESS_COOKIE, revokeAccessToken } from '../../plugins/auth.ts';

/** POST /dj-rest-auth/login/ and /dj-rest-auth/logout/. */
export default async function login(app: FastifyInstance, { deps }: RouteOpts) {
  app.post('/dj-rest-auth/login/', { preHandler: authRateLimit(app, 'login') }, async (req, reply) => {
    const body = validate(LoginBody, req.body);
    const user = await findUserByEmail(deps.db, body.email);
    // verifyPassword runs a full hash even without a user, so timing does not reveal accounts.
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok) throw badRequest(AUTH_API_MESSAGES.badCredentials);
    return startSession(reply, deps, user);
  });

  app.post('/dj-rest-auth/logout/', async (req, reply) => {
    const refresh = req.cookies[REFRESH_COOKIE];
    if (refresh) await consumeRefreshToken(deps.db, refresh);
    const access = req.cookies[ACCESS_COOKIE];
    if (access) await revokeAccessToken(deps.db, deps.config, access);
    endSession(reply, deps.config);
    return { detail: AUTH_API_MESSAGES.loggedOut };
  });
}
