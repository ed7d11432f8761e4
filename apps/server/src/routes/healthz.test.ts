import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, testApp, type TestApp } from '../test/testApp.ts';
import { CHUNK_QUEUE, startBatchWorkers } from '../jobs/batch.ts';
import { registerWorker } from '../jobs/batchRepository.ts';

describe.each(dbKinds)('GET /healthz on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t.close());

  it('answers ok with the database kind, the market cache and the job queue', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      status: 'ok',
      database: kind,
      market: 'ready',
      symbols: 0,
      queue: { library: 'pg-boss', workers: 0, liveProcesses: 0, liveWorkers: 0, queued: 0, active: 0 },
    });
  });

  it('counts the worker processes alive on the database and the jobs waiting', async () => {
    const workers = await startBatchWorkers(t.deps, { concurrency: 0, leaseSeconds: 30, staleSeconds: 600, log: console });
    await registerWorker(t.deps.db, { id: 'other-process', host: 'h', pid: 1, concurrency: 3 });
    await t.deps.queue.send(CHUNK_QUEUE, { runId: 0, idx: 0 });
    const q = (await t.app.inject({ method: 'GET', url: '/healthz' })).json().queue;
    expect(q).toMatchObject({ liveProcesses: 1, liveWorkers: 3, queued: 1, active: 0 });
    await workers.stop(0);
  });

  it('answers unknown API paths with a DRF 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/does-not-exist/' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ detail: 'Not found.' });
  });
});
