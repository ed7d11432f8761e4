import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchLimitError, cancelBatch, countActive, getBatch, registerBatchKind, startBatch, startBatchWorkers, type BatchWorkers } from './batch.ts';
import { openQueue, type JobQueue } from './queue.ts';
import { dbKinds, freshDb } from '../test/testApp.ts';
import { sleep, waitFor } from '../test/waitFor.ts';

// The batch-run layer with small test kinds, on each database. Two worker sets on one database
// stand for two processes; a worker that "died" is a chunk row left running under a heartbeat
// that stopped (what kill -9 leaves; the two-process test does the real kill -9).

interface Spec {
  n: number;
  ms?: number;
  /** chunk index → how many of its tries throw */
  failures?: Record<number, number>;
}
const calls = { chunks: [] as Array<{ idx: number; attempt: number }>, finishes: 0, aborted: 0 };

registerBatchKind<Spec, number, { idx: number; square: number }, { sum: number; order: number[] }>('test-squares', {
  split: (spec) => Array.from({ length: spec.n }, (_, i) => i),
  async runChunk(spec, i, ctx) {
    calls.chunks.push({ idx: ctx.idx, attempt: ctx.attempt });
    if ((spec.failures?.[i] ?? 0) >= ctx.attempt) throw new Error(`chunk ${i} fails on try ${ctx.attempt}`);
    const end = Date.now() + (spec.ms ?? 0);
    while (Date.now() < end) {
      if (ctx.signal.aborted) {
        calls.aborted++;
        throw ctx.signal.reason;
      }
      await sleep(10);
    }
    return { idx: i, square: i * i };
  },
  async finish(_spec, results) {
    calls.finishes++;
    return { sum: results.reduce((a, r) => a + r.square, 0), order: results.map((r) => r.idx) };
  },
});

// one chunk that ignores cancelling (as a chunk past its last check does), and a finish that tells
// whether it saw the chunk's result as stored (JSON has no −0)
const oneChunk = { finishes: 0 };
registerBatchKind<{ ms: number }, number, { zero: number }, { storedForm: boolean }>('test-one', {
  split: () => [0],
  async runChunk(spec) {
    await sleep(spec.ms);
    return { zero: -0 };
  },
  async finish(_spec, results) {
    oneChunk.finishes++;
    return { storedForm: results.length === 1 && Object.is(results[0].zero, 0) };
  },
});

// one chunk whose finish outlasts a lease (a big grid's overfitting guards)
const slowFinish = { chunks: 0, finishes: 0 };
registerBatchKind<{ ms: number }, number, number, { finished: boolean }>('test-slow-finish', {
  split: () => [0],
  async runChunk() {
    slowFinish.chunks++;
    return 1;
  },
  async finish(spec) {
    slowFinish.finishes++;
    await sleep(spec.ms);
    return { finished: true };
  },
});

registerBatchKind('test-empty', { split: () => [], runChunk: async () => 0, finish: async (_s, r) => ({ results: r.length }) });

const sumOfSquares = (n: number) => ((n - 1) * n * (2 * n - 1)) / 6;
const say = process.env.DEBUG_BATCH ? console.log : () => {};
const opts = { leaseSeconds: 2, staleSeconds: 2, log: { info: say, warn: say, error: say } };

