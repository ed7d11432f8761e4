import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartValue, RISK_NEEDS_STOP_MESSAGE, type BacktestChart, type BacktestRun, type TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';

type Who = { headers: Record<string, string> };
const exits = { stop_loss_pct: 0.05, take_profit_pct: 0.15, trailing_stop_pct: 0.08, spread: 0.0005, commission_fixed: 1, risk_pct: 0.01 };
const none = { stop_loss_pct: null, take_profit_pct: null, trailing_stop_pct: null, spread: null, commission_fixed: null, risk_pct: null };

describe.each(dbKinds)('template exits, costs and sizing on %s', (kind) => {
  let t: TestApp;
  let alice: Who;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as never, headers: alice.headers });

  beforeAll(async () => {
    t = await testApp(kind);
    alice = await signedInAs(t, 'alice@example.com');
    await addSymbol(t, 'WAVE', waveBars('2020-01-01', 300));
  });
  afterAll(() => t.close());

  it('stores, answers and reads back every field; a new template has none; null clears one, an omitted one stays', async () => {
    const plain = await call('POST', '/api/templates/', { name: 'plain' });
    expect(plain.json<TemplateDetail>()).toMatchObject(none);
    const c = await call('POST', '/api/templates/', { name: 'with exits', ...exits, spread: '0.0005' });
    expect(c.statusCode, c.body).toBe(201);
    const id = c.json<TemplateDetail>().id;
    expect(c.json()).toMatchObject(exits);
    expect((await call('GET', `/api/templates/${id}/`)).json()).toMatchObject(exits);
    const u = await call('PUT', `/api/templates/${id}/`, { name: 'with exits', take_profit_pct: null, trailing_stop_pct: '' });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json()).toMatchObject({ ...exits, take_profit_pct: null, trailing_stop_pct: null });
  });

  it.each([
    ['stop_loss_pct', 0, 'Stop-loss must be more than 0% and less than 100%'],
    ['stop_loss_pct', 1, 'Stop-loss must be more than 0% and less than 100%'],
    ['take_profit_pct', 10.5, 'Take-profit must be more than 0% and at most 1000%'],
    ['trailing_stop_pct', -0.1, 'Trailing stop must be more than 0% and less than 100%'],
    ['spread', 0.1, 'Spread must be 0% or more and less than 10%'],
    ['commission_fixed', 1000.5, 'Fee per order must be $0 or more and at most $1,000'],
    ['risk_pct', 1.01, 'Risk per trade must be more than 0% and at most 100%'],
    ['risk_pct', 'lots', 'A valid number is required.'],
  ])('answers 400 naming %s = %s', async (field, value, message) => {
    const r = await call('POST', '/api/templates/', { name: 'bad', stop_loss_pct: 0.05, [field]: value });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ [field]: [message] });
  });

  it('refuses risk sizing without a stop-loss, on create and against the stored stop on update', async () => {
    const r = await call('POST', '/api/templates/', { name: 'risky', risk_pct: 0.01 });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ risk_pct: [RISK_NEEDS_STOP_MESSAGE] });
    const ok = await call('POST', '/api/templates/', { name: 'sized', risk_pct: 0.01, stop_loss_pct: 0.05 });
    const id = ok.json<TemplateDetail>().id;
    const cleared = await call('PUT', `/api/templates/${id}/`, { name: 'sized', stop_loss_pct: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual({ risk_pct: [RISK_NEEDS_STOP_MESSAGE] });
    expect((await call('PUT', `/api/templates/${id}/`, { name: 'sized', stop_loss_pct: null, risk_pct: null })).statusCode).toBe(200);
  });

  it('runs with the exits: trades say why they ended, and a template without them runs as before', async () => {
    const period = (await call('POST', '/api/periods/', { stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2021-01-01' })).json<{ id: number }>().id;
    const rows = [
      { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '45' },
      { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '55' },
    ];
    const make = async (settings: object) => {
      const id = (await call('POST', '/api/templates/', { name: `run ${JSON.stringify(settings)}`, ...settings })).json<TemplateDetail>().id;
      for (const row of rows) await call('POST', '/api/indicators/', { template: id, ...row });
      return (await call('POST', '/api/submit_selection/', { period_id: period, template_id: id })).json<BacktestRun>();
    };
    const plain = await make({});
    const tight = await make({ stop_loss_pct: 0.01, take_profit_pct: 0.01 });
    expect(plain.trades.every((tr) => tr.ExitReason === 'signal' || tr.ExitReason === 'end')).toBe(true);
    expect(tight.trades.some((tr) => tr.ExitReason === 'stop' || tr.ExitReason === 'target')).toBe(true);
    expect(tight.trades.length).toBeGreaterThan(plain.trades.length);
  });

  it('charts exits by their reason and the stop and target of each trade', async () => {
    const period = (await call('POST', '/api/periods/', { stock_ticker: 'WAVE', start_date: '2020-01-01', end_date: '2021-01-01' })).json<{ id: number }>().id;
    const id = (await call('POST', '/api/templates/', { name: 'levels', stop_loss_pct: 0.02, take_profit_pct: 0.03 })).json<TemplateDetail>().id;
    await call('POST', '/api/indicators/', { template: id, name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '45' });
    const run = (await call('POST', '/api/submit_selection/', { period_id: period, template_id: id })).json<BacktestRun>();
    const chart = (await call('GET', `/api/backtest_chart/?period_id=${period}&template_id=${id}`)).json<BacktestChart>();
    expect(chart.markers.filter((m) => m.kind === 'exit').map((m) => m.reason)).toEqual(run.trades.map((tr) => tr.ExitReason));
    expect(chart.levels).toHaveLength(run.trades.length);
    chart.levels.forEach((l, k) => {
      const tr = run.trades[k];
      // from the entry bar itself (live from the fill), at the entry price less 2 % and plus 3 % (to the cent, as the chart shows it)
      for (const p of l.stop) expect(p.value).toBe(chartValue(tr.EntryPrice * 0.98));
      for (const p of l.target) expect(p.value).toBe(chartValue(tr.EntryPrice * 1.03));
      expect(l.stop.length).toBe(l.target.length);
      expect(l.stop.length).toBe(tr.ExitBar - tr.EntryBar + 1);
      expect(l.stop[0].time).toBe(chart.candles[tr.EntryBar].time);
    });
  });
});
