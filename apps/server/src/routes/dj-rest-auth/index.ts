import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../index.ts';
import { createMailer } from '../../accounts/mailer.ts';
import login from './login.ts';
import registration from './registration.ts';
import token from './token.ts';
import user from './user.ts';
import password from './password.ts';
import google from './google.ts';

/** {base}/dj-rest-auth/…: the account endpoints of spec §7 (registered with prefix config.authBasePath). */
export default async function authRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const mailer = createMailer(deps.config, app.log);
  await app.register(login, { deps });
  await app.register(registration, { deps });
  await app.register(token, { deps });
  await app.register(password, { deps, mailer });
  await app.register(user, { deps });
  await app.register(google, { deps });
}

/** Spec §7 lists /dj-rest-auth/user/ and /dj-rest-auth/google/ without {base}; when a base is
 *  configured they are served at the root as well. */
export async function authRootRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  await app.register(user, { deps });
  await app.register(google, { deps });
}
