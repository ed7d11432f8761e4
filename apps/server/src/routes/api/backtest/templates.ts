import type { FastifyInstance } from 'fastify';
import { DEFAULT_CASH, DEFAULT_COMMISSION, DEFAULT_POSITION_SIZE, TemplateWrite, type TemplateDetail, type TemplateListItem } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validate.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from '../../../backtest/templateRepository.ts';
import { pathId } from './pathId.ts';

/** /api/templates/ (spec §7): list, create, detail with indicators, rename, delete — the user's own. */
export default async function templateRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  app.addHook('preHandler', requireUser);

  app.get('/api/templates/', async (req): Promise<TemplateListItem[]> => listTemplates(deps.db, req.user!.id));

  app.post('/api/templates/', async (req, reply): Promise<TemplateDetail> => {
    const body = validate(TemplateWrite, req.body ?? {});
    reply.status(201);
    return createTemplate(deps.db, req.user!.id, body.name, {
      position_size: body.position_size ?? DEFAULT_POSITION_SIZE,
      commission: body.commission ?? DEFAULT_COMMISSION,
      cash: body.cash ?? DEFAULT_CASH,
    });
  });

  app.get<{ Params: { id: string } }>('/api/templates/:id/', async (req): Promise<TemplateDetail> => {
    const t = await getTemplate(deps.db, req.user!.id, pathId(req.params.id));
    if (!t) throw notFound();
    return t;
  });

  app.put<{ Params: { id: string } }>('/api/templates/:id/', async (req): Promise<TemplateDetail> => {
    const id = pathId(req.params.id);
    const body = validate(TemplateWrite, req.body ?? {});
    const t = await updateTemplate(deps.db, req.user!.id, id, body.name, body);
    if (!t) throw notFound();
    return t;
  });

  app.delete<{ Params: { id: string } }>('/api/templates/:id/', async (req, reply) => {
    if (!(await deleteTemplate(deps.db, req.user!.id, pathId(req.params.id)))) throw notFound();
    return reply.status(204).send();
  });
}
