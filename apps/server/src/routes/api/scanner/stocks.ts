import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contract';
import type { RouteOpts } from '../../../deps.ts';
import { badRequest } from '../../../http/errors.ts';
import { route } from '../../../http/route.ts';
import { ScannerEngine } from '../../../scanner/engine.ts';
import { watchScannerWarmup } from '../../../scanner/warmup.ts';

/** GET /api/scanner/stocks/?{query} (spec §7): the signed-in user's scan over the whole market. */
export default async function stockRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const engine = new ScannerEngine(deps.series);
  // the default filters' indicators are computed in the background after every cache (re)load
  const warmup = watchScannerWarmup(engine, deps.series, { onError: (err) => app.log.error({ err }, 'scanner warm-up failed') });
  app.addHook('onReady', async () => void warmup.check());
  app.addHook('onClose', async () => warmup.stop());

  const { stocks } = endpoints.scanner;
  route(app, stocks, async ({ query: q, req }) => {
    const { count, results, emptyReason } = engine.scan(q);
    const pages = Math.max(1, Math.ceil(count / q.page_size));
    if (q.page > pages) throw badRequest({ page: ['Invalid page.'] });
    // next/previous repeat the query as it was sent, with another page
    const at = req.url.indexOf('?');
    const link = (page: number) => {
      const p = new URLSearchParams(at < 0 ? '' : req.url.slice(at + 1));
      p.set('page', String(page));
      return `${stocks.path}?${p}`;
    };
    return {
      count,
      next: q.page < pages ? link(q.page + 1) : null,
      previous: q.page > 1 ? link(q.page - 1) : null,
      results,
      empty_reason: emptyReason,
    };
  });
}
