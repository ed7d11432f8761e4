import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyBars } from '@app/quant';
import { dbKinds, testApp, type TestApp } from '../../test/testApp.ts';
import { seedDemoMarket } from '../../market/demo/seed.ts';
import { replaceBars, upsertSymbols } from '../../market/repository.ts';
import { dayFromIso } from '../../market/barChunks.ts';

// A small demo market plus two hand-made listings whose every number the tests can state:
// QJTZ trades Mon 2024-01-29 … Fri 2024-02-09 (two weeks across a month end), QJNZ has no bars.
const END_DAY = dayFromIso('2026-11-20');
const days = ['2024-01-29', '2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02', '2024-02-05', '2024-02-06', '2024-02-07', '2024-02-08', '2024-02-09'];
const hand: DailyBars = {
  day: Int32Array.from(days.map(dayFromIso)),
  open: Float64Array.from([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
  high: Float64Array.from([10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5, 18.5, 19.5]),
  low: Float64Array.from([9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5, 18.5]),
  close: Float64Array.from([10.2, 11.2, 12.2, 13.2, 14.2, 15.2, 16.2, 17.2, 18.2, 18.03]),
  volume: Float64Array.from([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]),
};
const t0 = (iso: string) => dayFromIso(iso) * 86_400;

describe.each(dbKinds)('market API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
    await seedDemoMarket(t.deps.db, { seed: 42, count: 20, endDay: END_DAY });
    await upsertSymbols(t.deps.db, [
      { symbol: 'QJTZ', name: 'Test Listing Inc.', market: 'NYSE', instr_type: 'EQUITY', sector: 'Technology', industry: 'Semiconductors', market_cap: 1e9 },
      { symbol: 'QJNZ', name: 'Barless Corp.', market: 'PINK', instr_type: 'EQUITY', sector: null, industry: null, market_cap: null },
      { symbol: 'QJSZ', name: 'Screened Only Corp.', market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Energy', industry: 'Oil & Gas Production', market_cap: 5e8 },
    ]);
    // As the Nasdaq screener importer stores it: a last sale and change, no bars.
    await t.deps.db.query(`UPDATE symbols SET last_sale = 12.34, net_change = -0.56, pct_change = -4.3411 WHERE symbol = 'QJSZ'`);
    await replaceBars(t.deps.db, 'QJTZ', hand);
    await t.deps.series.load(t.deps.db);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('GET /api/check_symbol/', () => {
    it('answers name, last close and the last change, case-insensitively', async () => {
      const r = await get('/api/check_symbol/?symbol=%20qjtz%20');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        symbol: 'QJTZ', name: 'Test Listing Inc.', price: 18.03, market: 'NYSE', sector: 'Technology',
        industry: 'Semiconductors', diff: -0.17, chg: -0.9341, // (18.03 − 18.2) / 18.2 = −0.934066 %
      });
    });

    it('answers a demo listing from the cache', async () => {
      const entry = t.deps.series.all().find((e) => e.info.instr_type === 'EQUITY')!;
      const r = await get(`/api/check_symbol/?symbol=${entry.info.symbol.toLowerCase()}`);
      expect(r.statusCode).toBe(200);
      const n = entry.bars.close.length;
      expect(r.json()).toMatchObject({ symbol: entry.info.symbol, name: entry.info.name, price: entry.bars.close[n - 1], market: entry.info.market });
      expect(r.json().diff).toBeCloseTo(entry.bars.close[n - 1] - entry.bars.close[n - 2], 4);
    });

    it('answers nulls for a listing without bars', async () => {
      const r = await get('/api/check_symbol/?symbol=QJNZ');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ name: 'Barless Corp.', price: null, diff: null, chg: null });
    });

    it("answers the screener's last sale and change for a listing without bars", async () => {
      const r = await get('/api/check_symbol/?symbol=qjsz');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        symbol: 'QJSZ', name: 'Screened Only Corp.', price: 12.34, market: 'NASDAQ', sector: 'Energy',
        industry: 'Oil & Gas Production', diff: -0.56, chg: -4.3411,
      });
    });

    it("answers 404 'symbol not found' for an unknown symbol", async () => {
      const r = await get('/api/check_symbol/?symbol=NOPE');
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ detail: 'symbol not found' });
    });

    it('answers 400 for a missing, blank or malformed symbol', async () => {
      expect((await get('/api/check_symbol/')).json()).toEqual({ symbol: ['This field is required.'] });
      const blank = await get('/api/check_symbol/?symbol=');
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ symbol: ['This field may not be blank.'] });
      const bad = await get('/api/check_symbol/?symbol=a%3Bb');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ symbol: ['Enter a valid symbol.'] });
      const twice = await get('/api/check_symbol/?symbol=A&symbol=B');
      expect(twice.statusCode).toBe(400);
    });
  });

  describe('GET /api/charts/history/', () => {
    it('answers daily candles by default, time at UTC midnight in seconds', async () => {
      const r = await get('/api/charts/history/?symbol=qjtz&resolution=D');
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      const candles = r.json();
      expect(candles).toHaveLength(10);
      expect(candles[0]).toEqual({ time: t0('2024-01-29'), open: 10, high: 10.5, low: 9.5, close: 10.2, volume: 100 });
      expect(candles[9]).toEqual({ time: t0('2024-02-09'), open: 19, high: 19.5, low: 18.5, close: 18.03, volume: 1000 });
    });

    it('answers weekly candles for frequencyID=1 (Monday–Friday weeks)', async () => {
      const r = await get('/api/charts/history/?symbol=QJTZ&resolution=D&frequencyID=1');
      expect(r.json()).toEqual([
        { time: t0('2024-01-29'), open: 10, high: 14.5, low: 9.5, close: 14.2, volume: 1500 },
        { time: t0('2024-02-05'), open: 15, high: 19.5, low: 14.5, close: 18.03, volume: 4000 },
      ]);
    });

    it('answers monthly candles for frequencyID=2 (calendar months)', async () => {
      const r = await get('/api/charts/history/?symbol=QJTZ&frequencyID=2');
      expect(r.json()).toEqual([
        { time: t0('2024-01-29'), open: 10, high: 12.5, low: 9.5, close: 12.2, volume: 600 },
        { time: t0('2024-02-01'), open: 13, high: 19.5, low: 12.5, close: 18.03, volume: 4900 },
      ]);
    });

    it('serves a demo listing’s full history, weekly fewer than daily', async () => {
      const entry = t.deps.series.all()[0];
      const daily = (await get(`/api/charts/history/?symbol=${entry.info.symbol}&frequencyID=0`)).json();
      const weekly = (await get(`/api/charts/history/?symbol=${entry.info.symbol}&frequencyID=1`)).json();
      expect(daily).toHaveLength(entry.bars.day.length);
      expect(daily.at(-1).close).toBe(entry.bars.close.at(-1));
      expect(weekly.length).toBeGreaterThan(daily.length / 5 - 2);
      expect(weekly.length).toBeLessThan(daily.length / 4);
    });

    it('answers s=error for an unknown symbol and s=no_data for one without bars', async () => {
      expect((await get('/api/charts/history/?symbol=NOPE&frequencyID=0')).json()).toEqual({ s: 'error', errmsg: 'symbol not found' });
      const r = await get('/api/charts/history/?symbol=QJNZ&frequencyID=0');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ s: 'no_data', errmsg: 'No data available' });
    });

    it('answers 400 for bad parameters', async () => {
      const freq = await get('/api/charts/history/?symbol=QJTZ&frequencyID=3');
      expect(freq.statusCode).toBe(400);
      expect(freq.json()).toEqual({ frequencyID: ['"3" is not a valid choice.'] });
      const res = await get('/api/charts/history/?symbol=QJTZ&resolution=W');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['resolution']);
      const none = await get('/api/charts/history/?frequencyID=0');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ symbol: ['This field is required.'] });
    });
  });

  describe('GET /api/charts/dhistory/', () => {
    it('answers candles with volume between from and to, both inclusive', async () => {
      const r = await get(`/api/charts/dhistory/?symbol=QJTZ&resolution=D&from=${t0('2024-01-31')}&to=${t0('2024-02-05')}`);
      expect(r.statusCode).toBe(200);
      const candles = r.json();
      expect(candles.map((c: { time: number }) => c.time)).toEqual(['2024-01-31', '2024-02-01', '2024-02-02', '2024-02-05'].map(t0));
      expect(candles[0]).toEqual({ time: t0('2024-01-31'), open: 12, high: 12.5, low: 11.5, close: 12.2, volume: 300 });
    });

    it('counts a session in when from/to fall inside its day', async () => {
      const r = await get(`/api/charts/dhistory/?symbol=QJTZ&from=${t0('2024-02-08') - 1}&to=${t0('2024-02-08') + 3600}`);
      expect(r.json().map((c: { time: number }) => c.time)).toEqual([t0('2024-02-08')]);
    });

    it('defaults to the whole history (from=0, to=now)', async () => {
      expect((await get('/api/charts/dhistory/?symbol=QJTZ')).json()).toHaveLength(10);
      const entry = t.deps.series.all()[3];
      const all = (await get(`/api/charts/dhistory/?symbol=${entry.info.symbol}&resolution=D&from=0`)).json();
      expect(all).toHaveLength(entry.bars.day.length);
    });

    it('answers s=no_data for a window without sessions and s=error for an unknown symbol', async () => {
      const r = await get(`/api/charts/dhistory/?symbol=QJTZ&from=${t0('2024-02-10')}&to=${t0('2024-02-11')}`);
      expect(r.json()).toEqual({ s: 'no_data', errmsg: 'No data available' });
      expect((await get('/api/charts/dhistory/?symbol=NOPE')).json()).toEqual({ s: 'error', errmsg: 'symbol not found' });
    });

    it('answers 400 for non-integer, negative or reversed from/to', async () => {
      const text = await get('/api/charts/dhistory/?symbol=QJTZ&from=yesterday');
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ from: ['A valid integer is required.'] });
      const frac = await get('/api/charts/dhistory/?symbol=QJTZ&to=1.5');
      expect(frac.json()).toEqual({ to: ['A valid integer is required.'] });
      const neg = await get('/api/charts/dhistory/?symbol=QJTZ&from=-1');
      expect(neg.statusCode).toBe(400);
      const reversed = await get('/api/charts/dhistory/?symbol=QJTZ&from=200&to=100');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({ to: ['to must not be before from.'] });
    });
  });

  it('reports the demo data source in /api/meta/', async () => {
    const r = await get('/api/meta/');
    expect(r.json().demoData).toBe(true);
  });
});
