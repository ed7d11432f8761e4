import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  dhistoryQuery, historyQuery, NO_DATA_MESSAGE, SYMBOL_NOT_FOUND, type HistoryStatus,
} from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { validate } from '../../../http/validate.ts';
import { barsAtFrequency, candlesJson, rangeBySeconds } from '../../../market/candles.ts';

// Both calls answer HTTP 200 with candles, or with {s, errmsg} when there is nothing to draw: the
// spec's chart screens show errmsg for s = error/no_data and a generic text for non-OK responses.
const unknownSymbol: HistoryStatus = { s: 'error', errmsg: SYMBOL_NOT_FOUND };
const noData: HistoryStatus = { s: 'no_data', errmsg: NO_DATA_MESSAGE };

// The candle array is built as one string straight from the typed arrays (see candles.ts).
const sendJson = (reply: FastifyReply, json: Buffer) => reply.type('application/json; charset=utf-8').send(json);

/** GET /api/charts/history/ (symbol, resolution=D, frequencyID 0|1|2) and
 *  GET /api/charts/dhistory/ (symbol, resolution=D, from, to: Unix seconds, inclusive). */
export default async function charts(app: FastifyInstance, { deps }: RouteOpts) {
  app.get('/api/charts/history/', async (req, reply) => {
    const q = validate(historyQuery, req.query);
    const entry = deps.series.get(q.symbol);
    if (!entry) return unknownSymbol;
    if (!entry.bars.day.length) return noData;
    return sendJson(reply, candlesJson(barsAtFrequency(entry.bars, q.frequencyID)));
  });

  app.get('/api/charts/dhistory/', async (req, reply) => {
    const q = validate(dhistoryQuery, req.query);
    const entry = deps.series.get(q.symbol);
    if (!entry) return unknownSymbol;
    const [start, end] = rangeBySeconds(entry.bars, q.from, q.to ?? Math.floor(Date.now() / 1000));
    if (start === end) return noData;
    return sendJson(reply, candlesJson(entry.bars, start, end));
  });
}
