import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartEquity, chartValue, type BacktestChart, type BacktestRun, type Period, type TemplateDetail } from '@app/contract';
import { backtest, indicatorSeries, parseDay, readable, type DailyBars } from '@app/quant';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, goldenCases, haveGoldens, goldensDir, readGoldenCase, sameValue, waveBars } from '../../test/backtestMarket.ts';

type Who = { headers: Record<string, string> };
const RSI_BUY = { name: 'RSI', indicator_type: 'BUY', period: 14, drift: 1, offset: 0, compare: '<', cvalue: '30' };
const RSI_SELL = { name: 'RSI', indicator_type: 'SELL', period: 14, drift: 1, offset: 0, compare: '>', cvalue: '70' };

/** The bars between two dates, picked out here independently of the server's slicing. */
function between(bars: DailyBars, start: string, end: string): DailyBars {
  const keep: number[] = [];
  for (let i = 0; i < bars.day.length; i++) if (bars.day[i] >= parseDay(start) && bars.day[i] <= parseDay(end)) keep.push(i);
  const pick = <T extends Int32Array | Float64Array>(a: T) => a.constructor === Int32Array ? Int32Array.from(keep, (i) => a[i]) : Float64Array.from(keep, (i) => a[i]);
  return { day: pick(bars.day) as Int32Array, open: pick(bars.open) as Float64Array, high: pick(bars.high) as Float64Array, low: pick(bars.low) as Float64Array, close: pick(bars.close) as Float64Array, volume: pick(bars.volume) as Float64Array };
}

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v));

