import type { FastifyInstance } from 'fastify';
import { AUTH_API_MESSAGES, endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { exchangeGoogleCode, googleConfigured, GoogleSignInError, type GoogleIdentity } from '../../accounts/google.ts';
import { createUser, findUserByEmail, findUserByGoogleSub, linkGoogle, type UserRow } from '../../accounts/users.ts';
import { startSession } from '../../accounts/session.ts';
import type { Db } from '../../db/index.ts';

/** The account for a verified Google identity: the one already linked, else the one with that
 *  e-mail (now linked), else a new password-less account. */
async function accountFor(db: Db, id: GoogleIdentity): Promise<UserRow> {
  const linked = await findUserByGoogleSub(db, id.sub);
  if (linked) return linked;
  if (!id.emailVerified) throw badRequest(AUTH_API_MESSAGES.googleEmailUnverified);
  const byEmail = await findUserByEmail(db, id.email);
  if (byEmail) {
    if (byEmail.google_sub && byEmail.google_sub !== id.sub) throw badRequest(AUTH_API_MESSAGES.googleFailed);
    await linkGoogle(db, byEmail.id, id.sub);
    return { ...byEmail, google_sub: id.sub };
  }
  const created = await createUser(db, { email: id.email, passwordHash: null, googleSub: id.sub, firstName: id.givenName, lastName: id.familyName });
  // null: a concurrent sign-in created it first
  return created ?? (await findUserByGoogleSub(db, id.sub)) ?? Promise.reject(badRequest(AUTH_API_MESSAGES.googleFailed));
}

/** POST /dj-rest-auth/google/: code + redirect_uri from /oauth/callback → a session. */
export default async function google(app: FastifyInstance, { deps }: RouteOpts) {
  // Checked before the body: without Google configured no body can succeed.
  const configured = async () => {
    if (!googleConfigured(deps.config)) throw badRequest(AUTH_API_MESSAGES.googleNotConfigured);
  };
  route(app, endpoints.auth.google, async ({ body, req, reply }) => {
    let identity: GoogleIdentity;
    try {
      identity = await exchangeGoogleCode(deps.config, body.code, body.redirect_uri);
    } catch (e) {
      if (!(e instanceof GoogleSignInError)) throw e;
      req.log.warn({ reason: e.message }, 'google sign-in failed');
      throw badRequest(AUTH_API_MESSAGES.googleFailed);
    }
    return startSession(reply, deps, await accountFor(deps.db, identity));
  }, { preHandler: [configured] });
}
