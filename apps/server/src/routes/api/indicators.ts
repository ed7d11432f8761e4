import type { FastifyInstance } from 'fastify';
import { endpoints, LIMIT_MESSAGES, sideMixError, USER_LIMITS } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { addIndicator, deleteIndicator, getTemplate, indicatorPlace, indicatorSides, moveIndicator, updateIndicator } from '../../backtest/templateRepository.ts';
import { withUserLock } from '../../db/userLock.ts';

/** /api/indicators/ (spec §7): add a condition to one of the user's templates, change it, move it
 *  within its side (up, down, to another block), or delete it. */
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

  route(app, indicators.update, async ({ user, params, body }) =>
    withUserLock(deps.db, 'templates', user.id, async (t) => {
      const place = await indicatorPlace(t, user.id, params.id);
      if (!place) throw notFound(); // the row is not the user's
      const mixed = sideMixError(place.others, body.indicator_type);
      if (mixed) throw badRequest({ indicator_type: [mixed] });
      const row = await updateIndicator(t, user.id, params.id, body);
      if (!row) throw notFound();
      return row;
    }),
  );

  route(app, indicators.move, async ({ user, params, body }) =>
    withUserLock(deps.db, 'templates', user.id, async (t) => {
      const place = await indicatorPlace(t, user.id, params.id);
      if (!place || !(await moveIndicator(t, user.id, params.id, body))) throw notFound();
      const template = await getTemplate(t, user.id, place.template_id);
      if (!template) throw notFound();
      return template;
    }),
  );

  route(app, indicators.remove, async ({ user, params }) => {
    if (!(await deleteIndicator(deps.db, user.id, params.id))) throw notFound();
  });
}
