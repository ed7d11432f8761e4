import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../index.ts';
import { AUTH_API_MESSAGES } from '@app/contract';
import { HttpError } from '../../http/errors.ts';
import { consumeRefreshToken, endSession, REFRESH_COOKIE, startSession } from '../../accounts/session.ts';
import { findUserById } from '../../accounts/users.ts';

/** POST /dj-rest-auth/token/refresh/: trades the `_refresh` cookie for a new session (both rotated). */
export default async function token(app: FastifyInstance, { deps }: RouteOpts) {
  app.post('/dj-rest-auth/token/refresh/', async (req, reply) => {
    const body = req.body as { refresh?: unknown } | undefined;
    const refresh = req.cookies[REFRESH_COOKIE] || (typeof body?.refresh === 'string' ? body.refresh : '');
    const userId = refresh ? await consumeRefreshToken(deps.db, refresh) : null;
    const user = userId ? await findUserById(deps.db, userId) : null;
    if (!user) {
      endSession(reply, deps.config);
      throw new HttpError(401, { detail: AUTH_API_MESSAGES.refreshInvalid });
    }
    return startSession(reply, deps, user);
  });
}
