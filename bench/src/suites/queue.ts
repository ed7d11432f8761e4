import { freshDb, getBatch, openQueue, registerBatchKind, startBatch, startBatchWorkers } from '@app/server/testing';
import type { BenchResult, BenchSuite } from '../report.ts';

// The job queue (pg-boss) on the embedded PGlite and on PostgreSQL (when DATABASE_URL is set): the
// "Job queue" figures of docs/benchmarks.md. Jobs do no work, so these are the queue's own costs:
// installing its
// schema, sending, and taking and completing jobs with 4 workers, plus a whole batch run of 200
// chunks (claim, heartbeat lease, result, finish) through the batch layer.

registerBatchKind('bench-noop', { split: (n: number) => Array.from({ length: n }, (_, i) => i), runChunk: async (_s, i) => i, finish: async (_s, r) => r.length });

async function suiteFor(kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const db = await freshDb(kind);
  const out: BenchResult[] = [];
  try {
    let t = performance.now();
    const queue = await openQueue(db);
    out.push({ name: `${kind}: open the queue on a new database (installs its schema)`, value: performance.now() - t, unit: 'ms' });
    let done = 0;
    await queue.define({ name: 'bench', concurrency: 0 }, async () => {});
    const N = 500;
    t = performance.now();
    for (let i = 0; i < N; i++) await queue.send('bench', { i });
    out.push({ name: `${kind}: send, one job per call`, value: N / ((performance.now() - t) / 1000), unit: 'jobs/s' });
    t = performance.now();
    await queue.sendMany('bench', Array.from({ length: 2000 }, (_, i) => ({ i })));
    out.push({ name: `${kind}: sendMany, 2,000 jobs in one call`, value: 2000 / ((performance.now() - t) / 1000), unit: 'jobs/s' });
    t = performance.now();
    await new Promise<void>((resolve) => {
      void queue.define({ name: 'bench', concurrency: 4, pollSeconds: 0.5 }, async () => {
        if (++done === N + 2000) resolve();
      });
    });
    out.push({ name: `${kind}: take and complete ${N + 2000} jobs, 4 workers`, value: (N + 2000) / ((performance.now() - t) / 1000), unit: 'jobs/s' });

    const users = await db.query<{ id: number }>(`INSERT INTO users (email, username) VALUES ('bench@x.org', 'bench') RETURNING id`);
    const workers = await startBatchWorkers({ db, queue }, { concurrency: 4, leaseSeconds: 30, staleSeconds: 600, log: { info() {}, warn() {}, error() {} } });
    t = performance.now();
    const id = await startBatch({ db, queue }, users[0].id, 'bench-noop', 200);
    while ((await getBatch(db, users[0].id, id))!.status !== 'done') await new Promise((r) => setTimeout(r, 20));
    out.push({ name: `${kind}: a batch run of 200 empty chunks, start to result, 4 workers`, value: 200 / ((performance.now() - t) / 1000), unit: 'chunks/s' });
    await workers.stop(0);
    await queue.stop(1000);
  } finally {
    await db.drop();
  }
  return out;
}

const suite: BenchSuite = {
  name: 'queue',
  async run() {
    const out = await suiteFor('pglite');
    if (process.env.DATABASE_URL) out.push(...(await suiteFor('postgres')));
    return out;
  },
};
export default suite;
