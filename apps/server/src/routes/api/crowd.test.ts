import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS, type TemplateDetail } from '@app/contract';
import { signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { bulkLane } from '../../db/bulkLane.ts';
import { MAX_ACTIVE_RUNS } from '../../jobs/runRoutes.ts';

// Five accounts opened from one client address share that address's fair share of heavy work, and
// requests that are not heavy never wait behind heavy work. The address is the one the rate limits
// see: the test apps trust X-Forwarded-For (TRUST_PROXY), as a server behind a proxy does.
const CROWD = '203.0.113.7';
const OTHER = '198.51.100.9';
const bars = waveBars('1990-01-01', 8_000); // weekdays: 30+ years

async function account(t: TestApp, email: string, address: string, rows: number) {
  const headers = { ...(await signedInAs(t, email)).headers, 'x-forwarded-for': address };
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
  const tpl = (await post('/api/templates/', { name: 'Heavy' })).json<TemplateDetail>();
  for (let k = 0; k < rows; k++) {
    const row = k % 2 === 0
      ? { name: 'RSI', indicator_type: k % 4 === 0 ? 'BUY' : 'SELL', period: 2 + k, compare: k % 4 === 0 ? '<' : '>', cvalue: k % 4 === 0 ? '30' : '70' }
      : { name: 'SMA', indicator_type: 'SELL', period: 5 + k, compare: '>' };
    expect((await post('/api/indicators/', { template: tpl.id, ...row })).statusCode).toBe(201);
  }
  const period = (await post('/api/periods/', { stock_ticker: 'WAVE', start_date: '1990-01-01', end_date: '2030-12-31' })).json<{ id: number }>();
  return {
    headers,
    chart: () => t.app.inject({ method: 'GET', url: `/api/backtest_chart/?period_id=${period.id}&template_id=${tpl.id}`, headers }),
    universeRun: () =>
      post('/api/universe_runs/', { template_id: tpl.id, universe: { kind: 'symbols', symbols: ['WAVE'] }, start_date: '1990-01-01', end_date: '2030-12-31' }),
  };
}

describe('five accounts from one address take one address share', () => {
  let t: TestApp;
  let crowd: Awaited<ReturnType<typeof account>>[];
  let other: Awaited<ReturnType<typeof account>>;

  beforeAll(async () => {
    // no batch workers (testApp's default): started runs stay queued, so the counts below are exact
    t = await testApp('pglite', { heavyPerUser: 2 });
    await addSymbol(t, 'WAVE', bars);
    crowd = [];
    for (let a = 0; a < 5; a++) crowd.push(await account(t, `crowd${a}@example.com`, CROWD, 6));
    other = await account(t, 'other@example.com', OTHER, 6);
  }, 60_000);
  afterAll(() => t.close());

  it("refuses the address's heavy requests past HEAVY_PER_USER, whichever accounts send them, while another address's runs", async () => {
    const perAddress = t.deps.config.heavyPerUser;
    // one chart from each of the five accounts (none of them past its own share), and another address's
    const [otherAnswer, ...answers] = await Promise.all([other.chart(), ...crowd.map((c) => c.chart())]);
    expect(otherAnswer.statusCode).toBe(200);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(perAddress);
    expect(codes.filter((c) => c === 429)).toHaveLength(crowd.length - perAddress);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({ detail: `Your network address already has ${perAddress} backtests or charts computing; wait for one to finish.` });
  });

  it("refuses the address's background runs past the per-user limit, whichever accounts start them; another address starts its own", async () => {
    const answers = [];
    for (const c of crowd) answers.push(await c.universeRun());
    expect(answers.map((r) => r.statusCode)).toEqual([...Array(MAX_ACTIVE_RUNS).fill(202), ...Array(crowd.length - MAX_ACTIVE_RUNS).fill(429)]);
    expect(answers.at(-1)!.json().detail).toBe(`Your network address already has ${MAX_ACTIVE_RUNS} runs going; at most ${MAX_ACTIVE_RUNS} at once. Wait for one to finish or cancel it.`);
    expect(answers.at(-1)!.headers['retry-after']).toMatch(/^\d+$/);
    expect((await other.universeRun()).statusCode).toBe(202);
  });
});

describe("a light request does not wait behind heavy work (the embedded database in its thread, as the server runs it)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await testApp('pglite-thread');
    await addSymbol(t, 'WAVE', bars);
  }, 60_000);
  afterAll(() => t.close());

  it('answers a list while every engine thread computes a chart and background statements queue on the database', async () => {
    // the heaviest charts from two addresses: one per thread
    const heavy = [await account(t, 'heavy1@example.com', CROWD, USER_LIMITS.indicatorsPerTemplate), await account(t, 'heavy2@example.com', OTHER, USER_LIMITS.indicatorsPerTemplate)];
    const light = await account(t, 'light@example.com', '192.0.2.1', 1);
    const order: string[] = [];
    const charts = heavy.map((h, k) => h.chart().then((r) => (order.push(`chart ${k}`), r)));
    // a queue of background statements (what batch runs and the job queue send) on the database thread
    const bulk = bulkLane(t.deps.db);
    const statements = Array.from({ length: 24 }, (_, k) =>
      bulk.query('SELECT count(*) FROM generate_series(1, 400000)').then(() => order.push(`bulk ${k}`)),
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/templates/', headers: light.headers });
    order.push('list');
    expect(list.statusCode).toBe(200);
    expect((await Promise.all(charts)).map((r) => r.statusCode)).toEqual([200, 200]);
    await Promise.all(statements);
    // the list (a session check and a query) went ahead of the background statements queued before
    // it, and answered before the charts that were computing when it came
    const at = order.indexOf('list');
    expect(order.slice(0, at).filter((e) => e.startsWith('chart')), order.join(', ')).toEqual([]);
    expect(order.slice(at).filter((e) => e.startsWith('bulk')).length, order.join(', ')).toBeGreaterThan(12);
  }, 120_000);
});
