import type { FastifyInstance } from 'fastify';
import { endpoints, type UserPatchBody } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { unauthorized } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { findUserById, toDetails, updateNames } from '../../accounts/users.ts';

/** GET/PUT/PATCH /dj-rest-auth/user/: the signed-in user's own details; e-mail is read only. */
export default async function user(app: FastifyInstance, { deps }: RouteOpts) {
  const { auth } = endpoints;
  route(app, auth.user, async ({ user }) => {
    const u = await findUserById(deps.db, user.id);
    if (!u) throw unauthorized(); // deleted since the token was issued
    return toDetails(u);
  });

  const update = async (userId: number, names: UserPatchBody) => {
    const u = await updateNames(deps.db, userId, names);
    if (!u) throw unauthorized();
    return toDetails(u);
  };
  route(app, auth.updateUser, async ({ user, body }) => update(user.id, body));
  route(app, auth.replaceUser, async ({ user, body }) => update(user.id, body));
}
