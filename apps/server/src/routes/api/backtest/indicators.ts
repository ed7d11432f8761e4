import type { FastifyInstance } from 'fastify';
import { IndicatorCreate, type Indicator } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validate.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { addIndicator, deleteIndicator } from '../../../backtest/templateRepository.ts';
import { pathId } from './pathId.ts';

/** /api/indicators/ (spec §7): add a condition to one of the user's templates, or delete one. */
export default async function indicatorRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  app.addHook('preHandler', requireUser);

  app.post('/api/indicators/', async (req, reply): Promise<Indicator> => {
    const { template, ...fields } = validate(IndicatorCreate, req.body ?? {});
    const row = await addIndicator(deps.db, req.user!.id, template, fields);
    if (!row) throw notFound(); // the template is not the user's
    reply.status(201);
    return row;
  });

  app.delete<{ Params: { id: string } }>('/api/indicators/:id/', async (req, reply) => {
    if (!(await deleteIndicator(deps.db, req.user!.id, pathId(req.params.id)))) throw notFound();
    return reply.status(204).send();
  });
}
