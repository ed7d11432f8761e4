import type { FastifyInstance } from 'fastify';
import { endpoints, LIMIT_MESSAGES, SCANNER_MESSAGES, USER_LIMITS } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { badRequest, found, notFound } from '../../../http/errors.ts';
import { route } from '../../../http/route.ts';
import { countTemplates, createTemplate, deleteTemplate, getTemplate, listTemplates, templateNameTaken } from '../../../scanner/templatesRepository.ts';
import { withUserLock } from '../../../db/userLock.ts';

/** /api/scanner/templates/ (spec §7): the user's saved queries — list, detail, create, delete. */
export default async function templateRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { templates } = endpoints.scanner;

  route(app, templates.list, async ({ user }) => listTemplates(deps.db, user.id));

  route(app, templates.get, async ({ user, params }) => found(await getTemplate(deps.db, user.id, params.id)));

  route(app, templates.create, async ({ user, body }) =>
    withUserLock(deps.db, 'scannerTemplates', user.id, async (db) => {
      const nameUsed = () => badRequest(SCANNER_MESSAGES.nameUsed);
      if ((await countTemplates(db, user.id)) >= USER_LIMITS.savedQueriesPerUser) throw badRequest(LIMIT_MESSAGES.savedQueriesPerUser);
      if (await templateNameTaken(db, user.id, body.name)) throw nameUsed();
      const t = await createTemplate(db, user.id, body.name, body.filters);
      if (!t) throw nameUsed(); // the unique index (user, name) holds whatever the check saw
      return t;
    }),
  );

  route(app, templates.remove, async ({ user, params }) => {
    if (!(await deleteTemplate(deps.db, user.id, params.id))) throw notFound();
  });
}
