import type { FastifyInstance } from 'fastify';
import { PERIOD_MESSAGES, PeriodWrite, type Period, type PeriodWriteInput } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import type { AppDeps } from '../../../deps.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validate.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { createPeriod, deletePeriod, listPeriods, updatePeriod } from '../../../backtest/periodRepository.ts';
import { pathId } from './pathId.ts';

/** The body of a period write, with the ticker known to the market (spec §5: 'symbol not found'). */
function validPeriod(deps: AppDeps, body: unknown): PeriodWriteInput {
  const p = validate(PeriodWrite, body ?? {});
  if (!deps.series.get(p.stock_ticker)) throw badRequest({ stock_ticker: [PERIOD_MESSAGES.symbolNotFound] });
  return p;
}

/** /api/periods/ (spec §7): list, create (201), update (200), delete (204) — the user's own. */
export default async function periodRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  app.addHook('preHandler', requireUser);

  app.get('/api/periods/', async (req): Promise<Period[]> => listPeriods(deps.db, req.user!.id));

  app.post('/api/periods/', async (req, reply): Promise<Period> => {
    const p = validPeriod(deps, req.body);
    reply.status(201);
    return createPeriod(deps.db, req.user!.id, p);
  });

  app.put<{ Params: { id: string } }>('/api/periods/:id/', async (req): Promise<Period> => {
    const id = pathId(req.params.id);
    const row = await updatePeriod(deps.db, req.user!.id, id, validPeriod(deps, req.body));
    if (!row) throw notFound();
    return row;
  });

  app.delete<{ Params: { id: string } }>('/api/periods/:id/', async (req, reply) => {
    if (!(await deletePeriod(deps.db, req.user!.id, pathId(req.params.id)))) throw notFound();
    return reply.status(204).send();
  });
}
