import type { FastifyInstance } from 'fastify';
import { SCANNER_MESSAGES, scannerTemplateCreateSchema, type ScannerTemplate, type ScannerTemplateSummary } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validate.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, templateNameTaken } from '../../../scanner/templatesRepository.ts';

/** A numeric id from the URL; anything else cannot name a row, so it answers 404 like a missing one. */
function pathId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** /api/scanner/templates/ (spec §7): the user's saved queries — list, detail, create, delete. */
export default async function templateRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  app.addHook('preHandler', requireUser);

  app.get('/api/scanner/templates/', async (req): Promise<ScannerTemplateSummary[]> => listTemplates(deps.db, req.user!.id));

  app.get<{ Params: { id: string } }>('/api/scanner/templates/:id/', async (req): Promise<ScannerTemplate> => {
    const t = await getTemplate(deps.db, req.user!.id, pathId(req.params.id));
    if (!t) throw notFound();
    return t;
  });

  app.post('/api/scanner/templates/', async (req, reply): Promise<ScannerTemplate> => {
    const body = validate(scannerTemplateCreateSchema, req.body ?? {});
    const nameUsed = () => badRequest(SCANNER_MESSAGES.nameUsed);
    if (await templateNameTaken(deps.db, req.user!.id, body.name)) throw nameUsed();
    const t = await createTemplate(deps.db, req.user!.id, body.name, body.filters);
    if (!t) throw nameUsed();
    reply.status(201);
    return t;
  });

  app.delete<{ Params: { id: string } }>('/api/scanner/templates/:id/', async (req, reply) => {
    if (!(await deleteTemplate(deps.db, req.user!.id, pathId(req.params.id)))) throw notFound();
    return reply.status(204).send();
  });
}
