import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { RawJson, route } from '../../../http/route.ts';
import { candlesJson, rangeBySeconds } from '../../../market/candles.ts';
import { noData, unknownSymbol } from './answers.ts';

/** GET /api/charts/dhistory/ (symbol, resolution=D, from, to: Unix seconds, inclusive): daily candles
 *  written straight from the typed arrays (market/candles.ts). */
export default async function dhistory(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.charts.dhistory, async ({ query }) => {
    const entry = deps.series.get(query.symbol);
    if (!entry) return unknownSymbol;
    const [start, end] = rangeBySeconds(entry.bars, query.from, query.to ?? Math.floor(Date.now() / 1000));
    if (start === end) return noData;
    return new RawJson(candlesJson(entry.bars, start, end));
  });
}
