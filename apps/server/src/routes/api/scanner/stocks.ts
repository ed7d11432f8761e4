import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseScanQuery, type ScanPage } from '@app/contract';
import type { RouteOpts } from '../../index.ts';
import { badRequest } from '../../../http/errors.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { ScannerEngine } from '../../../scanner/engine.ts';
import { watchScannerWarmup } from '../../../scanner/warmup.ts';

const PATH = '/api/scanner/stocks/';

/** The query string as pairs; a repeated key gives an array (refused by the parser). Parsed here with
 *  URLSearchParams rather than Fastify's parser so every key, however odd, reaches validation as text. */
function queryPairs(req: FastifyRequest): { search: URLSearchParams; pairs: Array<[string, string | string[]]> } {
  const at = req.url.indexOf('?');
  const search = new URLSearchParams(at < 0 ? '' : req.url.slice(at + 1));
  const grouped = new Map<string, string[]>();
  for (const [k, v] of search) {
    const list = grouped.get(k);
    if (list) list.push(v);
    else grouped.set(k, [v]);
  }
  return { search, pairs: [...grouped].map(([k, vs]) => [k, vs.length === 1 ? vs[0] : vs]) };
}

/** GET /api/scanner/stocks/?{query} (spec §7): the signed-in user's scan over the whole market. */
export default async function stockRoutes(app: FastifyInstance, { deps }: RouteOpts) {
  const engine = new ScannerEngine(deps.series);
  // the default filters' indicators are computed in the background after every cache (re)load
  const warmup = watchScannerWarmup(engine, deps.series, { onError: (err) => app.log.error({ err }, 'scanner warm-up failed') });
  app.addHook('onReady', async () => void warmup.check());
  app.addHook('onClose', async () => warmup.stop());

  app.get(PATH, { preHandler: requireUser }, async (req): Promise<ScanPage> => {
    const { search, pairs } = queryPairs(req);
    const parsed = parseScanQuery(pairs);
    if (!parsed.ok) throw badRequest(parsed.errors);
    const q = parsed.value;
    const { count, results } = engine.scan(q);
    const pages = Math.max(1, Math.ceil(count / q.page_size));
    if (q.page > pages) throw badRequest({ page: ['Invalid page.'] });
    const link = (page: number) => {
      const p = new URLSearchParams(search);
      p.set('page', String(page));
      return `${PATH}?${p}`;
    };
    return {
      count,
      next: q.page < pages ? link(q.page + 1) : null,
      previous: q.page > 1 ? link(q.page - 1) : null,
      results,
    };
  });
}
