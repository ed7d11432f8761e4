import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { cancelBatch, getBatch, registerBatchKind, startBatch } from '../jobs/batch.ts';
import { registerMarketFollowUp } from '../jobs/market.ts';
import { requireUser } from '../plugins/auth.ts';

// Loaded by a real server process with JOB_MODULES=apps/server/src/test/testJobs.ts (the
// two-process tests): a slow batch kind whose chunks say which process ran them, a market
// follow-up that records each call, and routes to start, read and cancel runs of that kind, the
// way a feature's routes will.

interface SlowSpec {
  n: number;
  ms: number;
}

registerBatchKind<SlowSpec, number, { idx: number; pid: number }, { chunks: Array<{ idx: number; pid: number }> }>('test-slow', {
  split: (spec) => Array.from({ length: spec.n }, (_, i) => i),
  async runChunk(spec, idx, ctx) {
    const end = Date.now() + spec.ms;
    while (Date.now() < end) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      await new Promise((r) => setTimeout(r, 20));
    }
    return { idx, pid: process.pid };
  },
  finish: async (_spec, results) => ({ chunks: results }),
});

export let deps: AppDeps | null = null;

registerMarketFollowUp('test-record', async (event) => {
  // Appends {importId, pid} to app_meta 'test_followups' in one statement (safe across processes).
  await deps!.db.query(
    `INSERT INTO app_meta (key, value) VALUES ('test_followups', jsonb_build_array($1::jsonb))
     ON CONFLICT (key) DO UPDATE SET value = app_meta.value || EXCLUDED.value`,
    [JSON.stringify({ importId: event.importId, command: event.command, pid: process.pid })],
  );
});

export async function routes(app: FastifyInstance, opts: { deps: AppDeps }) {
  deps = opts.deps;
  app.post<{ Body: SlowSpec }>('/api/_test/batches/', { preHandler: requireUser }, async (req, reply) => {
    const id = await startBatch(opts.deps, req.user!.id, 'test-slow', { n: Number(req.body.n), ms: Number(req.body.ms) }, { maxActive: 5 });
    return reply.code(201).send({ id });
  });
  app.get<{ Params: { id: string } }>('/api/_test/batches/:id/', { preHandler: requireUser }, async (req, reply) => {
    const run = await getBatch(opts.deps.db, req.user!.id, Number(req.params.id));
    return run ?? reply.code(404).send({ detail: 'Not found.' });
  });
  app.delete<{ Params: { id: string } }>('/api/_test/batches/:id/', { preHandler: requireUser }, async (req, reply) => {
    const run = await cancelBatch(opts.deps.db, req.user!.id, Number(req.params.id));
    return run ?? reply.code(404).send({ detail: 'Not found.' });
  });
}
