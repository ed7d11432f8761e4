import type { FastifyInstance } from 'fastify';
import { endpoints, SYMBOL_NOT_FOUND } from '@app/contract';
import type { RouteOpts } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** GET /api/check_symbol/?symbol=: the listing with its last close and last change, from the
 *  in-memory series cache (never from SQL per request). */
export default async function checkSymbol(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.checkSymbol, async ({ query: { symbol } }) => {
    const entry = deps.series.get(symbol);
    if (!entry) throw notFound(SYMBOL_NOT_FOUND);
    const { info, bars } = entry;
    const n = bars.close.length;
    if (!n) {
      // A listing without bars (e.g. from the screener only) still shows the screener's last sale.
      const price = info.last_sale ?? null;
      return {
        symbol: info.symbol, name: info.name, price, market: info.market, sector: info.sector, industry: info.industry,
        diff: price !== null ? (info.net_change ?? null) : null, chg: price !== null ? (info.pct_change ?? null) : null,
      };
    }
    const last = bars.close[n - 1];
    const prev = n > 1 ? bars.close[n - 2] : null;
    // Rounded so float noise (0.1200000001) never reaches the screen; 4 decimals keep penny moves.
    const diff = prev !== null ? round(last - prev, 4) : null;
    const chg = prev ? round(((last - prev) / prev) * 100, 4) : null;
    return {
      symbol: info.symbol, name: info.name, price: last, market: info.market, sector: info.sector,
      industry: info.industry, diff, chg,
    };
  });
}
