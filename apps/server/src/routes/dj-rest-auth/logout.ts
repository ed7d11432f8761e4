import type { FastifyInstance } from 'fastify';
import { AUTH_API_MESSAGES, endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { consumeRefreshToken, endSession, REFRESH_COOKIE } from '../../accounts/session.ts';
import { ACCESS_COOKIE, revokeAccessToken } from '../../plugins/auth.ts';

/** POST /dj-rest-auth/logout/: ends the refresh token and the access token, and clears both cookies. */
export default async function logout(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.auth.logout, async ({ req, reply }) => {
    const refresh = req.cookies[REFRESH_COOKIE];
    if (refresh) await consumeRefreshToken(deps.db, refresh);
    const access = req.cookies[ACCESS_COOKIE];
    if (access) await revokeAccessToken(deps.db, deps.config, access);
    endSession(reply, deps.config);
    return { detail: AUTH_API_MESSAGES.loggedOut };
  });
}
