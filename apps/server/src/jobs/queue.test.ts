import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue, type JobQueue } from './queue.ts';
import { dbKinds, freshDb } from '../test/testApp.ts';
import { sleep, waitFor } from '../test/waitFor.ts';

// The queue every background job uses, on the embedded database and on PostgreSQL: the same
// library (pg-boss) and the same tests on both. Two queues opened on one database stand for two
// processes (on PostgreSQL they use separate connections, as processes would).
describe.each(dbKinds)('job queue on %s', (kind) => {
  let db: Awaited<ReturnType<typeof freshDb>>;
  let a: JobQueue;
  let b: JobQueue;
  beforeAll(async () => {
    db = await freshDb(kind);
    [a, b] = [await openQueue(db), await openQueue(db)];
  });
  afterAll(async () => {
    await a.stop(1000);
    await b.stop(1000);
    await db.drop();
  });

  it('runs a sent job on a worker with its data', async () => {
    const seen: unknown[] = [];
    await a.define<{ n: number; s: string }>({ name: 'echo', concurrency: 1 }, async (job) => {
      seen.push(job.data);
    });
    await a.send('echo', { n: 1, s: 'é' });
    await waitFor('the job', () => seen.length === 1);
    expect(seen).toEqual([{ n: 1, s: 'é' }]);
  });

  it('a job sent in a transaction exists only if the transaction commits', async () => {
    const seen: number[] = [];
    await a.define<{ n: number }>({ name: 'tx', concurrency: 1, pollSeconds: 0.5 }, async (job) => {
      seen.push(job.data.n);
    });
    await db
      .tx(async (t) => {
        await a.send('tx', { n: 1 }, { tx: t });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await db.tx((t) => a.send('tx', { n: 2 }, { tx: t }));
    a.nudge('tx');
    await waitFor('the committed job', () => seen.length === 1);
    await sleep(1200);
    expect(seen).toEqual([2]);
  });

  it('refuses to send to a queue nobody defined (the job would be lost)', async () => {
    await expect(a.send('nobody-defined-this', {})).rejects.toThrow(/does not exist/);
  });

  it('retries a failing job up to its retry limit', async () => {
    const tries: number[] = [];
    await a.define<object>({ name: 'flaky', concurrency: 1, retryLimit: 2, retryDelaySeconds: 0, pollSeconds: 0.5 }, async (job) => {
      tries.push(job.retryCount);
      throw new Error('always fails');
    });
    await a.send('flaky', {});
    await waitFor('three tries', () => tries.length === 3);
    await sleep(1500);
    expect(tries).toEqual([0, 1, 2]);
  });

  it('runs each job once across two processes, concurrency workers at a time in each', async () => {
    const runs = new Map<number, string[]>();
    let running = 0;
    let peak = 0;
    const handler = (who: string) => async (job: { data: { i: number } }) => {
      running++;
      peak = Math.max(peak, running);
      runs.set(job.data.i, [...(runs.get(job.data.i) ?? []), who]);
      await sleep(150);
      running--;
    };
    await a.define({ name: 'shared', concurrency: 2, pollSeconds: 0.5 }, handler('a'));
    await b.define({ name: 'shared', concurrency: 2, pollSeconds: 0.5 }, handler('b'));
    await a.sendMany('shared', Array.from({ length: 16 }, (_, i) => ({ i })));
    b.nudge('shared', 2);
    await waitFor('16 jobs', () => runs.size === 16);
    await sleep(500);
    expect([...runs.values()].every((w) => w.length === 1)).toBe(true);
    const by = (w: string) => [...runs.values()].filter((x) => x[0] === w).length;
    expect(by('a')).toBeGreaterThan(0);
    expect(by('b')).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(4);
    expect(peak).toBeGreaterThan(1);
  });

  it('reports waiting and running jobs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await b.define({ name: 'gated', concurrency: 1, pollSeconds: 0.5 }, () => gate);
    await b.sendMany('gated', [{}, {}, {}]);
    await waitFor('one running', async () => (await b.stats()).gated?.active === 1);
    expect((await b.stats()).gated).toEqual({ queued: 2, active: 1 });
    expect(b.workers.gated).toBe(1);
    release();
    await waitFor('all done', async () => (await b.stats()).gated.queued + (await b.stats()).gated.active === 0);
  });
});
