import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STARTER_MESSAGES, SYMBOL_NOT_FOUND, type BacktestRun, type Period, type Starter, type StarterRun, type TemplateDetail, type TemplateListItem } from '@app/contract';
import { dbKinds, signedInAs, testApp, type TestApp } from '../../test/testApp.ts';
import { addSymbol, waveBars } from '../../test/backtestMarket.ts';
import { upsertSymbols } from '../../market/repository.ts';
import { loadStarters } from '../../backtest/starters.ts';

type Who = { headers: Record<string, string> };

// A market where the symbol trading the most shares overall is not the most liquid now: BIG traded
// heavily years ago and thinly over its last 20 bars; LIQ trades the most dollars at the end.
const BARS = 1600; // a little over six years of weekdays
function market() {
  const big = waveBars('2019-01-01', BARS);
  const liq = waveBars('2019-01-01', BARS);
  const short = waveBars('2023-06-01', 300);
  for (let i = 0; i < BARS; i++) {
    big.volume[i] = i < BARS - 20 ? 50_000_000 : 1_000;
    liq.volume[i] = 2_000_000;
  }
  return { big, liq, short };
}

describe.each(dbKinds)('starter strategies API on %s', (kind) => {
  let t: TestApp;
  let alice: Who;
  const call = (method: 'GET' | 'POST', url: string, who: Who | null = alice, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: who?.headers ?? {} });
  const library = loadStarters();

  beforeAll(async () => {
    t = await testApp(kind);
    alice = await signedInAs(t, 'alice@example.com');
    const m = market();
    await addSymbol(t, 'BIG', m.big);
    await addSymbol(t, 'LIQ', m.liq);
    await addSymbol(t, 'SHORT', m.short);
    // listed, but without a single bar yet
    await upsertSymbols(t.deps.db, [{ symbol: 'NOBARS', name: 'No Bars Inc.', market: 'NASDAQ', instr_type: 'EQUITY', sector: 'Technology', industry: null, market_cap: 1e9 }]);
    await t.deps.series.load(t.deps.db);
  });
  afterAll(() => t.close());

  it('lists every starter to anyone, in order, with its rows and settings in words and its template', async () => {
    const r = await call('GET', '/api/starters/', null);
    expect(r.statusCode).toBe(200);
    const list = r.json<Starter[]>();
    expect(list.map((s) => s.slug)).toEqual(library.map((s) => s.slug));
    expect(list.length).toBeGreaterThanOrEqual(9);
    expect(list[0]).toMatchObject({ slug: 'rsi-reversion', buy: ['RSI(14) < 30'], sell: ['RSI(14) > 70'] });
    const stops = list.find((s) => s.slug === 'rsi-reversion-stops')!;
    expect(stops.settings).toBe('99% of equity per trade · 0% commission · $10,000 starting cash · stop 5 %, target 15 %, risk 1 % of equity');
    expect(stops.template).toMatchObject({ position_size: 0.99, stop_loss_pct: 0.05, take_profit_pct: 0.15, risk_pct: 0.01, trailing_stop_pct: null });
    for (const s of list) {
      expect(s.summary.length).toBeGreaterThan(80);
      expect(s.template.indicators.length).toBe(s.buy.length + s.sell.length);
    }
  });

  it('names the most liquid symbol: the highest average dollar volume over the last 20 bars', async () => {
    const r = await call('GET', '/api/starters/symbol/', null);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ symbol: 'LIQ', name: 'LIQ Inc.' });
  });

  it('copies a starter with its rows into the user’s templates, numbering a name already taken', async () => {
    expect((await call('POST', '/api/starters/rsi-reversion-stops/copy/', null)).statusCode).toBe(401);
    const s = library.find((x) => x.slug === 'rsi-reversion-stops')!;
    const first = await call('POST', '/api/starters/rsi-reversion-stops/copy/');
    expect(first.statusCode, first.body).toBe(201);
    const copy = first.json<TemplateDetail>();
    const { indicators, ...settings } = s.template;
    expect(copy).toMatchObject({ name: s.name, ...settings });
    expect(copy.indicators.map(({ id: _, template: __, ...row }) => row)).toEqual(indicators);
    expect(copy.indicators.every((row) => row.template === copy.id)).toBe(true);
    expect((await call('GET', `/api/templates/${copy.id}/`)).json()).toEqual(copy);

    const names = [];
    for (let i = 0; i < 2; i++) names.push((await call('POST', '/api/starters/rsi-reversion-stops/copy/')).json<TemplateDetail>().name);
    expect(names).toEqual([`${s.name} (2)`, `${s.name} (3)`]);
    // two at once still get a name each
    const both = await Promise.all([call('POST', '/api/starters/sma50-trend/copy/'), call('POST', '/api/starters/sma50-trend/copy/')]);
    expect(new Set(both.map((r) => r.json<TemplateDetail>().name))).toEqual(new Set(['SMA(50) trend', 'SMA(50) trend (2)']));
    // another user's templates do not count
    const bob = await signedInAs(t, 'bob@example.com');
    expect((await call('POST', '/api/starters/rsi-reversion-stops/copy/', bob)).json<TemplateDetail>().name).toBe(s.name);
    const mine = (await call('GET', '/api/templates/')).json<TemplateListItem[]>();
    expect(mine.filter((x) => x.name.startsWith(s.name))).toHaveLength(3);
  });

  it('answers 404 for a slug that names no starter, whatever it looks like', async () => {
    for (const slug of ['no-such-starter', 'RSI-REVERSION', 'rsi_reversion', '..', '%2e%2e', 'a%2Fb', ' ', '1']) {
      for (const what of ['copy', 'run']) {
        const r = await call('POST', `/api/starters/${slug}/${what}/`, alice, {});
        expect(r.statusCode, `${slug} ${what}`).toBe(404);
      }
    }
    expect((await call('POST', '/api/starters/nope/copy/')).json()).toEqual({ detail: STARTER_MESSAGES.notFound });
  });

  it('sets up a first backtest on the most liquid symbol: a copy and the five years up to its last bar', async () => {
    expect((await call('POST', '/api/starters/rsi-reversion/run/', null, {})).statusCode).toBe(401);
    const r = await call('POST', '/api/starters/rsi-reversion/run/', alice, {});
    expect(r.statusCode, r.body).toBe(201);
    const ids = r.json<StarterRun>();
    const periods = (await call('GET', '/api/periods/')).json<Period[]>();
    const period = periods.find((p) => p.id === ids.period_id)!;
    const last = t.deps.series.get('LIQ')!.bars;
    const lastDay = new Date(last.day[last.day.length - 1] * 86_400_000).toISOString().slice(0, 10);
    expect(period).toEqual({ id: ids.period_id, stock_ticker: 'LIQ', start_date: `${Number(lastDay.slice(0, 4)) - 5}${lastDay.slice(4)}`, end_date: lastDay });
    expect((await call('GET', `/api/templates/${ids.template_id}/`)).json<TemplateDetail>().name).toMatch(/^RSI\(14\) 30\/70 reversion/);
    const run = await call('POST', '/api/submit_selection/', alice, ids);
    expect(run.statusCode).toBe(200);
    expect(run.json<BacktestRun>().trades.length).toBeGreaterThan(0);
  });

  it('running a starter again reuses the unchanged copy and period; an edited copy is left alone', async () => {
    const dave = await signedInAs(t, 'dave@example.com');
    const first = (await call('POST', '/api/starters/ema20-pullback/run/', dave, {})).json<StarterRun>();
    const again = await Promise.all([call('POST', '/api/starters/ema20-pullback/run/', dave, {}), call('POST', '/api/starters/ema20-pullback/run/', dave, { symbol: 'liq' })]);
    for (const r of again) {
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json<StarterRun>()).toEqual(first);
    }
    const name = library.find((s) => s.slug === 'ema20-pullback')!.name;
    expect((await call('GET', '/api/templates/', dave)).json<TemplateListItem[]>().map((x) => x.name)).toEqual([name]);
    expect((await call('GET', '/api/periods/', dave)).json<Period[]>()).toHaveLength(1);
    // another symbol: the same copy, a new period
    const short = (await call('POST', '/api/starters/ema20-pullback/run/', dave, { symbol: 'SHORT' })).json<StarterRun>();
    expect(short.template_id).toBe(first.template_id);
    expect(short.period_id).not.toBe(first.period_id);
    // the user changed the copy: it is their template now, and the starter is copied afresh
    await t.deps.db.query('UPDATE templates SET cash = cash + 1 WHERE id = $1', [first.template_id]);
    const fresh = (await call('POST', '/api/starters/ema20-pullback/run/', dave, {})).json<StarterRun>();
    expect(fresh.template_id).not.toBe(first.template_id);
    expect(fresh.period_id).toBe(first.period_id);
    expect((await call('GET', '/api/templates/', dave)).json<TemplateListItem[]>().map((x) => x.name)).toEqual([name, `${name} (2)`]);
  });

  it('runs on a symbol given in any case; a short history runs from its first bar', async () => {
    const r = await call('POST', '/api/starters/supertrend-stops/run/', alice, { symbol: 'short' });
    expect(r.statusCode, r.body).toBe(201);
    const ids = r.json<StarterRun>();
    const period = (await call('GET', '/api/periods/')).json<Period[]>().find((p) => p.id === ids.period_id)!;
    expect(period).toMatchObject({ stock_ticker: 'SHORT', start_date: '2023-06-01' });
    expect((await call('POST', '/api/submit_selection/', alice, ids)).statusCode).toBe(200);
  });

  it('answers 404 symbol not found for an unknown symbol and 400 for a bad or bar-less one, creating nothing', async () => {
    const before = (await call('GET', '/api/templates/')).json<TemplateListItem[]>().length;
    const unknown = await call('POST', '/api/starters/rsi-reversion/run/', alice, { symbol: 'ZZZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: SYMBOL_NOT_FOUND });
    const bad = await call('POST', '/api/starters/rsi-reversion/run/', alice, { symbol: 'not a symbol' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['symbol']);
    const none = await call('POST', '/api/starters/rsi-reversion/run/', alice, { symbol: 'NOBARS' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ symbol: [STARTER_MESSAGES.noBars('NOBARS')] });
    expect((await call('GET', '/api/templates/')).json<TemplateListItem[]>()).toHaveLength(before);
  });

  it('never answers 500, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ symbol: fc.oneof(fc.jsonValue(), fc.string({ maxLength: 14 }), fc.constantFrom('LIQ', 'liq', 'NOBARS', '', ' ', '^GSPC', 'BRK.B')) })),
        async (payload) => {
          const r = await t.app.inject({
            method: 'POST', url: '/api/starters/sma50-trend/run/', headers: { ...alice.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload ?? null),
          });
          expect([201, 400, 404]).toContain(r.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('starter strategies API on an empty market', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite');
  });
  afterAll(() => t.close());

  it('has no default symbol, and a run without one answers symbol not found', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/starters/symbol/' })).json()).toEqual({ symbol: null, name: null });
    const { headers } = await signedInAs(t, 'carol@example.com');
    const r = await t.app.inject({ method: 'POST', url: '/api/starters/rsi-reversion/run/', headers, payload: {} });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ detail: SYMBOL_NOT_FOUND });
  });
});
