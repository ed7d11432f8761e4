import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFilterRow, ROTATION_CSV, ROTATION_MESSAGES, rowToSavedFilter, UNIVERSE_MESSAGES, type RotationRun, type TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { finishedRun, quietLog } from '../../test/waitFor.ts';
import { startBatchWorkers, type BatchWorkers } from '../../jobs/batch.ts';
import { upsertSymbols } from '../../market/repository.ts';

type Who = { headers: Record<string, string> };
const START = '2016-01-01';
const END = '2019-12-31';

/** The wave scaled and shifted, so each symbol trades differently. */
function bars(scale: number, shift: number, n = 1500) {
  const b = waveBars('2015-01-01', n + shift);
  for (const k of ['open', 'high', 'low', 'close'] as const) b[k] = b[k].slice(shift).map((v) => v * scale);
  b.day = b.day.slice(0, n);
  b.volume = b.volume.slice(shift);
  return b;
}

describe.each(dbKinds)('rotation runs on %s', (kind) => {
  let t: TestApp;
  let workers: BatchWorkers;
  let alice: Who;
  let bob: Who;
  const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as never, headers: who.headers });
  const base = { start_date: START, end_date: END, rebalance: 'monthly', top: 2, score: { kind: 'momentum', period: 63, skip: 0 } };
  const start = (extra: object) => call(alice, 'POST', '/api/rotation_runs/', { ...base, universe: { kind: 'symbols', symbols: ['AAA', 'BBB', 'CCC'] }, ...extra });
  const done = async (id: number) => {
    const run = await finishedRun(`rotation ${id}`, async () => (await call(alice, 'GET', `/api/rotation_runs/${id}/`)).json<RotationRun>(), 60_000);
    expect(run.status, run.error ?? '').toBe('done');
    return run;
  };

  beforeAll(async () => {
    t = await testApp(kind);
    workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
    alice = await signedInAs(t, 'alice@example.com');
    bob = await signedInAs(t, 'bob@example.com');
    await addSymbol(t, 'AAA', bars(1, 0));
    await addSymbol(t, 'BBB', bars(0.2, 7)); // about $20: under the $50 scan below
    await addSymbol(t, 'CCC', bars(1.5, 13));
    await addSymbol(t, 'DDD', bars(0.9, 29));
    await addSymbol(t, 'SPY', bars(3, 21));
    await upsertSymbols(t.deps.db, [{ symbol: 'SPY', name: 'SPDR S&P 500', market: 'NYSEACRA', instr_type: 'ETF', sector: null, industry: null, market_cap: null }]);
    await t.deps.series.load(t.deps.db);
  });
  afterAll(async () => {
    await workers.stop(1000);
    await t.close();
  });

  it('rotates a list: stats, the SPY benchmark line, the equal-weight line, holdings per rebalance with score and rank, and the CSV files', async () => {
    const r = await start({ floors: { min_price: 40 } });
    expect(r.statusCode, r.body).toBe(202);
    const started = r.json<RotationRun>();
    expect(started.request).toMatchObject({ symbols: 3, rebalance: 'monthly', top: 2, order: 'highest', side: 'long', weighting: 'equal', buffer: 0, benchmark: 'SPY', floors: { min_price: 40, min_dollar_volume: 1_000_000, window: 20 } });
    const run = await done(started.id);
    const res = run.result!;
    expect(res.time.length).toBe(res.equity.length);
    expect(res.benchmark!.symbol).toBe('SPY');
    expect(res.benchmark!.equity[0]).toBe(10_000);
    expect(res.equal_weight).toHaveLength(res.time.length);
    expect(res.stats.final_equity).toBe(res.equity.at(-1));
    expect(res.stats.alpha).not.toBeNull();
    expect(res.stats.beta).not.toBeNull();
    expect(res.stats.floored).toBeGreaterThan(0); // BBB trades at $15–39
    expect(res.survivorship).toBe(UNIVERSE_MESSAGES.chosenList);
    const traded = res.rebalances.find((rb) => rb.holdings.some((h) => h.action === 'bought'))!;
    const bought = traded.holdings.find((h) => h.action === 'bought')!;
    expect(bought.rank).toBeGreaterThanOrEqual(1);
    expect(bought.score).toEqual(expect.any(Number));
    expect(bought.reason).toBe('new');
    // every order is one line of some rebalance's holdings (no template: no stops between rebalances)
    expect(res.rebalances.flatMap((rb) => rb.holdings).filter((h) => h.action !== 'kept').length).toBe(res.orders.length);
    expect(res.orders.some((o) => o.symbol === 'BBB')).toBe(false);

    const orders = await call(alice, 'GET', `/api/rotation_runs/${run.id}/orders.csv`);
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['content-type']).toMatch(/^text\/csv/);
    const lines = orders.body.trim().split('\r\n');
    expect(lines[0]).toBe(ROTATION_CSV.orders.join(','));
    expect(lines).toHaveLength(res.orders.length + 1);
    expect(lines[1].split(',').slice(0, 4)).toEqual([res.orders[0].date, res.orders[0].symbol, res.orders[0].side, String(res.orders[0].shares)]);
    const holdings = await call(alice, 'GET', `/api/rotation_runs/${run.id}/holdings.csv`);
    expect(holdings.body.split('\r\n')[0]).toBe(ROTATION_CSV.holdings.join(','));
    expect(holdings.body.trim().split('\r\n')).toHaveLength(res.rebalances.reduce((n, rb) => n + rb.holdings.length, 0) + 1);

    const list = (await call(alice, 'GET', '/api/rotation_runs/')).json<RotationRun[]>();
    expect(list.map((x) => x.id)).toContain(run.id);
  });

  it('a saved scan point in time: a name is held only on decisions where it matched as of that close', async () => {
    const price = { ...defaultFilterRow('price'), value1: 50, value2: null };
    const q = (await call(alice, 'POST', '/api/scanner/templates/', { name: 'Above 50', filters: [rowToSavedFilter(price, 0)] })).json<{ id: number }>().id;
    const run = await done((await start({ universe: { kind: 'scan', query_id: q }, floors: null, top: 3 })).json<RotationRun>().id);
    expect(run.request.universe.label).toBe('scan "Above 50" (point in time)');
    expect(run.result!.survivorship).toBe(UNIVERSE_MESSAGES.survivorship);
    const closeOn = (symbol: string, date: string) => {
      const e = t.deps.series.get(symbol)!;
      const d = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
      return e.bars.close[e.bars.day.indexOf(d)];
    };
    let checked = 0;
    for (const rb of run.result!.rebalances) {
      for (const h of rb.holdings.filter((x) => x.action === 'bought' && x.reason === 'new')) {
        expect(closeOn(h.symbol, rb.date), `${h.symbol} on ${rb.date}`).toBeGreaterThanOrEqual(50);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(run.result!.orders.some((o) => o.symbol === 'BBB')).toBe(false);
    const today = await done((await start({ universe: { kind: 'scan_today', query_id: q }, floors: null })).json<RotationRun>().id);
    expect(today.result!.survivorship).toBe(UNIVERSE_MESSAGES.hindsight);
  });

  it('a template gates entries with its BUY rule', async () => {
    const id = (await call(alice, 'POST', '/api/templates/', { name: 'RSI gate' })).json<TemplateDetail>().id;
    await call(alice, 'POST', '/api/indicators/', { template: id, name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '40' });
    const run = await done((await start({ template_id: id, floors: null })).json<RotationRun>().id);
    expect(run.request).toMatchObject({ template_id: id, template_name: 'RSI gate' });
    const plain = await done((await start({ floors: null })).json<RotationRun>().id);
    expect(run.result!.orders).not.toEqual(plain.result!.orders);
    const sellOnly = (await call(alice, 'POST', '/api/templates/', { name: 'Sell only' })).json<TemplateDetail>().id;
    await call(alice, 'POST', '/api/indicators/', { template: sellOnly, name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' });
    const r = await start({ template_id: sellOnly });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ template_id: [ROTATION_MESSAGES.gateNeedsBuy] });
  });

  it.each([
    [{ top: 0 }, 'top'],
    [{ rebalance: 'daily' }, 'rebalance'],
    [{ score: { kind: 'momentum' } }, 'score.period'],
    [{ score: { kind: 'fa', field: ' ' } }, 'score.field'],
    [{ cash: -5 }, 'cash'],
    [{ position_size: 2 }, 'position_size'],
    [{ spread: 0.5 }, 'spread'],
    [{ side: 'long_short', template_id: null, buffer: -1 }, 'buffer'],
    [{ end_date: '2015-01-01' }, 'end_date'],
    [{ benchmark: 'NOPE' }, 'benchmark'],
    [{ universe: { kind: 'symbols', symbols: ['AAA', 'NOPE'] } }, 'universe.symbols'],
  ])('answers 400 naming the field (%#)', async (body, field) => {
    const r = await start(body);
    expect(r.statusCode, r.body).toBe(400);
    expect(Object.keys(r.json())).toEqual([field]);
    if (field === 'benchmark') expect(r.json().benchmark).toEqual([ROTATION_MESSAGES.unknownBenchmark('NOPE')]);
  });

  it("another user's run, template and saved scan are not found", async () => {
    const run = await done((await start({})).json<RotationRun>().id);
    for (const url of [`/api/rotation_runs/${run.id}/`, `/api/rotation_runs/${run.id}/orders.csv`, `/api/rotation_runs/${run.id}/holdings.csv`]) {
      expect((await call(bob, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(bob, 'DELETE', `/api/rotation_runs/${run.id}/`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/rotation_runs/')).json()).toEqual([]);
    const tpl = (await call(alice, 'POST', '/api/templates/', { name: 'Mine' })).json<TemplateDetail>().id;
    expect((await call(bob, 'POST', '/api/rotation_runs/', { ...base, universe: { kind: 'all' }, template_id: tpl })).statusCode).toBe(404);
    expect((await call(bob, 'POST', '/api/rotation_runs/', { ...base, universe: { kind: 'scan', query_id: 999_999 } })).statusCode).toBe(404);
  });
});
