import type { FastifyInstance } from 'fastify';
import { checkSymbolQuery, SYMBOL_NOT_FOUND, type CheckSymbolResult } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { notFound } from '../../../http/errors.ts';
import { validate } from '../../../http/validate.ts';

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** GET /api/check_symbol/?symbol=: the listing with its last close and last change. */
export default async function checkSymbol(app: FastifyInstance, { deps }: RouteOpts) {
  app.get('/api/check_symbol/', async (req): Promise<CheckSymbolResult> => {
    const { symbol } = validate(checkSymbolQuery, req.query);
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
