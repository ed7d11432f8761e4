import type { FastifyInstance } from 'fastify';
import { endpoints, EXIT_FIELD_NAMES, exitConflicts, TEMPLATE_MESSAGES, withSettingDefaults, type TemplateExitValues } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, found, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, templateNameTaken, updateTemplate } from '../../backtest/templateRepository.ts';
import type { Db } from '../../db/index.ts';
import { ensureTemplateRoom } from '../../backtest/templateRoom.ts';
import { withUserLock } from '../../db/userLock.ts';

/** /api/templates/ (spec §7): list, create, detail with indicators, rename, delete — the user's own. */
export default async function templateRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { templates } = endpoints;

  route(app, templates.list, async ({ user }) => listTemplates(deps.db, user.id));

  route(app, templates.create, async ({ user, body }) => {
    checkExits(body);
    return withUserLock(deps.db, 'templates', user.id, async (t) => {
      if ((await ensureTemplateRoom(t, user.id, body.name)).nameTaken) throw nameUsed();
      return createTemplate(t, user.id, body.name, withSettingDefaults(body), body);
    });
  });

  route(app, templates.get, async ({ user, params }) => found(await getTemplate(deps.db, user.id, params.id)));

  route(app, templates.update, async ({ user, params, body }) => {
    // the exits that will hold together: those sent, the stored ones for the rest
    const stored = found(await getTemplate(deps.db, user.id, params.id));
    checkExits(Object.fromEntries(EXIT_FIELD_NAMES.map((f) => [f, body[f] === undefined ? stored[f] : body[f]])));
    return withUserLock(deps.db, 'templates', user.id, async (t) => {
      await checkName(t, user.id, body.name, stored.id);
      return found(await updateTemplate(t, user.id, params.id, body.name, body, body));
    });
  });

  route(app, templates.remove, async ({ user, params }) => {
    if (!(await deleteTemplate(deps.db, user.id, params.id))) throw notFound();
  });
}

/** 400 naming the field when the exits do not hold together (risk sizing without a stop). */
function checkExits(exits: Partial<TemplateExitValues>) {
  const errors = exitConflicts(exits);
  if (Object.keys(errors).length) throw badRequest(errors);
}

const nameUsed = () => badRequest({ name: [TEMPLATE_MESSAGES.nameUsed] });

/** 400 on `name` when the user already has another template of that name (two of one name cannot be
 *  told apart in the Backtest screen's picker). A check under the user's lock, not a constraint:
 *  older databases may hold duplicates, which stay readable and can be renamed. */
async function checkName(db: Db, userId: number, name: string, exceptId: number) {
  if (await templateNameTaken(db, userId, name, exceptId)) throw nameUsed();
}
