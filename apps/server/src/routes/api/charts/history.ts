import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { RawJson, route } from '../../../http/route.ts';
import { barsAtFrequency, candlesJson } from '../../../market/candles.ts';
import { noData, unknownSymbol } from './answers.ts';

/** GET /api/charts/history/ (symbol, resolution=D, frequencyID 0|1|2). The candle array is written as
 *  one string straight from the typed arrays (market/candles.ts). */
export default async function history(app: FastifyInstance, { deps }: RouteOpts) {
  route(app, endpoints.charts.history, async ({ query }) => {
    const entry = deps.series.get(query.symbol);
    if (!entry) return unknownSymbol;
    if (!entry.bars.day.length) return noData;
    return new RawJson(candlesJson(barsAtFrequency(entry.bars, query.frequencyID)));
  });
}
