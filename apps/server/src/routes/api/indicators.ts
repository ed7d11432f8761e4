import type { FastifyInstance } from 'fastify';
import { endpoints, LIMIT_MESSAGES, sideMixError, USER_LIMITS } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { addIndicator, deleteIndicator, indicatorSides } from '../../backtest/templateRepository.ts';
import { withUserLock } from '../../db/userLock.ts';

/** /api/indicators/ (spec §7): add a condition to one of the user's templates, or delete one. */
export default async function indicatorRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { indicators } = endpoints;

  route(app, indicators.create, async ({ user, body: { template, ...fields } }) =>
    withUserLock(deps.db, 'templates', user.id, async (t) => {
      const sides = await indicatorSides(t, user.id, template);
      if (sides === null) throw notFound(); // the template is not the user's
      // every run and chart computes each row: a template holds a bounded number
      if (sides.length >= USER_LIMITS.indicatorsPerTemplate) throw badRequest(LIMIT_MESSAGES.indicatorsPerTemplate);
      const mixed = sideMixError(sides, fields.indicator_type);
      if (mixed) throw badRequest({ indicator_type: [mixed] });
      const row = await addIndicator(t, user.id, template, fields);
      if (!row) throw notFound(); // the template is not the user's
      return row;
    }),
  );

  route(app, indicators.remove, async ({ user, params }) => {
    if (!(await deleteIndicator(deps.db, user.id, params.id))) throw notFound();
  });
}
