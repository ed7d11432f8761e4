import type { FastifyInstance } from 'fastify';
import { endpoints, STARTER_MESSAGES, SYMBOL_NOT_FOUND } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { loadStarters } from '../../backtest/starters.ts';
import { copyStarter, createStarterPeriod, findPeriod, findStarterCopy, mostLiquid, starterPeriodDates } from '../../backtest/starterCopies.ts';

/** /api/starters/: the starter strategies, a copy into the user's templates, and a first
 *  backtest set up in one call. The library is read and checked here, when the routes are registered
 *  at start, so a bad starter file stops the server before it listens. */
export default async function starterRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const library = loadStarters();
  const bySlug = new Map(library.map((s) => [s.slug, s]));
  const starter = (slug: string) => {
    const s = bySlug.get(slug);
    if (!s) throw notFound(STARTER_MESSAGES.notFound);
    return s;
  };
  const { starters } = endpoints;

  route(app, starters.list, async () => library);

  route(app, starters.symbol, async () => {
    const e = mostLiquid(deps.series);
    return { symbol: e?.info.symbol ?? null, name: e?.info.name ?? null };
  });

  route(app, starters.copy, async ({ user, params }) => copyStarter(deps.db, user.id, starter(params.slug)));

  route(app, starters.run, async ({ user, params, body }) => {
    const s = starter(params.slug);
    const entry = body.symbol === undefined ? mostLiquid(deps.series) : deps.series.get(body.symbol);
    if (!entry) throw notFound(SYMBOL_NOT_FOUND);
    const dates = starterPeriodDates(entry);
    if (!dates) throw badRequest({ symbol: [STARTER_MESSAGES.noBars(entry.info.symbol)] });
    // Both rows or neither: a run that fails half way leaves no stray template behind. Running a starter
    // again reuses the unchanged copy and the same period rather than numbering a second copy.
    return deps.db.tx(async (db) => {
      await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]); // two runs at once find one copy
      const template = (await findStarterCopy(db, user.id, s)) ?? (await copyStarter(db, user.id, s));
      const period = (await findPeriod(db, user.id, entry.info.symbol, dates)) ?? (await createStarterPeriod(db, user.id, entry, dates));
      return { template_id: template.id, period_id: period.id };
    });
  });
}
