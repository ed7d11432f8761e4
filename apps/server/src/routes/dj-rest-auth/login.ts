import type { FastifyInstance } from 'fastify';
import { AUTH_API_MESSAGES, endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { authRateLimit } from '../../accounts/rateLimits.ts';
import { findUserByEmail } from '../../accounts/users.ts';
import { verifyPassword } from '../../accounts/passwords.ts';
import { startSession } from '../../accounts/session.ts';

/** POST /dj-rest-auth/login/: e-mail and password → a session. */
export default async function login(app: FastifyInstance, { deps }: RouteOpts) {
  route(
    app,
    endpoints.auth.login,
    async ({ body, reply }) => {
      const user = await findUserByEmail(deps.db, body.email);
      // verifyPassword runs a full hash even without a user, so timing does not reveal accounts.
      const ok = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !ok) throw badRequest(AUTH_API_MESSAGES.badCredentials);
      return startSession(reply, deps, user);
    },
    { preHandler: [authRateLimit(app, 'login')] },
  );
}