describe.each(dbKinds)('running backtests on %s', (kind) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  const wave = waveBars('2020-01-01', 400);
  const call = (who: Who | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as any, headers: who?.headers });
  const template = async (who: Who, name: string, rows: object[], position_size?: number, costs: Record<string, number | undefined> = {}) => {
    const created = await call(who, 'POST', '/api/templates/', { name, position_size, ...costs });
    expect(created.statusCode, created.body).toBe(201);
    const tpl = created.json<TemplateDetail>();
    for (const row of rows) {
      const r = await call(who, 'POST', '/api/indicators/', { template: tpl.id, ...row });
      expect(r.statusCode, JSON.stringify(r.json())).toBe(201);
    }
    return tpl.id;
  };
  const period = async (who: Who, stock_ticker: string, start_date: string, end_date: string) => {
    const r = await call(who, 'POST', '/api/periods/', { stock_ticker, start_date, end_date });
    expect(r.statusCode, r.body).toBe(201);
    return r.json<Period>().id;
  };
  const run = (who: Who | null, period_id: unknown, template_id: unknown) => call(who, 'POST', '/api/submit_selection/', { period_id, template_id });
  const chart = (who: Who | null, query: string) => call(who, 'GET', `/api/backtest_chart/?${query}`);

  let rsiTemplate: number;
  let wavePeriod: number;
  const START = '2020-02-03';
  const END = '2021-03-01';

  beforeAll(async () => {
    t = await testApp(kind);
    alice = await signedInAs(t, 'alice@example.com');
    bob = await signedInAs(t, 'bob@example.com');
    await addSymbol(t, 'WAVE', wave);
    rsiTemplate = await template(alice, 'RSI reversion', [RSI_BUY, RSI_SELL]);
    wavePeriod = await period(alice, 'WAVE', START, END);
  });
  afterAll(() => t.close());

  describe('POST /api/submit_selection/', () => {
    it("answers the quant engine's stats and trades for the period's bars, and its equity curve", async () => {
      const r = await run(alice, wavePeriod, rsiTemplate);
      expect(r.statusCode).toBe(200);
      const body = r.json<BacktestRun>();

      const bars = between(wave, START, END);
      const expected = backtest(bars, { position_size: 0.99, indicators: [RSI_BUY, RSI_SELL] });
      expect(expected.trades.length).toBeGreaterThan(2); // the wave makes RSI cross both levels
      expect(body.stats).toEqual(json(expected.stats));
      expect(Object.keys(body.stats)).toEqual(Object.keys(expected.stats)); // backtesting.py's key order
      // the engine's trades, each with why it opened and closed (explain-a-trade)
      expect(body.trades.map(({ Why, ...t }) => t)).toEqual(json(expected.trades));
      expect(body.trades.every((t) => t.Why && t.Why.entry.includes('→ bought at the next open'))).toBe(true);
      expect(body.stats.Start).toBe(START);

      const eq = body.equity;
      expect(eq.time).toEqual(Array.from(bars.day, (d) => d * 86_400));
      expect(eq.equity).toEqual(Array.from(expected.equity));
      expect(eq.drawdown).toEqual(Array.from(expected.drawdown, (d) => (d === 0 ? 0 : -d)));
      expect(eq.drawdown.every((d) => d <= 0)).toBe(true);
      expect(Math.min(...eq.drawdown) * 100).toBeCloseTo(body.stats['Max. Drawdown [%]'] as number, 9);
      expect(eq.buy_hold[0]).toBe(10_000);
      expect((eq.buy_hold.at(-1)! / 10_000 - 1) * 100).toBeCloseTo(body.stats['Buy & Hold Return [%]'] as number, 9);
      expect(eq.equity.at(-1)).toBeCloseTo(body.stats['Equity Final [$]'] as number, 9);
    });

    it('uses the position size of the template', async () => {
      const tenShares = await template(alice, 'Ten shares', [RSI_BUY, RSI_SELL], 10);
      const body = (await run(alice, wavePeriod, tenShares)).json<BacktestRun>();
      expect(body.trades.length).toBeGreaterThan(0);
      expect(body.trades.every((tr) => tr.Size === 10)).toBe(true);
      const expected = backtest(between(wave, START, END), { position_size: 10, indicators: [RSI_BUY, RSI_SELL] });
      expect(body.stats).toEqual(json(expected.stats));
      expect(body.trades.map(({ Why, ...t }) => t)).toEqual(json(expected.trades));
    });

    it("uses the template's commission and starting cash", async () => {
      const costly = await template(alice, 'Costly', [RSI_BUY, RSI_SELL], 0.5, { commission: 0.002, cash: 25_000 });
      const body = (await run(alice, wavePeriod, costly)).json<BacktestRun>();
      const bars = between(wave, START, END);
      const expected = backtest(bars, { position_size: 0.5, commission: 0.002, cash: 25_000, indicators: [RSI_BUY, RSI_SELL] });
      expect(body.stats).toEqual(json(expected.stats));
      expect(body.trades.map(({ Why, ...t }) => t)).toEqual(json(expected.trades));
      expect(body.stats['Commissions [$]']).toBeGreaterThan(0);
      expect(body.equity.equity[0]).toBe(25_000);
      expect(body.equity.buy_hold[0]).toBe(25_000);
      // ...and differs from the same template without costs, so the settings really reach the engine.
      const free = backtest(bars, { position_size: 0.5, indicators: [RSI_BUY, RSI_SELL] });
      expect(body.stats['Equity Final [$]']).not.toBeCloseTo(free.stats['Equity Final [$]'] as number, 0);
      // The chart page draws the same run.
      const c = (await chart(alice, `period_id=${wavePeriod}&template_id=${costly}`)).json<BacktestChart>();
      expect(c.equity).toEqual(chartEquity(body.equity));
    });

    it('answers a template that never trades with null trade stats and no trades, not an error', async () => {
      const never = await template(alice, 'Never', [{ ...RSI_BUY, cvalue: '0' }]);
      const empty = await template(alice, 'Empty', []);
      for (const id of [never, empty]) {
        const r = await run(alice, wavePeriod, id);
        expect(r.statusCode).toBe(200);
        const body = r.json<BacktestRun>();
        expect(body.trades).toEqual([]);
        expect(body.stats['# Trades']).toBe(0);
        for (const key of ['Win Rate [%]', 'Best Trade [%]', 'Worst Trade [%]', 'Avg. Trade [%]', 'Profit Factor', 'SQN']) expect(body.stats[key], key).toBeNull();
        expect(body.stats['Return [%]']).toBe(0);
        expect(body.equity.equity.every((e) => e === 10_000)).toBe(true);
        expect(body.stats).toEqual(json(backtest(between(wave, START, END), { position_size: 0.99, indicators: id === never ? [{ ...RSI_BUY, cvalue: '0' }] : [] }).stats));
      }
    });

    it('refuses a period with fewer than 2 bars with a detail naming it', async () => {
      const cases: Array<[string, string]> = [['2019-01-01', '2019-06-01'], ['2020-01-03', '2020-01-05'], ['2030-01-01', '2031-01-01']];
      for (const [start, end] of cases) {
        const id = await period(alice, 'WAVE', start, end);
        const r = await run(alice, id, rsiTemplate);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({ detail: `No price data for WAVE between ${start} and ${end}.` });
      }
      // Two bars are enough to run.
      const two = await period(alice, 'WAVE', '2020-01-02', '2020-01-03');
      expect((await run(alice, two, rsiTemplate)).statusCode).toBe(200);
    });

    it('validates the ids and answers 401 signed out', async () => {
      expect((await run(null, wavePeriod, rsiTemplate)).json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      const empty = await call(alice, 'POST', '/api/submit_selection/', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ period_id: ['This field is required.'], template_id: ['This field is required.'] });
      const bad = await run(alice, 'one', -2);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ period_id: ['A valid integer is required.'], template_id: ['A valid integer is required.'] });
    });

    it("answers 404 for unknown ids and for another user's period or template", async () => {
      const bobsTemplate = await template(bob, 'Bob', [RSI_BUY]);
      const bobsPeriod = await period(bob, 'WAVE', START, END);
      for (const [who, p, tpl] of [
        [bob, wavePeriod, rsiTemplate], [bob, wavePeriod, bobsTemplate], [bob, bobsPeriod, rsiTemplate],
        [alice, 999_999, rsiTemplate], [alice, wavePeriod, 999_999],
      ] as const) {
        const r = await run(who, p, tpl);
        expect(r.statusCode, `${p}/${tpl}`).toBe(404);
        expect(r.json()).toEqual({ detail: 'Not found.' });
      }
      expect((await run(bob, bobsPeriod, bobsTemplate)).statusCode).toBe(200);
    });
  });

  describe('GET /api/backtest_chart/', () => {
    it('answers the candles, trade markers, indicator lines and equity of the same run', async () => {
      const r = await chart(alice, `period_id=${wavePeriod}&template_id=${rsiTemplate}`);
      expect(r.statusCode).toBe(200);
      const c = r.json<BacktestChart>();
      const bars = between(wave, START, END);
      const runBody = (await run(alice, wavePeriod, rsiTemplate)).json<BacktestRun>();
      expect(c).toMatchObject({ symbol: 'WAVE', name: 'WAVE Inc.', start_date: START, end_date: END });
      expect(c.candles).toHaveLength(bars.day.length);
      c.candles.forEach((k, i) => expect(k).toEqual({ time: bars.day[i] * 86_400, open: bars.open[i], high: bars.high[i], low: bars.low[i], close: bars.close[i], volume: bars.volume[i] }));

      const entries = c.markers.filter((m) => m.kind === 'entry');
      const exits = c.markers.filter((m) => m.kind === 'exit');
      expect(entries).toEqual(runBody.trades.map((tr) => ({ time: bars.day[tr.EntryBar] * 86_400, kind: 'entry', price: tr.EntryPrice, size: tr.Size, why: tr.Why!.entry })));
      expect(exits).toEqual(runBody.trades.map((tr) => ({ time: bars.day[tr.ExitBar] * 86_400, kind: 'exit', price: tr.ExitPrice, size: tr.Size, reason: tr.ExitReason, why: tr.Why!.exit })));
      expect(c.levels).toEqual([]); // no stop or target in this template
      expect(c.markers.map((m) => m.time)).toEqual([...c.markers.map((m) => m.time)].sort((a, b) => a - b));

      // One RSI(14) line (BUY and SELL read the same series) with both levels, the engine's values.
      expect(c.indicators.map(({ label, pane, levels }) => ({ label, pane, levels }))).toEqual([{ label: 'RSI(14)', pane: 'own', levels: [30, 70] }]);
      const rsi = indicatorSeries(bars, RSI_BUY);
      // one value per candle, null on warm-up bars, rounded to what the chart shows
      const expectedValues = Array.from(rsi, (v) => (Number.isNaN(v) ? null : chartValue(v)));
      expect(expectedValues.filter((v) => v !== null).length).toBe(bars.day.length - 14);
      expect(c.indicators[0].values).toEqual(expectedValues);
      expect(c.equity).toEqual(chartEquity(runBody.equity));

      // Each trade explains itself with the numbers the chart draws on its signal bar (the bar before
      // the fill): RSI(14) below 30 to buy, above 70 to sell.
      expect(runBody.trades.length).toBeGreaterThan(0);
      for (const tr of runBody.trades) {
        const signal = tr.EntryBar - 1;
        const [row] = tr.Why!.entry_signal!.rows;
        expect(row).toMatchObject({ rule: 'RSI(14) < 30', left: 'RSI(14)', right: '30', right_value: 30 });
        expect(chartValue(row.left_value!)).toBe(c.indicators[0].values[signal]);
        expect(row.left_value).toBeLessThan(30);
        expect(tr.Why!.entry_signal!.date).toBe(new Date(c.candles[signal].time * 1000).toISOString().slice(0, 10));
        expect(tr.Why!.entry).toBe(`${row.text} on ${tr.Why!.entry_signal!.date} → bought at the next open ${readable(tr.EntryPrice)}`);
        if (tr.ExitReason === 'signal') {
          const out = tr.Why!.exit_signal!.rows[0];
          expect(chartValue(out.left_value!)).toBe(c.indicators[0].values[tr.ExitBar - 1]);
          expect(out.left_value).toBeGreaterThan(70);
        }
      }
    });

    it('puts price-compared lines on the price pane, with their own labels', async () => {
      const id = await template(alice, 'Trend', [
        { name: 'SMA', indicator_type: 'BUY', period: 20, drift: 1, compare: '<' },
        { name: 'SUPERTREND', indicator_type: 'SELL', length: 7, offset: 2, compare: '>' },
        { name: 'OBV', indicator_type: 'BUY', compare: '>', cvalue: '0' },
        { name: 'RSI', indicator_type: 'SELL', period: 7, drift: 2, compare: '≥', cvalue: '80' },
      ]);
      const c = (await chart(alice, `period_id=${wavePeriod}&template_id=${id}`)).json<BacktestChart>();
      expect(c.indicators.map(({ label, pane, levels }) => ({ label, pane, levels }))).toEqual([
        { label: 'SMA(20)', pane: 'price', levels: [] },
        { label: 'Supertrend(7, 3) offset 2', pane: 'price', levels: [] },
        { label: 'OBV', pane: 'own', levels: [0] },
        { label: 'RSI(7, drift 2)', pane: 'own', levels: [80] },
      ]);
      const bars = between(wave, START, END);
      const sma = indicatorSeries(bars, { name: 'SMA', indicator_type: 'BUY', period: 20, compare: '<' });
      expect(c.indicators[0].values[18]).toBeNull();
      expect(c.indicators[0].values[19]).toBe(chartValue(sma[19]));
    });

    it('validates, isolates and refuses periods without data like the run does', async () => {
      expect((await chart(null, `period_id=${wavePeriod}&template_id=${rsiTemplate}`)).statusCode).toBe(401);
      const bad = await chart(alice, 'period_id=abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ period_id: ['A valid integer is required.'], template_id: ['This field is required.'] });
      expect((await chart(bob, `period_id=${wavePeriod}&template_id=${rsiTemplate}`)).statusCode).toBe(404);
      const none = await period(alice, 'WAVE', '2019-01-01', '2019-02-01');
      const r = await chart(alice, `period_id=${none}&template_id=${rsiTemplate}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ detail: 'No price data for WAVE between 2019-01-01 and 2019-02-01.' });
    });
  });

  // A full run through the API on the real reference data equals backtesting.py's numbers.
  describe.skipIf(!haveGoldens)(`reference cases (${haveGoldens ? 'from ../shared/goldens' : `skipped: ${goldensDir} is absent`})`, () => {
    for (const name of goldenCases()) {
      const c = readGoldenCase(name);
      it(name, async () => {
        const ticker = name.split('_')[0];
        await addSymbol(t, ticker, c.bars);
        // the template's settings as the API takes them: commission, cash and the exits, costs and sizing
        const { indicators, position_size, ...settings } = c.template;
        const tpl = await template(alice, name, indicators, position_size, settings);
        const first = new Date(c.bars.day[0] * 86_400_000).toISOString().slice(0, 10);
        const last = new Date(c.bars.day.at(-1)! * 86_400_000).toISOString().slice(0, 10);
        const p = await period(alice, ticker.toLowerCase(), first, last);
        const r = await run(alice, p, tpl);
        expect(r.statusCode).toBe(200);
        const body = r.json<BacktestRun>();
        expect(Object.keys(body.stats)).toEqual(Object.keys(c.expected.stats));
        for (const [key, value] of Object.entries(c.expected.stats)) {
          expect(sameValue(body.stats[key], value), `${key}: ${body.stats[key]} vs ${value}`).toBe(true);
        }
        expect(body.trades).toHaveLength(c.expected.trades.length);
        body.trades.forEach((tr, i) => {
          for (const [key, value] of Object.entries(c.expected.trades[i])) {
            expect(sameValue((tr as unknown as Record<string, unknown>)[key], value), `trade ${i} ${key}`).toBe(true);
          }
        });
      });
    }
  });
});
