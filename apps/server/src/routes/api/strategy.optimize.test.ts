import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestRun, Optimization, TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { finishedRun, quietLog } from '../../test/waitFor.ts';
import { startBatchWorkers, type BatchWorkers } from '../../jobs/batch.ts';

type Who = { headers: Record<string, string> };

// An optimisation over a crossover's slow average, named `against.period` in the grid, then "apply":
// the copy's row compares with the best cell's average and its plain backtest is that cell's.
describe.each(dbKinds)('optimising a crossover on %s', (kind) => {
  let t: TestApp;
  let workers: BatchWorkers;
  let alice: Who;
  let templateId: number;
  let periodId: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: alice.headers });

  beforeAll(async () => {
    t = await testApp(kind);
    workers = await startBatchWorkers(t.deps, { concurrency: 1, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
    alice = await signedInAs(t, 'alice@example.com');
    await addSymbol(t, 'WAVE', waveBars('2015-01-01', 1500));
    templateId = (await call('POST', '/api/templates/', { name: 'Cross' })).json<TemplateDetail>().id;
    for (const [side, compare] of [['BUY', 'crosses_above'], ['SELL', 'crosses_below']]) {
      const r = await call('POST', '/api/indicators/', { template: templateId, name: 'EMA', indicator_type: side, period: 10, compare, against: { name: 'SMA', period: 30 } });
      expect(r.statusCode, r.body).toBe(201);
    }
    periodId = (await call('POST', '/api/periods/', { stock_ticker: 'WAVE', start_date: '2015-01-01', end_date: '2020-12-31' })).json<{ id: number }>().id;
  });
  afterAll(async () => {
    await workers.stop(1000);
    await t.close();
  });

  it('varies against.period and applies the best cell', async () => {
    const grid = { maximize: 'Return [%]', params: [{ row: 0, field: 'against.period', values: [20, 30, 40, 60] }] };
    const r = await call('POST', '/api/optimizations/', { template_id: templateId, period_id: periodId, ...grid });
    expect(r.statusCode, r.body).toBe(202);
    const run = await finishedRun('the run to finish', async () => (await call('GET', `/api/optimizations/${r.json<Optimization>().id}/`)).json<Optimization>(), 60_000);
    expect(run.status, run.error ?? '').toBe('done');
    const best = run.result!.best!;
    const values = run.result!.heatmap.filter((v): v is number => v !== null);
    expect(values.length).toBeGreaterThan(1);
    expect(best.stats['Return [%]']).toBe(Math.max(...values));

    const applied = await call('POST', `/api/optimizations/${run.id}/apply/`, { index: best.index });
    expect(applied.statusCode, applied.body).toBe(201);
    const copy = applied.json<TemplateDetail>();
    expect(copy.name).toBe(`Cross (EMA buy compared-with period ${best.params[0]})`);
    expect(copy.indicators.map((i) => [i.compare, i.against?.period])).toEqual([['crosses_above', best.params[0]], ['crosses_below', 30]]);
    const plain = (await call('POST', '/api/submit_selection/', { period_id: periodId, template_id: copy.id })).json<BacktestRun>();
    expect(plain.stats).toEqual(best.stats);
    expect(plain.trades.map(({ Why, ...t }) => t)).toEqual(best.trades);
  });

  it('refuses against.period on a row that compares with a number', async () => {
    const rsi = (await call('POST', '/api/templates/', { name: 'RSI only' })).json<TemplateDetail>().id;
    await call('POST', '/api/indicators/', { template: rsi, name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '30' });
    const r = await call('POST', '/api/optimizations/', { template_id: rsi, period_id: periodId, maximize: 'Return [%]', params: [{ row: 0, field: 'against.period', values: [5, 10] }] });
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatch(/compares with no other indicator/);
  });
});
