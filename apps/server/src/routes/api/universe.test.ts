import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFilterRow, rowToSavedFilter, UNIVERSE_MESSAGES, type BacktestRun, type PortfolioRun, type TemplateDetail, type UniverseRun } from '@app/contract';
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

describe.each(dbKinds)('universe and portfolio runs on %s', (kind) => {
  let t: TestApp;
  let workers: BatchWorkers;
  let alice: Who;
  let bob: Who;
  let templateId: number;
  const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as never, headers: who.headers });
  const done = async <T extends { status: string }>(path: string, id: number) => {
    return finishedRun(`${path} ${id}`, async () => (await call(alice, 'GET', `${path}${id}/`)).json<T>(), 60_000);
  };
  const universe = (u: object, extra: object = {}) => call(alice, 'POST', '/api/universe_runs/', { template_id: templateId, start_date: START, end_date: END, universe: u, ...extra });
  const portfolio = (u: object, extra: object = {}) => call(alice, 'POST', '/api/portfolio_runs/', { template_id: templateId, start_date: START, end_date: END, universe: u, ...extra });

  beforeAll(async () => {
    t = await testApp(kind);
    workers = await startBatchWorkers(t.deps, { concurrency: 2, leaseSeconds: 5, staleSeconds: 600, log: quietLog });
    alice = await signedInAs(t, 'alice@example.com');
    bob = await signedInAs(t, 'bob@example.com');
    await addSymbol(t, 'AAA', bars(1, 0));
    await addSymbol(t, 'BBB', bars(0.2, 7));
    await addSymbol(t, 'CCC', bars(1.5, 13));
    await addSymbol(t, 'LATE', bars(1, 3, 30)); // 30 bars, all before the period: skipped
    await addSymbol(t, 'SPY', bars(3, 21));
    await upsertSymbols(t.deps.db, [{ symbol: 'SPY', name: 'SPDR S&P 500', market: 'NYSEACRA', instr_type: 'ETF', sector: null, industry: null, market_cap: null }]);
    await t.deps.series.load(t.deps.db);
    templateId = (await call(alice, 'POST', '/api/templates/', { name: 'RSI' })).json<TemplateDetail>().id;
    await call(alice, 'POST', '/api/indicators/', { template: templateId, name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '35' });
    await call(alice, 'POST', '/api/indicators/', { template: templateId, name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '65' });
  });
  afterAll(async () => {
    await workers.stop(1000);
    await t.close();
  });

  it('backtests every symbol: each row equals a plain backtest of that symbol and period; symbols without bars are skipped', async () => {
    const r = await universe({ kind: 'symbols', symbols: ['aaa', 'BBB', 'CCC', 'LATE', 'AAA'] });
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json<UniverseRun>().request).toMatchObject({ symbols: 4, universe: { kind: 'symbols' } });
    const run = await done<UniverseRun>('/api/universe_runs/', r.json<UniverseRun>().id);
    expect(run.status, run.error ?? '').toBe('done');
    // timestamps in ISO 8601 UTC, as every other date-time of the API (not PostgreSQL's '2026-11-23 17:10:00+00')
    for (const ts of [run.created_at, run.finished_at]) expect(ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(run.summary!.skipped).toEqual(['LATE']);
    expect(run.rows!.results.map((x) => x.symbol).sort()).toEqual(['AAA', 'BBB', 'CCC']);
    for (const row of run.rows!.results) {
      const period = (await call(alice, 'POST', '/api/periods/', { stock_ticker: row.symbol, start_date: START, end_date: END })).json<{ id: number }>().id;
      const plain = (await call(alice, 'POST', '/api/submit_selection/', { period_id: period, template_id: templateId })).json<BacktestRun>();
      expect(row).toMatchObject({
        return_pct: plain.stats['Return [%]'], cagr_pct: plain.stats['CAGR [%]'], sharpe: plain.stats['Sharpe Ratio'],
        max_drawdown_pct: plain.stats['Max. Drawdown [%]'], trades: plain.stats['# Trades'], win_rate_pct: plain.stats['Win Rate [%]'],
        profit_factor: plain.stats['Profit Factor'], exposure_pct: plain.stats['Exposure Time [%]'], buy_hold_pct: plain.stats['Buy & Hold Return [%]'],
        start: plain.stats['Start'], end: plain.stats['End'],
      });
    }
    const s = run.summary!;
    const returns = run.rows!.results.map((x) => x.return_pct!).sort((a, b) => a - b);
    expect(s.median_return_pct).toBe(returns[1]);
    expect(s.histogram.reduce((n, b) => n + b.count, 0)).toBe(3);
    expect(s.survivorship).toMatch(/survivorship bias/);
  });

  it('answers one sorted page at a time, with next and previous links', async () => {
    const id = (await universe({ kind: 'symbols', symbols: ['AAA', 'BBB', 'CCC'] })).json<UniverseRun>().id;
    await done<UniverseRun>('/api/universe_runs/', id);
    const page1 = (await call(alice, 'GET', `/api/universe_runs/${id}/?ordering=-return_pct&page_size=2`)).json<UniverseRun>().rows!;
    expect(page1.count).toBe(3);
    expect(page1.results).toHaveLength(2);
    expect(page1.results[0].return_pct!).toBeGreaterThanOrEqual(page1.results[1].return_pct!);
    const page2 = (await call(alice, 'GET', page1.next!)).json<UniverseRun>().rows!;
    expect(page2.results).toHaveLength(1);
    expect(page2.previous).not.toBeNull();
    const bySymbol = (await call(alice, 'GET', `/api/universe_runs/${id}/?ordering=symbol`)).json<UniverseRun>().rows!;
    expect(bySymbol.results.map((x) => x.symbol)).toEqual(['AAA', 'BBB', 'CCC']);
    expect((await call(alice, 'GET', `/api/universe_runs/${id}/?ordering=luck`)).statusCode).toBe(400);
    expect((await call(alice, 'GET', `/api/universe_runs/${id}/?page=9`)).statusCode).toBe(400);
  });

  it("takes a saved scan point in time or its matches today (with the hindsight warning), or every listed equity", async () => {
    const price = { ...defaultFilterRow('price'), value1: 50, value2: null };
    const q = (await call(alice, 'POST', '/api/scanner/templates/', { name: 'Above 50', filters: [rowToSavedFilter(price, 0)] })).json<{ id: number }>().id;
    const scan = await done<UniverseRun>('/api/universe_runs/', (await universe({ kind: 'scan_today', query_id: q })).json<UniverseRun>().id);
    expect(scan.request.universe.label).toBe('scan "Above 50" (matches today)');
    expect(scan.rows!.results.map((x) => x.symbol).sort()).toEqual(['AAA', 'CCC', 'SPY']); // what the scanner matches: the price alone
    expect(scan.summary!.survivorship).toBe(UNIVERSE_MESSAGES.hindsight);
    // point in time: every symbol with bars is a candidate, a member on the days its close was 50 or more
    const pit = await done<UniverseRun>('/api/universe_runs/', (await universe({ kind: 'scan', query_id: q })).json<UniverseRun>().id);
    expect(pit.status, pit.error ?? '').toBe('done');
    expect(pit.request.universe).toEqual({ kind: 'scan', label: 'scan "Above 50" (point in time)' });
    expect(pit.request.floors).toEqual({ min_price: 5, min_dollar_volume: 1_000_000 });
    expect(pit.summary!.survivorship).toBe(UNIVERSE_MESSAGES.survivorship);
    const members = pit.rows!.results.map((x) => x.symbol);
    expect(members).not.toContain('BBB'); // a fifth of the wave: never at $50
    expect(pit.summary!.never_members).toContain('BBB');
    const all = await done<UniverseRun>('/api/universe_runs/', (await universe({ kind: 'all' })).json<UniverseRun>().id);
    expect(all.request.symbols).toBe(4); // the ETF is not an equity
    // another user's saved scan (and template) is not theirs to run
    expect((await call(bob, 'POST', '/api/universe_runs/', { template_id: templateId, start_date: START, end_date: END, universe: { kind: 'scan', query_id: q } })).statusCode).toBe(404);
  });

  it.each([
    [{ universe: { kind: 'symbols', symbols: ['AAA', 'NOPE'] } }, 'universe.symbols', 'Unknown symbols: NOPE.'],
    [{ universe: { kind: 'symbols', symbols: [] } }, 'universe.symbols', 'The universe is empty: no symbol to run on.'],
    [{ universe: { kind: 'all' }, end_date: '2015-01-01' }, 'end_date', 'End date must be after start date.'],
    [{ universe: { kind: 'symbols', symbols: Array.from({ length: 2001 }, (_, i) => `S${i}`) } }, 'universe.symbols', 'Type or paste at most 2,000 symbols, or use a saved scan.'],
    [{ universe: { kind: 'everything' } }, 'universe.kind', null],
  ])('answers 400 naming the field (%#)', async (body, field, message) => {
    const r = await call(alice, 'POST', '/api/universe_runs/', { template_id: templateId, start_date: START, end_date: END, ...body });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json())).toEqual([field]);
    if (message) expect(r.json()[field]).toEqual([message]);
  });

  it.each([
    [{ floors: { min_price: 0 } }, 'floors.min_price', UNIVERSE_MESSAGES.floorPositive],
    [{ floors: { min_dollar_volume: -1 } }, 'floors.min_dollar_volume', UNIVERSE_MESSAGES.floorPositive],
    [{ floors: { min_price: 'five' } }, 'floors.min_price', UNIVERSE_MESSAGES.floorPositive],
  ])('answers 400 for a floor that is not a positive number (%#)', async (extra, field, message) => {
    for (const start of [universe, portfolio]) {
      const r = await start({ kind: 'symbols', symbols: ['AAA'] }, extra);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ [field]: [message] });
    }
  });

  it.each([
    [{ max_positions: 0 }, 'max_positions', UNIVERSE_MESSAGES.maxPositions],
    [{ max_positions: 101 }, 'max_positions', UNIVERSE_MESSAGES.maxPositions],
    [{ max_positions: 2.5 }, 'max_positions', 'A valid integer is required.'],
  ])('a portfolio run answers 400 naming the field in words (%#)', async (extra, field, message) => {
    const r = await portfolio({ kind: 'symbols', symbols: ['AAA'] }, extra);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ [field]: [message] });
  });

  it('runs a portfolio: shared cash, at most max_positions at once, trades with their symbol, the equal-weight basket and SPY beside it', async () => {
    const r = await portfolio({ kind: 'symbols', symbols: ['AAA', 'BBB', 'CCC', 'LATE'] }, { max_positions: 2, rank_by: 'rsi_low' });
    expect(r.statusCode, r.body).toBe(202);
    const run = await done<PortfolioRun>('/api/portfolio_runs/', r.json<PortfolioRun>().id);
    expect(run.status, run.error ?? '').toBe('done');
    const res = run.result!;
    expect(Math.max(...res.positions)).toBeLessThanOrEqual(2);
    expect(new Set(res.trades.map((x) => x.Symbol)).size).toBeGreaterThan(1);
    expect(res.time).toHaveLength(res.equity.length);
    expect(res.equal_weight).toHaveLength(res.equity.length);
    expect(res.benchmark?.symbol).toBe('SPY');
    expect(res.skipped).toEqual(['LATE']);
    expect(res.stats['# Trades']).toBe(res.trades.length);
  });

  it('a one-symbol portfolio with one slot equals the plain backtest', async () => {
    const run = await done<PortfolioRun>('/api/portfolio_runs/', (await portfolio({ kind: 'symbols', symbols: ['AAA'] }, { max_positions: 1 })).json<PortfolioRun>().id);
    const period = (await call(alice, 'POST', '/api/periods/', { stock_ticker: 'AAA', start_date: START, end_date: END })).json<{ id: number }>().id;
    const plain = (await call(alice, 'POST', '/api/submit_selection/', { period_id: period, template_id: templateId })).json<BacktestRun>();
    expect(run.result!.equity).toEqual(plain.equity.equity);
    expect(run.result!.trades.map(({ Symbol, ...rest }) => rest)).toEqual(plain.trades); // why included: read on the same bars
  });

  it("keeps runs to their owner, and shares the limit of runs going at once with optimisations", async () => {
    const id = (await universe({ kind: 'all' })).json<UniverseRun>().id;
    expect((await call(bob, 'GET', `/api/universe_runs/${id}/`)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/universe_runs/${id}/`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/portfolio_runs/${id}/`)).statusCode).toBe(404); // a universe run is not a portfolio run
    const p = (await portfolio({ kind: 'all' })).json<PortfolioRun>().id;
    const third = await universe({ kind: 'all' });
    if (third.statusCode === 429) expect(third.headers['retry-after']).toBe('10');
    else expect(third.statusCode).toBe(202); // the first ones may have finished already
    await done<UniverseRun>('/api/universe_runs/', id);
    await done<PortfolioRun>('/api/portfolio_runs/', p);
  });
});
