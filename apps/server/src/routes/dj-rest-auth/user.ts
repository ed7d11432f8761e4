import type { FastifyInstance } from 'fastify';
import type { RouteOpts } from '../index.ts';
import { UserPatchBody, type UserDetails } from '@app/contract';
import { validate } from '../../http/validate.ts';
import { unauthorized } from '../../http/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { findUserById, toDetails, updateNames } from '../../accounts/users.ts';

/** GET/PUT/PATCH /dj-rest-auth/user/: the signed-in user's own details; e-mail is read only. */
export default async function user(app: FastifyInstance, { deps }: RouteOpts) {
  app.get('/dj-rest-auth/user/', { preHandler: requireUser }, async (req): Promise<UserDetails> => {
    const u = await findUserById(deps.db, req.user!.id);
    if (!u) throw unauthorized();
    return toDetails(u);
  });

  const update = async (req: { user: { id: number } | null; body: unknown }): Promise<UserDetails> => {
    const names = validate(UserPatchBody, req.body ?? {});
    const u = await updateNames(deps.db, req.user!.id, names);
    if (!u) throw unauthorized();
    return toDetails(u);
  };
  app.patch('/dj-rest-auth/user/', { preHandler: requireUser }, update);
  app.put('/dj-rest-auth/user/', { preHandler: requireUser }, update);
}
