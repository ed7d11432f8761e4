import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS, type TemplateDetail, type UniverseRun } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { waitFor, quietLog } from '../../test/waitFor.ts';
import { startBatchWorkers, type BatchWorkers } from '../../jobs/batch.ts';

// What one account, or many together, may keep and start: kept runs per kind, runs going on the whole
// site, accounts made from one address.
const run = (templateId: number) => ({ template_id: templateId, universe: { kind: 'symbols', symbols: ['WAVE'] }, start_date: '2020-02-01', end_date: '2020-12-31' });
const PASSWORD = 'Candle-Wick-77';

describe.each(dbKinds)('runs of all users going at once on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind, { runsQueuedMax: 3 }); // no workers: started runs stay queued
    await addSymbol(t, 'WAVE', waveBars('2020-01-01', 300));
    await t.deps.series.load(t.deps.db);
  });
  afterAll(() => t.close());

  it('refuses a run past RUNS_QUEUED_MAX runs of all users going, with 503 and Retry-After', async () => {
    const answers = [];
    const users = [];
    for (const [k, who] of ['q1', 'q2', 'q3', 'q4'].entries()) {
      // each from an address of its own: one address has only one user's share of runs (crowd.test.ts)
      const signedIn = await signedInAs(t, `${who}@example.com`);
      const user = { ...signedIn, headers: { ...signedIn.headers, 'x-forwarded-for': `192.0.2.${k + 1}` } };
      const templateId = (await t.app.inject({ method: 'POST', url: '/api/templates/', headers: user.headers, payload: { name: 'caps' } })).json<TemplateDetail>().id;
      users.push({ ...user, templateId });
      answers.push(await t.app.inject({ method: 'POST', url: '/api/universe_runs/', headers: user.headers, payload: run(templateId) }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 503]);
    expect(answers[3].headers['retry-after']).toBe('30');
    expect(answers[3].json().detail).toMatch(/3 runs queued or running/);
    // one cancelled makes room
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/universe_runs/${answers[0].json<UniverseRun>().id}/`, headers: users[0].headers });
    expect(cancelled.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'POST', url: '/api/universe_runs/', headers: users[3].headers, payload: run(users[3].templateId) })).statusCode).toBe(202);
  });
});

describe.each(dbKinds)('kept runs and new accounts on %s', (kind) => {
  let t: TestApp;
  let workers: BatchWorkers;
  const templateOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'POST', url: '/api/templates/', headers, payload: { name: 'caps' } })).json<TemplateDetail>().id;

  beforeAll(async () => {
    t = await testApp(kind, { accountsPerAddressPerDay: 3 });
    workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
    await addSymbol(t, 'WAVE', waveBars('2020-01-01', 300));
    await t.deps.series.load(t.deps.db);
  });
  afterAll(async () => {
    await workers.stop(1000);
    await t.close();
  });

  it(`keeps ${USER_LIMITS.runsKeptPerKind} universe runs: the next one deletes the oldest finished run`, { timeout: 120_000 }, async () => {
    const user = await signedInAs(t, 'keeper@example.com');
    // another user's run, older than all of them, is not touched
    const other = await signedInAs(t, 'other-keeper@example.com');
    // each user from an address of their own: the runs going per address are not what this test counts
    const otherRun = await t.app.inject({ method: 'POST', url: '/api/universe_runs/', headers: other.headers, remoteAddress: '198.51.100.2', payload: run(await templateOf(other.headers)) });
    expect(otherRun.statusCode).toBe(202);
    const templateId = await templateOf(user.headers);
    const start = async () => {
      const r = await t.app.inject({ method: 'POST', url: '/api/universe_runs/', headers: user.headers, remoteAddress: '198.51.100.1', payload: run(templateId) });
      expect(r.statusCode, r.body).toBe(202);
      const id = r.json<UniverseRun>().id;
      await waitFor(`run ${id}`, async () => ['done', 'failed'].includes((await t.app.inject({ url: `/api/universe_runs/${id}/`, headers: user.headers })).json<UniverseRun>().status), 60_000);
      return id;
    };
    const first = await start();
    // 99 more finished runs like it (as if made one by one), the second of them still running
    await t.deps.db.query(
      `INSERT INTO batch_runs (user_id, kind, spec, status, chunks_total, chunks_done, result, created_at, started_at, finished_at)
       SELECT user_id, kind, spec, CASE WHEN g = 1 THEN 'running' ELSE status END, chunks_total, CASE WHEN g = 1 THEN 0 ELSE chunks_done END,
              result, created_at, started_at, finished_at
       FROM batch_runs, generate_series(1, 99) AS g WHERE id = $1 ORDER BY g`,
      [first],
    );
    const ids = async () => (await t.deps.db.query<{ id: number }>(`SELECT id FROM batch_runs WHERE user_id = $1 AND kind = 'universe' ORDER BY id`, [user.id])).map((r) => r.id);
    const before = await ids();
    expect(before).toHaveLength(100);
    const running = before[1];
    await t.deps.db.query(`UPDATE batch_runs SET status = 'done', chunks_done = chunks_total WHERE id = $1`, [running]);
    await t.deps.db.query(`UPDATE batch_runs SET status = 'running', chunks_done = 0 WHERE id = $1`, [first]);

    // the 101st: the oldest run still going (first) stays, the oldest finished one goes
    const newest = await start();
    const after = await ids();
    expect(after).toHaveLength(100);
    expect(after).toContain(first);
    expect(after).not.toContain(running);
    expect(after.at(-1)).toBe(newest);
    expect((await t.app.inject({ url: `/api/universe_runs/${running}/`, headers: user.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/universe_runs/${otherRun.json<UniverseRun>().id}/`, headers: other.headers })).statusCode).toBe(200);
  });

  it('limits the accounts one address may create a day (429), not other addresses', async () => {
    const register = (email: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/dj-rest-auth/registration/', headers: { 'x-forwarded-for': ip }, payload: { username: email, email, password1: PASSWORD, password2: PASSWORD } });
    const codes = [];
    for (let k = 1; k <= 4; k++) codes.push((await register(`army${k}@example.com`, '203.0.113.7')).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    // a taken address does not count as an account made
    expect((await register('army1@example.com', '203.0.113.8')).statusCode).toBe(400);
    expect((await register('other@example.com', '203.0.113.8')).statusCode).toBe(201);
  });
});
