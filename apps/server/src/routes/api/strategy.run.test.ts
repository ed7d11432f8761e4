import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestChart, BacktestRun, Period, TemplateDetail } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, goldenCases, readGoldenCase, sameValue, waveBars, type GoldenKind } from '../../test/backtestMarket.ts';

type Who = Awaited<ReturnType<typeof signedInAs>>;
const kinds: GoldenKind[] = ['strategy', 'corpus-strategy'];
const cases = kinds.flatMap((kind) => goldenCases(kind).map((name) => ({ kind, name })));

// The strategy language end to end: rows stored through POST /api/indicators/ (against, crossings,
// groups, SHORT/COVER, any price), run through POST /api/submit_selection/, equal backtesting.py's numbers.
describe.each(dbKinds)('strategy language through the API on %s', (db) => {
  let t: TestApp;
  let alice: Who;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: alice.headers });
  const template = async (name: string, rows: object[], settings: object) => {
    const created = await call('POST', '/api/templates/', { name, ...settings });
    expect(created.statusCode, created.body).toBe(201);
    const tpl = created.json<TemplateDetail>();
    for (const row of rows) {
      const r = await call('POST', '/api/indicators/', { template: tpl.id, ...row });
      expect(r.statusCode, r.body).toBe(201);
    }
    return tpl.id;
  };
  const period = async (ticker: string, start_date: string, end_date: string) => {
    const r = await call('POST', '/api/periods/', { stock_ticker: ticker, start_date, end_date });
    expect(r.statusCode, r.body).toBe(201);
    return r.json<Period>().id;
  };

  beforeAll(async () => {
    t = await testApp(db);
    alice = await signedInAs(t, 'alice@example.com');
  });
  afterAll(() => t.close());

  describe.skipIf(cases.length === 0)('reference cases (strategy/ and corpus-strategy/ from ../shared/goldens)', () => {
    for (const { kind, name } of cases) {
      it(`${kind}/${name}`, async () => {
        const c = readGoldenCase(name, kind);
        const ticker = name.split('_').find((part) => /^[A-Z]+$/.test(part))!;
        await addSymbol(t, ticker, c.bars);
        const { indicators, ...settings } = c.template;
        const tpl = await template(`${kind}/${name}`, indicators, settings);
        const day = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
        const p = await period(ticker, day(c.bars.day[0]), day(c.bars.day.at(-1)!));
        const r = await call('POST', '/api/submit_selection/', { period_id: p, template_id: tpl });
        expect(r.statusCode, r.body).toBe(200);
        const body = r.json<BacktestRun>();
        expect(Object.keys(body.stats)).toEqual(Object.keys(c.expected.stats));
        const badStats = Object.entries(c.expected.stats).filter(([k, v]) => !sameValue(body.stats[k], v)).map(([k]) => `${k}: ${body.stats[k]} vs ${c.expected.stats[k]}`);
        expect(badStats).toEqual([]);
        expect(body.trades).toHaveLength(c.expected.trades.length);
        const badTrades = c.expected.trades.flatMap((e, i) =>
          Object.entries(e).filter(([k, v]) => !sameValue((body.trades[i] as unknown as Record<string, unknown>)[k], v)).map(([k]) => `trade ${i} ${k}`));
        expect(badTrades).toEqual([]);
      });
    }
  });

  describe('rules the API refuses, naming the field', () => {
    let tpl: number;
    beforeAll(async () => {
      await addSymbol(t, 'WAVE', waveBars('2020-01-01', 300));
      tpl = await template('Golden cross', [
        { name: 'SMA', indicator_type: 'BUY', period: 5, compare: 'crosses_above', against: { name: 'SMA', period: 20 } },
      ], {});
    });
    const add = (row: object) => call('POST', '/api/indicators/', { template: tpl, ...row });

    it('a SHORT row in a long template', async () => {
      const r = await add({ name: 'RSI', indicator_type: 'SHORT', compare: '>', cvalue: '70' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ indicator_type: ['A template is either long (BUY and SELL rows) or short (SHORT and COVER rows), not both'] });
    });

    it('against nested twice, an unknown output, out-of-range parameters', async () => {
      const nested = await add({ name: 'SMA', indicator_type: 'SELL', compare: '<', against: { name: 'SMA', against: { name: 'EMA' } } });
      expect(nested.statusCode).toBe(400);
      expect(Object.keys(nested.json())).toEqual(['against']);
      const output = await add({ name: 'MACD', indicator_type: 'SELL', output: 'line', compare: '<', cvalue: '0' });
      expect(output.json()).toEqual({ output: ['MACD has no such output; choose one of macd, signal, hist'] });
      const range = await add({ name: 'BBANDS', indicator_type: 'SELL', stddev: 20, period: 600, compare: '<' });
      expect(range.json()).toEqual({ period: ['Period must be at most 500'], stddev: ['Std. deviations must be at most 10'] });
      const inner = await add({ name: 'SMA', indicator_type: 'SELL', compare: '<', against: { name: 'STOCH', k_smooth: 0 } });
      expect(inner.json()).toEqual({ 'against.k_smooth': ['%K smoothing must be at least 1'] });
    });

    it('answers the row with its new fields and draws both averages of a crossover', async () => {
      const detail = (await call('GET', `/api/templates/${tpl}/`)).json<TemplateDetail>();
      expect(detail.indicators[0]).toMatchObject({ compare: 'crosses_above', group: 0, against: { name: 'SMA', period: 20, output: 'value' } });
      const p = await period('WAVE', '2020-01-01', '2020-10-01');
      const chart = await call('GET', `/api/backtest_chart/?period_id=${p}&template_id=${tpl}`);
      expect(chart.statusCode, chart.body).toBe(200);
      const lines = chart.json<BacktestChart>().indicators;
      expect(lines.map((l) => [l.label, l.pane])).toEqual([['SMA(5)', 'price'], ['SMA(20)', 'price']]);
    });
  });
});
