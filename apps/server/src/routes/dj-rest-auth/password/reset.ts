import type { FastifyInstance } from 'fastify';
import { AUTH_API_MESSAGES, endpoints } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { badRequest } from '../../../http/errors.ts';
import { route } from '../../../http/route.ts';
import { authRateLimit } from '../../../accounts/rateLimits.ts';
import { findUserByEmail, findUserById, setPassword } from '../../../accounts/users.ts';
import { hashPassword, passwordProblems } from '../../../accounts/passwords.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from '../../../accounts/resetTokens.ts';
import type { Mailer } from '../../../accounts/mailer.ts';

/** The link in the mail: the web app's /password-reset-confirm/{uidb64}/{token}/ screen. */
export function resetLink(siteUrl: string, uid: string, token: string) {
  return `${siteUrl.replace(/\/+$/, '')}/password-reset-confirm/${uid}/${token}/`;
}

/** POST /dj-rest-auth/password/reset/ (mails a link) and /password/reset/confirm/ (sets the password). */
export default async function passwordReset(app: FastifyInstance, { deps, mailer }: RouteOpts & { mailer: Mailer }) {
  const { config, db } = deps;

  route(app, endpoints.auth.passwordReset, async ({ body: { email }, req }) => {
    const user = await findUserByEmail(db, email);
    if (user) {
      const link = resetLink(config.siteUrl, encodeUid(user.id), makeResetToken(config.secretKey, user));
      const hours = Math.round((config.resetTokenTtlSeconds / 3600) * 10) / 10;
      // Not awaited: the answer must not take longer (or fail) only when the account exists.
      mailer
        .send({
          to: user.email,
          subject: 'Reset your Stockbench password',
          text:
            `Someone asked to reset the password of your Stockbench account (${user.email}).\n\n` +
            `Choose a new password here:\n${link}\n\n` +
            `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}. ` +
            `If you did not ask for this, ignore this mail; your password stays as it is.\n`,
        })
        .catch((err) => req.log.error({ err }, 'password reset mail not sent'));
    }
    // Same answer whether or not the e-mail has an account.
    return { detail: AUTH_API_MESSAGES.resetSent };
  }, { preHandler: [authRateLimit(app, 'reset')] });

  route(app, endpoints.auth.passwordResetConfirm, async ({ body }) => {
    const id = decodeUid(body.uid);
    const user = id ? await findUserById(db, id) : null;
    if (!user || !checkResetToken(config.secretKey, user, body.token, config.resetTokenTtlSeconds)) {
      throw badRequest(AUTH_API_MESSAGES.resetLinkInvalid);
    }
    const problems = passwordProblems(body.new_password1, user.email);
    if (problems.length) throw badRequest({ new_password1: problems });
    if (body.new_password1 !== body.new_password2) throw badRequest({ new_password2: [AUTH_API_MESSAGES.passwordsMismatch] });
    // setPassword changes the hash (so this token dies) and bumps token_version (other sessions end).
    await setPassword(db, user.id, await hashPassword(body.new_password1));
    return { detail: AUTH_API_MESSAGES.resetDone };
  }, { preHandler: [authRateLimit(app, 'resetConfirm')] });
}
