import type { FastifyInstance } from 'fastify';
import { endpoints, LIMIT_MESSAGES, PERIOD_MESSAGES, USER_LIMITS, type PeriodWriteInput } from '@app/contract';
import type { AppDeps, RouteOpts } from '../../deps.ts';
import { badRequest, found, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { createPeriod, deletePeriod, listPeriods, updatePeriod } from '../../backtest/periodRepository.ts';

/** A period whose ticker the market knows (spec §5: 'symbol not found'). */
function listed(deps: AppDeps, p: PeriodWriteInput): PeriodWriteInput {
  if (!deps.series.get(p.stock_ticker)) throw badRequest({ stock_ticker: [PERIOD_MESSAGES.symbolNotFound] });
  return p;
}

/** /api/periods/ (spec §7): list, create (201), update (200), delete (204) — the user's own. */
export default async function periodRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { periods } = endpoints;

  route(app, periods.list, async ({ user }) => listPeriods(deps.db, user.id));

  route(app, periods.create, async ({ user, body }) => {
    const made = await createPeriod(deps.db, user.id, listed(deps, body), USER_LIMITS.periodsPerUser);
    if (!made) throw badRequest(LIMIT_MESSAGES.periodsPerUser);
    return made;
  });

  route(app, periods.update, async ({ user, params, body }) => found(await updatePeriod(deps.db, user.id, params.id, listed(deps, body))));

  route(app, periods.remove, async ({ user, params }) => {
    if (!(await deletePeriod(deps.db, user.id, params.id))) throw notFound();
  });
}
