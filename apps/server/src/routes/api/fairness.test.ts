import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { BacktestChart, USER_LIMITS, type TemplateDetail } from '@app/contract';
import { signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { EnginePool } from '../../engine/pool.ts';

// One account cannot stall the server. Backtests and charts run on the
// engine's threads (a fair share per user, a bounded queue), and the largest chart stays small.
describe('heavy requests: off the event loop, a fair share per user, bounded answers', () => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let carol: Record<string, string>;
  let bigTemplate: number;
  let longPeriod: number;
  const bars = waveBars('1990-01-01', 8_000); // weekdays: 30+ years

  const post = (headers: Record<string, string>, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
  const chart = (headers: Record<string, string>, period = longPeriod, template = bigTemplate) =>
    t.app.inject({ method: 'GET', url: `/api/backtest_chart/?period_id=${period}&template_id=${template}`, headers });
  /** The largest template the API allows: every row a distinct series, so the chart draws them all. */
  let made = 0;
  const biggest = async (headers: Record<string, string>) => {
    // template names are unique per user
    const tpl = (await post(headers, '/api/templates/', { name: `Twenty rows ${++made}` })).json<TemplateDetail>();
    for (let k = 0; k < USER_LIMITS.indicatorsPerTemplate; k++) {
      const row = k % 2 === 0
        ? { name: 'RSI', indicator_type: k % 4 === 0 ? 'BUY' : 'SELL', period: 2 + k, compare: k % 4 === 0 ? '<' : '>', cvalue: k % 4 === 0 ? '30' : '70' }
        : { name: 'SMA', indicator_type: 'SELL', period: 5 + k, compare: '>' };
      expect((await post(headers, '/api/indicators/', { template: tpl.id, ...row })).statusCode).toBe(201);
    }
    return tpl.id;
  };
  const periodOf = async (headers: Record<string, string>) =>
    (await post(headers, '/api/periods/', { stock_ticker: 'WAVE', start_date: '1990-01-01', end_date: '2030-12-31' })).json<{ id: number }>().id;

  beforeAll(async () => {
    t = await testApp('pglite');
    // each from an address of their own: the fair share is per account and per address (crowd.test.ts)
    [alice, bob, carol] = (await Promise.all(['alice@example.com', 'bob@example.com', 'carol@example.com'].map((e) => signedInAs(t, e)))).map((u, k) => ({
      ...u.headers,
      'x-forwarded-for': `192.0.2.${k + 1}`,
    }));
    await addSymbol(t, 'WAVE', bars);
    bigTemplate = await biggest(alice);
    longPeriod = await periodOf(alice);
  }, 60_000);
  afterAll(() => t.close());

  it('answers the largest allowed chart over 30+ years in at most 5 MB, in its contract shape', async () => {
    const r = await chart(alice);
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.rawPayload.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const c = BacktestChart.parse(r.json());
    expect(c.candles).toHaveLength(bars.day.length);
    expect(c.indicators).toHaveLength(USER_LIMITS.indicatorsPerTemplate);
    for (const line of c.indicators) expect(line.values).toHaveLength(bars.day.length);
  });

  it("a user's heavy requests past HEAVY_PER_USER answer 429 with Retry-After; other users still run", async () => {
    const perUser = t.deps.config.heavyPerUser;
    const mine = await Promise.all(Array.from({ length: perUser + 2 }, () => chart(alice)));
    const codes = mine.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBe(perUser);
    expect(codes.filter((c) => c === 429).length).toBe(2);
    const refused = mine.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().detail).toMatch(/wait for one to finish/);
    // bob, at the same time as alice's full share, is not refused
    const bobsPeriod = await periodOf(bob);
    const bobsTemplate = await biggest(bob);
    const [a1, a2, b] = await Promise.all([chart(alice), chart(alice), chart(bob, bobsPeriod, bobsTemplate)]);
    expect([a1.statusCode, a2.statusCode, b.statusCode]).toEqual([200, 200, 200]);
  });

  it('keeps the event loop free while charts compute: it is idle most of that time', async () => {
    const before = performance.eventLoopUtilization();
    const charts = await Promise.all([chart(alice), chart(alice)]);
    const busy = performance.eventLoopUtilization(before).utilization;
    expect(charts.map((r) => r.statusCode)).toEqual([200, 200]);
    // On the event loop the computation and serialisation kept it busy nearly all the time (over 90 %);
    // on the engine's threads it only reads the rows, sends the bars and writes the answer's bytes.
    expect(busy, `event loop busy ${(busy * 100).toFixed(0)} % of the time`).toBeLessThan(0.6);
  });

  it('answers 503 with Retry-After when the engine queue is full, and runs again once it drains', async () => {
    const own = t.deps.engine;
    // one thread and a queue of one: a third user's chart finds both taken
    const tiny = new EnginePool({ threads: 1, maxQueue: 1 });
    t.deps.engine = tiny;
    try {
      const [bobs, carols] = await Promise.all([bob, carol].map(async (h) => ({ period: await periodOf(h), template: await biggest(h) })));
      await chart(carol, carols.period, carols.template); // the thread is up
      const answers = await Promise.all([chart(alice), chart(bob, bobs.period, bobs.template), chart(carol, carols.period, carols.template)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 503]);
      const busy = answers.find((r) => r.statusCode === 503)!;
      expect(busy.headers['retry-after']).toMatch(/^\d+$/);
      expect(busy.json()).toEqual({ detail: expect.stringMatching(/busy/) });
      expect((await chart(alice)).statusCode).toBe(200);
    } finally {
      t.deps.engine = own;
      await tiny.close();
    }
  });

  it('gives submit_selection the same fair share, answers and 400s', async () => {
    const body = { period_id: longPeriod, template_id: bigTemplate };
    const runs = await Promise.all(Array.from({ length: t.deps.config.heavyPerUser + 1 }, () => post(alice, '/api/submit_selection/', body)));
    expect(runs.map((r) => r.statusCode).sort()).toEqual([...Array(t.deps.config.heavyPerUser).fill(200), 429]);
    for (const r of runs.filter((x) => x.statusCode === 200)) expect(Object.keys(r.json()).sort()).toEqual(['equity', 'monte_carlo', 'stats', 'trades']);
    expect(runs.find((r) => r.statusCode === 429)!.headers['retry-after']).toMatch(/^\d+$/);
    const empty = await post(alice, '/api/periods/', { stock_ticker: 'WAVE', start_date: '1970-01-01', end_date: '1970-02-01' });
    const none = await post(alice, '/api/submit_selection/', { period_id: empty.json().id, template_id: bigTemplate });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: 'No price data for WAVE between 1970-01-01 and 1970-02-01.' });
  });
});
