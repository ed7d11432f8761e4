import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../../deps.ts';
import { createMailer } from '../../accounts/mailer.ts';
import login from './login.ts';
import logout from './logout.ts';
import registration from './registration.ts';
import tokenRefresh from './token/refresh.ts';
import user from './user.ts';
import passwordReset from './password/reset.ts';
import google from './google.ts';

/** {base}/dj-rest-auth/…: the account endpoints of spec §7 (registered with prefix config.authBasePath). */
export default async function authRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const mailer = createMailer(deps.config, app.log);
  await app.register(login, { deps });
  await app.register(logout, { deps });
  await app.register(registration, { deps });
  await app.register(tokenRefresh, { deps });
  await app.register(passwordReset, { deps, mailer });
  await app.register(user, { deps });
  await app.register(google, { deps });
}

/** Spec §7 lists /dj-rest-auth/user/ and /dj-rest-auth/google/ without {base}; when a base is
 *  configured they are served at the root as well. */
export async function authRootRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  await app.register(user, { deps });
  await app.register(google, { deps });
}
