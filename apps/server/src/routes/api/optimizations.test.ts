import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardsVerdict, type BacktestRun, type Optimization, type TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { finishedRun, quietLog } from '../../test/waitFor.ts';
import { startBatchWorkers, type BatchWorkers } from '../../jobs/batch.ts';

type Who = { headers: Record<string, string> };

describe.each(dbKinds)('optimisation runs on %s', (kind) => {
  let t: TestApp;
  let workers: BatchWorkers;
  let alice: Who;
  let bob: Who;
  let templateId: number;
  let periodId: number;
  let shortPeriodId: number; // about 65 bars
  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: who.headers });
  const start = (body: object, who = alice) => call(who, 'POST', '/api/optimizations/', { template_id: templateId, period_id: periodId, ...body });
  const finished = async (id: number) => {
    return finishedRun(`run ${id} to finish`, async () => (await call(alice, 'GET', `/api/optimizations/${id}/`)).json<Optimization>(), 60_000);
  };
  const grid = {
    maximize: 'Sharpe Ratio',
    params: [
      { row: 0, field: 'period', values: [7, 10, 14] },
      { row: 0, field: 'cvalue', values: ['25', '35', '45'] },
    ],
  };

  beforeAll(async () => {
    t = await testApp(kind);
    workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
    alice = await signedInAs(t, 'alice@example.com');
    bob = await signedInAs(t, 'bob@example.com');
    await addSymbol(t, 'WAVE', waveBars('2015-01-01', 1500));
    templateId = (await call(alice, 'POST', '/api/templates/', { name: 'RSI' })).json<TemplateDetail>().id;
    await call(alice, 'POST', '/api/indicators/', { template: templateId, name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '30' });
    await call(alice, 'POST', '/api/indicators/', { template: templateId, name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '70' });
    periodId = (await call(alice, 'POST', '/api/periods/', { stock_ticker: 'WAVE', start_date: '2015-01-01', end_date: '2020-12-31' })).json<{ id: number }>().id;
    shortPeriodId = (await call(alice, 'POST', '/api/periods/', { stock_ticker: 'WAVE', start_date: '2020-06-01', end_date: '2020-08-31' })).json<{ id: number }>().id;
  });
  afterAll(async () => {
    await workers.stop(1000);
    await t.close();
  });

  it('starts in the background (202), reports progress, and ends with every cell, the best one and the top rows', async () => {
    const r = await start(grid);
    expect(r.statusCode, r.body).toBe(202);
    const started = r.json<Optimization>();
    expect(started.request).toMatchObject({ template_id: templateId, template_name: 'RSI', symbol: 'WAVE', objective: 'Sharpe Ratio', direction: 'maximize', cells: 9 });
    expect(started.progress.total).toBe(9);
    const run = await finished(started.id);
    expect(run.status).toBe('done');
    expect(run.progress).toEqual({ done: 9, total: 9, eta_seconds: null });
    const { best, top, heatmap } = run.result!;
    expect(heatmap).toHaveLength(9);
    const values = heatmap.filter((v): v is number => v !== null);
    expect(best!.stats['Sharpe Ratio']).toBe(Math.max(...values));
    expect(heatmap[best!.index]).toBe(best!.stats['Sharpe Ratio']);
    expect(top.map((c) => c.value)).toEqual([...values].sort((a, b) => b - a));
    expect((await call(alice, 'GET', '/api/optimizations/')).json<Optimization[]>().map((o) => o.id)).toContain(started.id);
  });

  it('applies a cell: a copy of the template with its values, whose plain backtest equals the best cell', async () => {
    const run = await finished((await start(grid)).json<Optimization>().id);
    const best = run.result!.best!;
    const applied = await call(alice, 'POST', `/api/optimizations/${run.id}/apply/`, { index: best.index });
    expect(applied.statusCode, applied.body).toBe(201);
    const copy = applied.json<TemplateDetail>();
    // named in the Optimize screen's words
    expect(copy.name).toBe(`RSI (RSI buy period ${best.params[0]}, RSI buy level ${best.params[1]})`);
    expect(copy.indicators.map((i) => [i.period, i.cvalue])).toEqual([[best.params[0], best.params[1]], [14, '70']]);
    const plain = (await call(alice, 'POST', '/api/submit_selection/', { period_id: periodId, template_id: copy.id })).json<BacktestRun>();
    expect(plain.stats).toEqual(best.stats);
    expect(plain.trades.map(({ Why, ...t }) => t)).toEqual(best.trades);
    const again = await call(alice, 'POST', `/api/optimizations/${run.id}/apply/`, { index: best.index });
    expect(again.json<TemplateDetail>().name).toBe(`${copy.name} (2)`);
    expect((await call(alice, 'POST', `/api/optimizations/${run.id}/apply/`, { index: 9 })).statusCode).toBe(400);
  });

  it('varies linked rows together: one period for the BUY and the SELL row, applied to both', async () => {
    const r = await start({ maximize: 'Return [%]', params: [{ rows: [0, 1], field: 'period', values: [7, 21] }] });
    expect(r.statusCode, r.body).toBe(202);
    const run = await finished(r.json<Optimization>().id);
    expect(run.status).toBe('done');
    const [a, b] = run.result!.heatmap;
    const applied = (await call(alice, 'POST', `/api/optimizations/${run.id}/apply/`, { index: 1 })).json<TemplateDetail>();
    expect(applied.name).toBe('RSI (RSI buy + sell period 21)');
    expect(applied.indicators.map((i) => i.period)).toEqual([21, 21]);
    // the cell's figure is the plain backtest of both rows at 21
    const plain = (await call(alice, 'POST', '/api/submit_selection/', { period_id: periodId, template_id: applied.id })).json<BacktestRun>();
    expect(plain.stats['Return [%]']).toBe(b);
    expect(a).not.toBe(b);
    expect((await start({ maximize: 'Return [%]', params: [{ row: 0, rows: [0, 1], field: 'period', values: [7] }] })).statusCode).toBe(400);
  });

  it('runs a walk-forward analysis: folds, stitched out-of-sample equity, efficiency', async () => {
    const run = await finished((await start({ ...grid, walk_forward: { folds: 3 } })).json<Optimization>().id);
    expect(run.status, run.error ?? '').toBe('done');
    expect(run.progress.total).toBe(9 * 4);
    const w = run.result!.walk_forward!;
    expect(w.folds).toHaveLength(3);
    expect(w.out_of_sample.time).toHaveLength(w.out_of_sample.equity.length);
    expect(w.in_sample.equity).toHaveLength(w.out_of_sample.equity.length);
    expect(w.folds[0].out_of_sample.start > w.folds[0].in_sample.end).toBe(true);
    // each fold's in-sample grid has its own guards, measured on its own window
    for (const f of w.folds) {
      if (f.params === null) continue;
      expect(f.luck!.deflated_sharpe).toBeGreaterThanOrEqual(0);
      expect(f.luck!.observations).toBeLessThan(run.result!.luck!.observations);
    }
  });

  it('says whether the best cell is luck: a Deflated Sharpe over the cells with trades, and a PBO from 10 cells', async () => {
    const run = await finished((await start({ ...grid, params: [...grid.params, { field: 'position_size', values: [0.5, 0.99] }] })).json<Optimization>().id);
    expect(run.status, run.error ?? '').toBe('done');
    const { luck, heatmap } = run.result!;
    const traded = heatmap.filter((v) => v !== null).length;
    expect(traded).toBeGreaterThanOrEqual(10);
    expect(luck!.trials).toBe(traded);
    expect(luck!.deflated_sharpe).toBeGreaterThanOrEqual(0);
    expect(luck!.deflated_sharpe).toBeLessThanOrEqual(1);
    expect(luck!.sharpe_benchmark).toBeGreaterThan(0);
    expect(luck!.pbo_splits).toBe(12_870);
    expect(luck!.pbo).toBeGreaterThanOrEqual(0);
    expect(luck!.pbo).toBeLessThanOrEqual(1);
    // the best cell's trades, and its edge over holding the stock over the same days, count too
    expect(luck!.trades).toBe(run.result!.best!.trades.length);
    expect(luck!.excess_deflated_sharpe).toBeGreaterThanOrEqual(0);
    expect(luck!.excess_deflated_sharpe).toBeLessThanOrEqual(1);
    expect(luck!.verdict).toBe(guardsVerdict(luck!));
    // nine cells are too few for a PBO; the Deflated Sharpe is still there
    const small = await finished((await start(grid)).json<Optimization>().id);
    expect(small.result!.luck!.pbo).toBeNull();
    expect(small.result!.luck!.trials).toBe(small.result!.heatmap.filter((v) => v !== null).length);
  });

  it.each([
    ['an unknown statistic', { ...grid, maximize: 'Luck' }, 'maximize'],
    ['both maximize and minimize', { ...grid, minimize: 'SQN' }, 'maximize'],
    ['a field no template stores', { ...grid, params: [{ row: 0, field: 'multiplier', values: [2] }] }, 'params.0.field'],
    ['a row the template does not have', { ...grid, params: [{ row: 5, field: 'period', values: [2] }] }, 'params'],
    ['a value the row cannot take', { ...grid, params: [{ row: 0, field: 'cvalue', values: ['150'] }] }, 'params'],
    ['more than 100,000 cells', { ...grid, params: [{ row: 0, field: 'period', values: Array.from({ length: 400 }, (_, i) => i + 2) }, { row: 1, field: 'period', values: Array.from({ length: 400 }, (_, i) => i + 2) }] }, 'params'],
    ['too many folds for the period', { ...grid, walk_forward: { folds: 5 } }, 'walk_forward', true],
  ])('answers 400 naming the field for %s', async (_, body, field, short = false) => {
    const r = await start(short ? { ...body, period_id: shortPeriodId } : body);
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json())).toEqual([field]);
  });

  it("keeps runs to their owner: another user's id answers 404 everywhere", async () => {
    const id = (await start(grid)).json<Optimization>().id;
    expect((await call(bob, 'GET', `/api/optimizations/${id}/`)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/optimizations/${id}/`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/api/optimizations/${id}/apply/`, { index: 0 })).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/optimizations/')).json()).toEqual([]);
    expect((await start(grid, bob)).statusCode).toBe(404); // alice's template and period
    await finished(id);
  });

  it('cancels a run, and refuses a third run while two are going (429 with Retry-After)', async () => {
    const big = { ...grid, params: [{ row: 0, field: 'period', values: Array.from({ length: 60 }, (_, i) => i + 2) }, { row: 0, field: 'cvalue', values: Array.from({ length: 60 }, (_, i) => String(i + 20)) }] };
    const a = (await start(big)).json<Optimization>().id;
    const b = (await start(big)).json<Optimization>().id;
    const third = await start(grid);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('10');
    for (const id of [a, b]) {
      const c = await call(alice, 'DELETE', `/api/optimizations/${id}/`);
      expect(c.statusCode).toBe(200);
      expect(c.json<Optimization>().status).toBe('cancelled');
    }
    expect((await start(grid)).statusCode).toBe(202);
  });
});