describe.each(dbKinds)('batch runs on %s', (kind) => {
  let db: Awaited<ReturnType<typeof freshDb>>;
  const queues: JobQueue[] = [];
  const sets: BatchWorkers[] = [];
  let users: number[];
  /** A "process": its own queue and batch workers. */
  const process = async (concurrency: number, o: Partial<typeof opts> = {}) => {
    const queue = await openQueue(db);
    queues.push(queue);
    const w = await startBatchWorkers({ db, queue }, { ...opts, ...o, concurrency });
    sets.push(w);
    return { queue, workers: w, deps: { db, queue } };
  };
  beforeAll(async () => {
    db = await freshDb(kind);
    users = (await db.query<{ id: number }>(`INSERT INTO users (email, username) VALUES ('a@x.org', 'a'), ('b@x.org', 'b') RETURNING id`)).map((r) => r.id);
  });
  afterAll(async () => {
    for (const s of sets) await s.stop(100).catch(() => {});
    for (const q of queues) await q.stop(1000);
    await db.drop();
  });
  /** Each test starts with no process running and fresh counters. */
  const reset = async () => {
    for (const w of sets.splice(0)) await w.stop(100);
    await db.query(`DELETE FROM job_workers`);
    calls.chunks = [];
    calls.finishes = 0;
    calls.aborted = 0;
  };
  const done = (userId: number, id: number) => async () => ['done', 'failed', 'cancelled'].includes((await getBatch(db, userId, id))!.status);

  it('splits, runs every chunk, finishes once in chunk order; progress and ETA as it goes; other users see nothing', async () => {
    await reset();
    const p = await process(2);
    const [alice, bob] = users;
    const id = await startBatch(p.deps, alice, 'test-squares', { n: 8, ms: 150 });
    const first = (await getBatch(db, alice, id))!;
    expect(first).toMatchObject({ kind: 'test-squares', chunksTotal: 8, spec: { n: 8, ms: 150 } });
    expect(['queued', 'running']).toContain(first.status);
    await waitFor('some progress', async () => (await getBatch(db, alice, id))!.chunksDone >= 2);
    const mid = (await getBatch(db, alice, id))!;
    if (mid.status === 'running' && mid.chunksDone < 8) {
      expect(mid.progress).toBeCloseTo(mid.chunksDone / 8);
      expect(mid.etaSeconds).toEqual(expect.any(Number));
    }
    await waitFor('the run', done(alice, id));
    const end = (await getBatch(db, alice, id))!;
    expect(end).toMatchObject({ status: 'done', chunksDone: 8, progress: 1, etaSeconds: null, error: null });
    expect(end.result).toEqual({ sum: sumOfSquares(8), order: [0, 1, 2, 3, 4, 5, 6, 7] });
    expect(end.finishedAt).toEqual(expect.any(String));
    expect(calls.finishes).toBe(1);
    expect(await getBatch(db, bob, id)).toBeNull();
    expect(await cancelBatch(db, bob, id)).toBeNull();
    expect((await getBatch(db, alice, id))!.status).toBe('done');
  });

  it('spreads the chunks over two processes, and exactly one of them runs finish()', async () => {
    await reset();
    const a = await process(2);
    await process(2);
    const id = await startBatch(a.deps, users[0], 'test-squares', { n: 24, ms: 120 });
    await waitFor('the run', done(users[0], id));
    expect((await getBatch(db, users[0], id))!.result).toEqual({ sum: sumOfSquares(24), order: Array.from({ length: 24 }, (_, i) => i) });
    expect(calls.finishes).toBe(1);
    const workers = await db.query<{ worker: string; n: number }>(`SELECT worker, count(*)::int AS n FROM batch_chunks WHERE run_id = $1 GROUP BY worker`, [id]);
    expect(workers.length).toBeGreaterThanOrEqual(2); // the chunks were taken by more than one worker set
    expect(workers.reduce((a, w) => a + w.n, 0)).toBe(24);
  });

  it('retries a chunk that throws, and fails the run once a chunk has failed every try', async () => {
    await reset();
    const p = await process(2);
    const ok = await startBatch(p.deps, users[0], 'test-squares', { n: 3, failures: { 1: 1 } });
    await waitFor('the run', done(users[0], ok));
    expect((await getBatch(db, users[0], ok))!).toMatchObject({ status: 'done', result: { sum: 5 } });
    const [{ attempts }] = await db.query<{ attempts: number }>(`SELECT attempts FROM batch_chunks WHERE run_id = $1 AND idx = 1`, [ok]);
    expect(attempts).toBe(2);

    const t0 = Date.now();
    const bad = await startBatch(p.deps, users[0], 'test-squares', { n: 3, failures: { 2: 99 } });
    await waitFor('the run', done(users[0], bad), 30_000);
    const failed = (await getBatch(db, users[0], bad))!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^chunk 2: chunk 2 fails on try 3$/);
    expect(Date.now() - t0).toBeGreaterThan(5500); // the retries waited 2 s and 4 s
    // tried again after 2 s, then after 4 s
    const tries = calls.chunks.filter((c) => c.idx === 2).map((c) => c.attempt);
    expect(tries.slice(-3)).toEqual([1, 2, 3]);
    const [c2] = await db.query<{ attempts: number; status: string }>(`SELECT attempts, status FROM batch_chunks WHERE run_id = $1 AND idx = 2`, [bad]);
    expect(c2).toEqual({ attempts: 3, status: 'failed' });
  });

  it('cancel stops the remaining chunks and the running ones', async () => {
    await reset();
    const p = await process(2);
    const id = await startBatch(p.deps, users[1], 'test-squares', { n: 20, ms: 5000 });
    await waitFor('a chunk running', () => calls.chunks.length >= 1);
    const view = (await cancelBatch(db, users[1], id))!;
    expect(view.status).toBe('cancelled');
    await waitFor('running chunks told to stop', async () => calls.aborted >= 1, 10_000);
    await sleep(1500);
    const ran = calls.chunks.length;
    expect(ran).toBeLessThan(20);
    const states = await db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM batch_chunks WHERE run_id = $1 GROUP BY status`, [id]);
    expect(states.find((s) => s.status === 'cancelled')!.n).toBeGreaterThan(10);
    expect(states.some((s) => s.status === 'running' || s.status === 'queued')).toBe(false);
    await sleep(800);
    expect(calls.chunks.length).toBe(ran);
    expect((await getBatch(db, users[1], id))!.status).toBe('cancelled');
    expect(calls.finishes).toBe(0);
  });

  it('a chunk whose worker died is taken again once its lease runs out', async () => {
    await reset();
    const idle = await process(0); // sends only
    const id = await startBatch(idle.deps, users[0], 'test-squares', { n: 4 });
    // What kill -9 leaves: chunk 0 taken, its worker silent since.
    await db.query(`UPDATE batch_chunks SET status = 'running', worker = 'dead-host:1:x', attempts = 1, heartbeat = now() - interval '1 hour' WHERE run_id = $1 AND idx = 0`, [id]);
    await db.query(`UPDATE batch_runs SET status = 'running', started_at = now() WHERE id = $1`, [id]);
    await process(2);
    await waitFor('the run', done(users[0], id), 30_000);
    expect((await getBatch(db, users[0], id))!).toMatchObject({ status: 'done', result: { sum: 14 } });
    const [c0] = await db.query<{ attempts: number; worker: string }>(`SELECT attempts, worker FROM batch_chunks WHERE run_id = $1 AND idx = 0`, [id]);
    expect(c0.attempts).toBe(2);
    expect(c0.worker).not.toBe('dead-host:1:x');
  });

  it('a chunk whose job a worker took and died before claiming it is sent again once a lease has passed', async () => {
    await reset();
    const idle = await process(0); // sends only
    const id = await startBatch(idle.deps, users[0], 'test-squares', { n: 3 });
    // What kill -9 between the queue's fetch and the chunk's claim leaves: chunk 1 still queued, its
    // job taken an hour ago by a worker that never came back.
    const taken = await db.query(
      `UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 hour'
       WHERE name = 'batch-chunk' AND (data->>'runId')::int = $1 AND (data->>'idx')::int = 1 RETURNING id`,
      [id],
    );
    expect(taken).toHaveLength(1);
    await process(2);
    await waitFor('the run', done(users[0], id), 30_000);
    expect((await getBatch(db, users[0], id))!).toMatchObject({ status: 'done', result: { sum: 5 } });
    const [c1] = await db.query<{ attempts: number }>(`SELECT attempts FROM batch_chunks WHERE run_id = $1 AND idx = 1`, [id]);
    expect(c1.attempts).toBe(1); // never begun, so not counted as a try
    const [old] = await db.query<{ state: string }>(`SELECT state::text FROM pgboss.job WHERE id = $1`, [(taken[0] as { id: string }).id]);
    expect(old.state).toBe('cancelled');
  });

  it('a graceful stop hands running chunks back, uncounted, and another process completes them', async () => {
    await reset();
    // long leases: on a loaded machine a late heartbeat must not take the chunk away (a second abort);
    // the hand-back under test does not wait for a lease
    const long = { leaseSeconds: 20, staleSeconds: 20 };
    const a = await process(1, long);
    const id = await startBatch(a.deps, users[0], 'test-squares', { n: 1, ms: 3000 });
    await waitFor('the chunk running', () => calls.chunks.length === 1);
    await a.workers.stop(100);
    const [c] = await db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM batch_chunks WHERE run_id = $1`, [id]);
    expect(c).toEqual({ status: 'queued', attempts: 0 });
    await process(1, long);
    await waitFor('the run', done(users[0], id), 45_000);
    expect((await getBatch(db, users[0], id))!.status).toBe('done');
    expect(calls.aborted).toBe(1);
  });

  it('a chunk taken while a heartbeat waits on the database is not stopped by that heartbeat', async () => {
    await reset();
    const idle = await process(0, { leaseSeconds: 60, staleSeconds: 60 });
    const id = await startBatch(idle.deps, users[0], 'test-squares', { n: 1, ms: 4000 });
    // every heartbeat takes 2.5 s on the database: the queued chunk is claimed meanwhile
    const slow = {
      ...db,
      query: (async (sql: string, params?: unknown[]) => {
        if (sql.includes('UPDATE batch_runs SET heartbeat')) await sleep(2500);
        return db.query(sql, params);
      }) as typeof db.query,
    };
    const queue = await openQueue(db);
    queues.push(queue);
    sets.push(await startBatchWorkers({ db: slow, queue }, { ...opts, leaseSeconds: 20, staleSeconds: 20, concurrency: 1 }));
    await waitFor('the run', done(users[0], id), 30_000);
    expect((await getBatch(db, users[0], id))!.status).toBe('done');
    expect(calls.aborted).toBe(0);
    expect(calls.chunks).toHaveLength(1);
  });

  it('limits the runs a user has queued or running, also when starts race', async () => {
    await reset();
    const idle = await process(0);
    const [, bob] = users;
    const before = await countActive(db, bob);
    const starts = await Promise.allSettled(Array.from({ length: 5 }, () => startBatch(idle.deps, bob, 'test-squares', { n: 1, ms: 10 }, { maxActive: before + 2 })));
    expect(starts.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    const refused = starts.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(refused.every((s) => s.reason instanceof BatchLimitError)).toBe(true);
    expect(await countActive(db, bob)).toBe(before + 2);
    await expect(startBatch(idle.deps, bob, 'nope', {})).rejects.toThrow(/unknown batch kind nope/);
  });

  it('a run no worker process will take is marked failed, not left running', async () => {
    await reset();
    const idle = await process(0, { staleSeconds: 1 });
    const id = await startBatch(idle.deps, users[0], 'test-squares', { n: 2 });
    await waitFor('the run failed', done(users[0], id), 15_000);
    const run = (await getBatch(db, users[0], id))!;
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^interrupted: no worker process has run it for 1 s/);
  });

  it('a run of one chunk is finished by the process that ran it, on the result as stored', async () => {
    await reset();
    const p = await process(1);
    oneChunk.finishes = 0;
    const id = await startBatch(p.deps, users[0], 'test-one', { ms: 0 });
    await waitFor('the run', done(users[0], id));
    expect((await getBatch(db, users[0], id))!).toMatchObject({ status: 'done', chunksDone: 1, result: { storedForm: true } });
    expect(oneChunk.finishes).toBe(1);
  });

  it('a run of one chunk started where workers have room runs there at once: no queue job, and only the run\'s result is stored', async () => {
    await reset();
    const p = await process(1);
    const id = await startBatch(p.deps, users[0], 'test-one', { ms: 0 });
    await waitFor('the run', done(users[0], id));
    expect((await getBatch(db, users[0], id))!).toMatchObject({ status: 'done', result: { storedForm: true } });
    const jobs = await db.query(`SELECT 1 FROM pgboss.job WHERE name = 'batch-chunk' AND (data->>'runId')::int = $1`, [id]);
    expect(jobs).toHaveLength(0);
    const [chunk] = await db.query<{ worker: string; attempts: number; result: unknown }>(`SELECT worker, attempts, result FROM batch_chunks WHERE run_id = $1`, [id]);
    expect(chunk).toMatchObject({ worker: p.workers.worker, attempts: 1, result: null });
    // a process without workers sends it through the queue, to any process
    const sender = await process(0);
    const other = await startBatch(sender.deps, users[0], 'test-one', { ms: 0 });
    await waitFor('the other run', done(users[0], other));
    expect(await db.query(`SELECT 1 FROM pgboss.job WHERE name = 'batch-chunk' AND (data->>'runId')::int = $1`, [other])).toHaveLength(1);
    expect((await getBatch(db, users[0], other))!).toMatchObject({ status: 'done', result: { storedForm: true } });
  });

  it('a run of one chunk taken at its start by a process that then died is taken again once its lease runs out', async () => {
    await reset();
    const p = await process(1);
    const id = await startBatch(p.deps, users[0], 'test-one', { ms: 1500 });
    // What kill -9 leaves: the chunk taken by the starting process, its heartbeat silent since.
    await db.query(`UPDATE batch_chunks SET worker = 'dead-host:1:x', heartbeat = now() - interval '1 hour' WHERE run_id = $1`, [id]);
    await process(1);
    await waitFor('the run', done(users[0], id), 30_000);
    expect((await getBatch(db, users[0], id))!).toMatchObject({ status: 'done', result: { storedForm: true } });
    const [chunk] = await db.query<{ attempts: number; worker: string }>(`SELECT attempts, worker FROM batch_chunks WHERE run_id = $1`, [id]);
    expect(chunk.attempts).toBe(2);
    expect(chunk.worker).not.toBe('dead-host:1:x');
  });

  it('a run of one chunk keeps its chunk while a finish longer than the lease runs: run once, finished once', async () => {
    await reset();
    const p = await process(1);
    await process(1); // another process whose sweeper would take a chunk left without a lease
    slowFinish.chunks = slowFinish.finishes = 0;
    const id = await startBatch(p.deps, users[0], 'test-slow-finish', { ms: 4 * opts.leaseSeconds * 1000 });
    await waitFor('the run', done(users[0], id), 30_000);
    expect((await getBatch(db, users[0], id))!).toMatchObject({ status: 'done', result: { finished: true } });
    expect(slowFinish).toEqual({ chunks: 1, finishes: 1 });
  });

  it('a run of one chunk cancelled while the chunk runs stays cancelled when the chunk completes', async () => {
    await reset();
    const p = await process(1);
    const id = await startBatch(p.deps, users[0], 'test-one', { ms: 1500 });
    await waitFor('the chunk to start', async () => (await getBatch(db, users[0], id))!.status === 'running');
    await cancelBatch(db, users[0], id);
    await sleep(2500);
    expect((await getBatch(db, users[0], id))!).toMatchObject({ status: 'cancelled', result: null });
  });

  it('a run of no chunks finishes at once', async () => {
    await reset();
    const p = await process(1);
    const id = await startBatch(p.deps, users[0], 'test-empty', {});
    await waitFor('the run', done(users[0], id));
    expect((await getBatch(db, users[0], id))!).toMatchObject({ status: 'done', chunksTotal: 0, progress: 1, result: { results: 0 } });
  });
});
