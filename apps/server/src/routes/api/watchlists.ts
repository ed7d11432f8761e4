import type { FastifyInstance } from 'fastify';
import { endpoints, symbolParam, WATCHLIST_LIMITS, WATCHLIST_MESSAGES } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { badRequest, found, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import {
  countWatchlists,
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  listWatchlists,
  renameWatchlist,
  setWatchlistSymbols,
  watchlistNameTaken,
  watchlistsWithSymbol,
} from '../../watchlists/repository.ts';
import { csvSymbols, symbolsCsv, watchlistRow } from '../../watchlists/rows.ts';
import { withUserLock } from '../../db/userLock.ts';

/** /api/watchlists/: the user's lists of symbols, their rows, CSV import/export, the star. */
export default async function watchlistRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const { watchlists } = endpoints;
  const nameUsed = () => badRequest({ name: [WATCHLIST_MESSAGES.nameUsed] });
  const tooMany = () => badRequest({ symbols: [WATCHLIST_MESSAGES.tooManySymbols] });
  const checkListed = (symbols: string[]) => {
    const unknown = symbols.filter((s) => !deps.series.get(s));
    if (unknown.length) throw badRequest({ symbols: [`${WATCHLIST_MESSAGES.symbolNotFound}: ${unknown.join(', ')}`] });
  };

  route(app, watchlists.list, async ({ user }) => listWatchlists(deps.db, user.id));

  route(app, watchlists.create, async ({ user, body }) => {
    checkListed(body.symbols);
    return withUserLock(deps.db, 'watchlists', user.id, async (t) => {
      if ((await countWatchlists(t, user.id)) >= WATCHLIST_LIMITS.maxWatchlists) throw badRequest(WATCHLIST_MESSAGES.tooManyWatchlists);
      if (await watchlistNameTaken(t, user.id, body.name)) throw nameUsed();
      return (await createWatchlist(t, user.id, body.name, body.symbols)) ?? Promise.reject(nameUsed());
    });
  });

  route(app, watchlists.membership, async ({ user, query }) => ({ symbol: query.symbol, watchlists: await watchlistsWithSymbol(deps.db, user.id, query.symbol) }));

  route(app, watchlists.get, async ({ user, params }) => found(await getWatchlist(deps.db, user.id, params.id)));

  route(app, watchlists.rename, async ({ user, params, body }) => {
    if (!(await getWatchlist(deps.db, user.id, params.id))) throw notFound();
    if (await watchlistNameTaken(deps.db, user.id, body.name, params.id)) throw nameUsed();
    const w = await renameWatchlist(deps.db, user.id, params.id, body.name);
    if (w === null) throw nameUsed();
    return found(w);
  });

  route(app, watchlists.remove, async ({ user, params }) => {
    if (!(await deleteWatchlist(deps.db, user.id, params.id))) throw notFound();
  });

  // Symbol changes read and write the whole list in one transaction, so two tabs adding at once
  // cannot lose each other's symbols or pass the 500 limit together.
  const changeSymbols = (userId: number, id: number, change: (symbols: string[]) => string[]) =>
    deps.db.tx(async (t) => {
      const [locked] = await t.query('SELECT 1 FROM watchlists WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
      if (!locked) throw notFound();
      const w = found(await getWatchlist(t, userId, id));
      return found(await setWatchlistSymbols(t, userId, id, change(w.symbols)));
    });

  route(app, watchlists.addSymbols, async ({ user, params, body }) => {
    if (!(await getWatchlist(deps.db, user.id, params.id))) throw notFound();
    checkListed(body.symbols);
    return changeSymbols(user.id, params.id, (had) => {
      const next = [...had, ...body.symbols.filter((s) => !had.includes(s))];
      if (next.length > WATCHLIST_LIMITS.maxSymbols) throw tooMany();
      return next;
    });
  });

  route(app, watchlists.reorder, async ({ user, params, body }) =>
    changeSymbols(user.id, params.id, (had) => {
      const same = had.length === body.symbols.length && body.symbols.every((s) => had.includes(s));
      if (!same) throw badRequest({ symbols: [WATCHLIST_MESSAGES.reorderMismatch] });
      return body.symbols;
    }),
  );

  route(app, watchlists.removeSymbol, async ({ user, params }) =>
    changeSymbols(user.id, params.id, (had) => {
      if (!had.includes(params.symbol)) throw notFound(WATCHLIST_MESSAGES.symbolNotInList);
      return had.filter((s) => s !== params.symbol);
    }),
  );

  route(app, watchlists.rows, async ({ user, params }) => {
    const w = found(await getWatchlist(deps.db, user.id, params.id));
    return { id: w.id, name: w.name, rows: w.symbols.map((s) => watchlistRow(deps.series, s)) };
  });

  route(app, watchlists.importCsv, async ({ user, params, body }) => {
    if (!(await getWatchlist(deps.db, user.id, params.id))) throw notFound();
    const cells = csvSymbols(body.csv);
    if (!cells.length) throw badRequest({ csv: [WATCHLIST_MESSAGES.csvEmpty] });
    const known: string[] = [];
    const unknown: string[] = [];
    for (const cell of cells) {
      const p = symbolParam.safeParse(cell);
      if (p.success && deps.series.get(p.data)) {
        if (!known.includes(p.data)) known.push(p.data);
      } else if (!unknown.includes(cell)) unknown.push(cell.slice(0, 40));
    }
    let added: string[] = [];
    let already: string[] = [];
    const watchlist = await changeSymbols(user.id, params.id, (had) => {
      added = known.filter((s) => !had.includes(s));
      already = known.filter((s) => had.includes(s));
      if (had.length + added.length > WATCHLIST_LIMITS.maxSymbols) throw badRequest({ csv: [WATCHLIST_MESSAGES.tooManySymbols] });
      return [...had, ...added];
    });
    return { watchlist, added, already_present: already, unknown };
  });

  route(app, watchlists.exportCsv, async ({ user, params }) => {
    const w = found(await getWatchlist(deps.db, user.id, params.id));
    const slug = w.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'watchlist';
    return { filename: `${slug}.csv`, csv: symbolsCsv(w.symbols) };
  });
}
