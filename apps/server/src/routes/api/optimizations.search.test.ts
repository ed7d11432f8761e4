import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Optimization, TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { finishedRun, quietLog } from '../../test/waitFor.ts';
import { startBatchWorkers, type BatchWorkers } from '../../jobs/batch.ts';

type Who = { headers: Record<string, string> };
const periods = (n: number) => Array.from({ length: n }, (_, i) => i + 2);

describe.each(dbKinds)('optimisation runs with method "search" on %s', (kind) => {
  let t: TestApp;
  let workers: BatchWorkers;
  let alice: Who;
  let templateId: number;
  let periodId: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as never, headers: alice.headers });
  const start = (body: object) => call('POST', '/api/optimizations/', { template_id: templateId, period_id: periodId, ...body });
  const finished = async (id: number) => {
    return finishedRun(`run ${id} to finish`, async () => (await call('GET', `/api/optimizations/${id}/`)).json<Optimization>(), 60_000);
  };
  // 400 × 400 = 160,000 cells: past a grid's 100,000
  const space = { maximize: 'Return [%]', params: [{ row: 0, field: 'period', values: periods(400) }, { row: 1, field: 'period', values: periods(400) }] };

  beforeAll(async () => {
    t = await testApp(kind);
    workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
    alice = await signedInAs(t, 'alice@example.com');
    await addSymbol(t, 'WAVE', waveBars('2015-01-01', 1500));
    templateId = (await call('POST', '/api/templates/', { name: 'RSI' })).json<TemplateDetail>().id;
    await call('POST', '/api/indicators/', { template: templateId, name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' });
    await call('POST', '/api/indicators/', { template: templateId, name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' });
    periodId = (await call('POST', '/api/periods/', { stock_ticker: 'WAVE', start_date: '2015-01-01', end_date: '2020-12-31' })).json<{ id: number }>().id;
  });
  afterAll(async () => {
    await workers.stop(1000);
    await t.close();
  });

  it.each([
    [{ method: 'sambo' }, 'method'],
    [{ method: 'search', budget: 0 }, 'budget'],
    [{ method: 'search', budget: 2.5 }, 'budget'],
    [{ method: 'search', budget: 100_001 }, 'budget'],
    [{ method: 'search', seed: -1 }, 'seed'],
    [{ method: 'search', seed: 2 ** 32 }, 'seed'],
    [{ method: 'search', seed: 'x' }, 'seed'],
    [{ budget: 50 }, 'budget'],
    [{ method: 'grid', seed: 3 }, 'seed'],
  ])('refuses %o with a 400 naming %s', async (extra, field) => {
    const r = await start({ ...space, ...extra });
    expect(r.statusCode, r.body).toBe(400);
    expect(Object.keys(r.json())).toContain(field);
  });

  it('a grid of 160,000 cells is refused; a search of it tries its budget of cells, the same cells for the same seed', async () => {
    expect((await start(space)).statusCode).toBe(400);
    const r = await start({ ...space, method: 'search', budget: 40, seed: 5 });
    expect(r.statusCode, r.body).toBe(202);
    const started = r.json<Optimization>();
    expect(started.request).toMatchObject({ method: 'search', budget: 40, seed: 5, cells: 160_000 });
    expect(started.progress.total).toBe(40);
    const run = await finished(started.id);
    expect(run.status, run.error ?? '').toBe('done');
    const { best, top, heatmap, cells, luck } = run.result!;
    expect(heatmap).toHaveLength(40);
    expect(new Set(cells).size).toBe(40);
    const values = heatmap.filter((v): v is number => v !== null);
    expect(best!.stats['Return [%]']).toBe(Math.max(...values));
    expect(heatmap[cells!.indexOf(best!.index)]).toBe(best!.stats['Return [%]']);
    expect(best!.params).toEqual([Math.floor(best!.index / 400) + 2, (best!.index % 400) + 2]);
    expect(top.map((c) => c.value)).toEqual([...values].sort((a, b) => b - a).slice(0, 20));
    // the guards count the cells tried (with trades), not the space
    expect(luck!.trials).toBe(values.length);
    const again = await finished((await start({ ...space, method: 'search', budget: 40, seed: 5 })).json<Optimization>().id);
    expect(again.result!.cells).toEqual(cells);
    // a cell past a grid's limit can be applied to a template
    const applied = await call('POST', `/api/optimizations/${run.id}/apply/`, { index: best!.index });
    expect(applied.statusCode, applied.body).toBe(201);
  });

  it('walk-forward searches each fold', async () => {
    const r = await start({ ...space, method: 'search', budget: 30, seed: 2, walk_forward: { folds: 2 } });
    expect(r.statusCode, r.body).toBe(202);
    const run = await finished(r.json<Optimization>().id);
    expect(run.status, run.error ?? '').toBe('done');
    expect(run.progress.total).toBe(90);
    const wf = run.result!.walk_forward!;
    expect(wf.folds).toHaveLength(2);
    for (const f of wf.folds) if (f.params) expect(f.in_sample_value).not.toBeNull();
  });
});
