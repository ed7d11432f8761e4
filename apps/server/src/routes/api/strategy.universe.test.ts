import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestRun, PortfolioRun, TemplateDetail, UniverseRun } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { finishedRun, quietLog } from '../../test/waitFor.ts';
import { startBatchWorkers, type BatchWorkers } from '../../jobs/batch.ts';

type Who = { headers: Record<string, string> };
const START = '2016-01-01';
const END = '2019-12-31';

// Universe and portfolio runs take the strategy language's templates: a short template on every
// symbol (each row the plain backtest), a crossover in a portfolio, and the short template as a
// portfolio (one symbol, one slot, no floors: the plain short backtest, trade for trade).
describe.each(dbKinds)('strategy templates on universes on %s', (kind) => {
  let t: TestApp;
  let workers: BatchWorkers;
  let alice: Who;
  let shortId: number;
  let crossId: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as never, headers: alice.headers });
  const done = async <T extends { status: string }>(path: string, id: number) => {
    return finishedRun(`${path} ${id}`, async () => (await call('GET', `${path}${id}/`)).json<T>(), 60_000);
  };
  const template = async (name: string, rows: object[]) => {
    const id = (await call('POST', '/api/templates/', { name, stop_loss_pct: 0.08 })).json<TemplateDetail>().id;
    for (const row of rows) {
      const r = await call('POST', '/api/indicators/', { template: id, ...row });
      expect(r.statusCode, r.body).toBe(201);
    }
    return id;
  };
  const body = (template_id: number) => ({ template_id, start_date: START, end_date: END, universe: { kind: 'symbols', symbols: ['AAA', 'BBB'] } });

  beforeAll(async () => {
    t = await testApp(kind);
    workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
    alice = await signedInAs(t, 'alice@example.com');
    await addSymbol(t, 'AAA', waveBars('2015-01-01', 1500));
    const b = waveBars('2015-01-01', 1507);
    for (const k of ['open', 'high', 'low', 'close'] as const) b[k] = b[k].slice(7).map((v) => v * 0.5);
    b.day = b.day.slice(0, 1500);
    b.volume = b.volume.slice(7);
    await addSymbol(t, 'BBB', b);
    shortId = await template('Short the spikes', [
      { name: 'RSI', indicator_type: 'SHORT', compare: 'crosses_below', cvalue: '70' },
      { name: 'RSI', indicator_type: 'COVER', compare: '<', cvalue: '40' },
    ]);
    crossId = await template('Cross', [
      { name: 'EMA', indicator_type: 'BUY', period: 10, compare: 'crosses_above', against: { name: 'SMA', period: 30 } },
      { name: 'EMA', indicator_type: 'SELL', period: 10, compare: 'crosses_below', against: { name: 'SMA', period: 30 } },
    ]);
  });
  afterAll(async () => {
    await workers.stop(1000);
    await t.close();
  });

  it('runs a short template on every symbol, each row the plain backtest', async () => {
    const r = await call('POST', '/api/universe_runs/', body(shortId));
    expect(r.statusCode, r.body).toBe(202);
    const run = await done<UniverseRun>('/api/universe_runs/', r.json<UniverseRun>().id);
    expect(run.status, run.error ?? '').toBe('done');
    for (const row of run.rows!.results) {
      const period = (await call('POST', '/api/periods/', { stock_ticker: row.symbol, start_date: START, end_date: END })).json<{ id: number }>().id;
      const plain = (await call('POST', '/api/submit_selection/', { period_id: period, template_id: shortId })).json<BacktestRun>();
      expect(plain.trades.length).toBeGreaterThan(0);
      expect(plain.trades.every((tr) => tr.Size < 0)).toBe(true);
      expect(row).toMatchObject({ return_pct: plain.stats['Return [%]'], trades: plain.stats['# Trades'] });
    }
  });

  it('runs a crossover portfolio, and a short template as a portfolio', async () => {
    const r = await call('POST', '/api/portfolio_runs/', { ...body(crossId), max_positions: 2 });
    expect(r.statusCode, r.body).toBe(202);
    const run = await done<PortfolioRun>('/api/portfolio_runs/', r.json<PortfolioRun>().id);
    expect(run.status, run.error ?? '').toBe('done');
    expect(run.result!.trades.length).toBeGreaterThan(0);
    const short = await call('POST', '/api/portfolio_runs/', { ...body(shortId), max_positions: 2 });
    expect(short.statusCode, short.body).toBe(202);
    const shortRun = await done<PortfolioRun>('/api/portfolio_runs/', short.json<PortfolioRun>().id);
    expect(shortRun.status, shortRun.error ?? '').toBe('done');
    expect(shortRun.result!.trades.length).toBeGreaterThan(0);
    expect(shortRun.result!.trades.every((tr) => tr.Size < 0)).toBe(true);
    expect(shortRun.result!.costs).toMatchObject({ total: expect.any(Number) });

    const one = await call('POST', '/api/portfolio_runs/', { ...body(shortId), universe: { kind: 'symbols', symbols: ['AAA'] }, floors: null, max_positions: 1 });
    expect(one.statusCode, one.body).toBe(202);
    const oneRun = await done<PortfolioRun>('/api/portfolio_runs/', one.json<PortfolioRun>().id);
    expect(oneRun.status, oneRun.error ?? '').toBe('done');
    const period = (await call('POST', '/api/periods/', { stock_ticker: 'AAA', start_date: START, end_date: END })).json<{ id: number }>().id;
    const plain = (await call('POST', '/api/submit_selection/', { period_id: period, template_id: shortId })).json<BacktestRun>();
    const strip = (tr: object) => {
      const { Symbol: _s, Why: _w, ...rest } = tr as Record<string, unknown>;
      return rest;
    };
    expect(oneRun.result!.trades.map(strip)).toEqual(plain.trades.map(strip));
    expect(oneRun.result!.equity.at(-1)).toBeCloseTo(plain.stats['Equity Final [$]'] as number, 6);
  });
});
