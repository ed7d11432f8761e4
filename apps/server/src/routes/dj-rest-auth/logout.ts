import type { FastifyInstance } from 'fastify';
import { AUTH_API_MESSAGES, endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { endSession, REFRESH_COOKIE, sessionOfRefreshToken } from '../../accounts/session.ts';
import { endSessionById, endUserSessions } from '../../accounts/authSessions.ts';
import { ACCESS_COOKIE, accessTokenSession } from '../../plugins/auth.ts';

/** POST /dj-rest-auth/logout/: ends the session (every access and refresh token it issued) and clears
 *  both cookies. POST /dj-rest-auth/logout/all/: ends every session of the signed-in user. */
export default async function logout(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.auth.logout, async ({ req, reply }) => {
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : null;
    const access = req.cookies[ACCESS_COOKIE] || bearer;
    const refresh = req.cookies[REFRESH_COOKIE];
    const sessions = [access ? await accessTokenSession(deps.config, access) : null, refresh ? await sessionOfRefreshToken(deps.db, refresh) : null];
    for (const s of sessions) if (s) await endSessionById(deps.db, s.userId, s.sessionId, 'logout');
    endSession(reply, deps.config);
    return { detail: AUTH_API_MESSAGES.loggedOut };
  });

  route(app, endpoints.auth.logoutAll, async ({ user, reply }) => {
    await endUserSessions(deps.db, user.id, 'logout everywhere');
    endSession(reply, deps.config);
    return { detail: AUTH_API_MESSAGES.loggedOutEverywhere };
  });
}
