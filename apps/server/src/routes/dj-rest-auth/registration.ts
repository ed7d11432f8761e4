import type { FastifyInstance } from 'fastify';
import { AUTH_API_MESSAGES, endpoints } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { authRateLimit } from '../../accounts/rateLimits.ts';
import { hit, refund } from '../../accounts/rateLimitStore.ts';
import { createUser, findUserByEmail, toDetails } from '../../accounts/users.ts';
import { hashPassword, passwordProblems } from '../../accounts/passwords.ts';

/** POST /dj-rest-auth/registration/: creates an account (username = e-mail); the user then logs in. */
export default async function registration(app: FastifyInstance, { deps }: RouteOpts) {
  route(
    app,
    endpoints.auth.registration,
    async ({ body, req }) => {
      const problems = passwordProblems(body.password1, body.email);
      if (problems.length) throw badRequest({ password1: problems });
      if (body.password1 !== body.password2) throw badRequest({ non_field_errors: [AUTH_API_MESSAGES.passwordsMismatch] });
      if (await findUserByEmail(deps.db, body.email)) throw badRequest({ email: [AUTH_API_MESSAGES.emailTaken] });
      // Accounts made per client address a day (besides the attempts limited above), so one address
      // cannot make an army of accounts to get around the per-user limits.
      const created = `registration:created:${req.ip}`;
      const day = await hit(deps.db, created, 24 * 3600);
      if (day.hits > deps.config.accountsPerAddressPerDay) throw new HttpError(429, { detail: AUTH_API_MESSAGES.tooManyAttempts(day.ttl) });
      const user = await createUser(deps.db, { email: body.email, passwordHash: await hashPassword(body.password1) });
      // null: registered by a concurrent request between the check above and the insert
      if (!user) {
        await refund(deps.db, created);
        throw badRequest({ email: [AUTH_API_MESSAGES.emailTaken] });
      }
      return { detail: AUTH_API_MESSAGES.registered, user: toDetails(user) };
    },
    { preHandler: [authRateLimit(app, 'registration')] },
  );
}
