import type { FastifyInstance } from 'fastify';
import { AUTH_API_MESSAGES, endpoints } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { HttpError } from '../../../http/errors.ts';
import { route } from '../../../http/route.ts';
import { consumeRefreshToken, endSession, REFRESH_COOKIE, startSession } from '../../../accounts/session.ts';
import { findUserById } from '../../../accounts/users.ts';

/** POST /dj-rest-auth/token/refresh/: trades the `_refresh` cookie for new tokens of its session (both rotated). */
export default async function tokenRefresh(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.auth.refresh, async ({ req, reply, body }) => {
    const refresh = req.cookies[REFRESH_COOKIE] || body.refresh;
    const session = refresh ? await consumeRefreshToken(deps.db, refresh) : null;
    const user = session ? await findUserById(deps.db, session.userId) : null;
    if (!session || !user) {
      endSession(reply, deps.config);
      throw new HttpError(401, { detail: AUTH_API_MESSAGES.refreshInvalid });
    }
    return startSession(reply, deps, user, session.sessionId);
  });
}
