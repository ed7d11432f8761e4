import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dayChange, formatDayChangePercent, type AlertCheckResult, type Candle, type CheckSymbolResult, type ScanPage, type StarterSymbol, type Watchlist } from '@app/contract';
import { newPage, sharedBrowser } from '../harness/browser.ts';
import { get, post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';

// One day, one change: the chart legend, the watchlist, the scanner, the symbol check and an alert's
// text all show the last bar's change against the previous close, the same number to the cent.


describe('the day’s change is the same everywhere', () => {
  let context: BrowserContext;
  let page: Page;
  let symbol: string;
  let last: Candle;
  let prev: Candle;
  let percent: string;

  beforeAll(async () => {
    ({ page, context } = await newPage(await sharedBrowser(), { viewport: { width: 1280, height: 900 } }));
    await signUpAndLogIn(page);
    symbol = (await get<StarterSymbol>(page, '/api/starters/symbol/')).symbol!;
    const candles = await get<Candle[]>(page, `/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    [prev, last] = candles.slice(-2);
    percent = formatDayChangePercent(dayChange(last.close, prev.close)!);
    // the premise: a day whose change against the open differs from its change against the previous close
    expect(formatDayChangePercent(dayChange(last.close, last.open)!)).not.toBe(percent);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the chart legend shows the change against the previous close', async () => {
    await page.goto(`/rchart/${symbol}/`);
    const change = page.getByTestId('chart-legend').getByTestId('legend-change');
    await change.waitFor();
    expect(await change.innerText()).toContain(`(${percent})`);
  });

  it('the watchlist row shows the same change', async () => {
    const created = await post(page, '/api/watchlists/', { name: 'Same change', symbols: [symbol] });
    expect(created.status()).toBe(201);
    const list = (await created.json()) as Watchlist;
    await page.goto(`/watchlists?list=${list.id}`);
    const row = page.getByRole('row').filter({ hasText: symbol }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(percent);
  });

  it('the scanner and the symbol check carry the same change', async () => {
    const scan = await get<ScanPage>(page, `/api/scanner/stocks/?price__gte=${Math.floor(last.close)}&price__lte=${Math.ceil(last.close)}&page_size=100`);
    const row = scan.results.find((r) => r.symbol === symbol)!;
    expect(row).toBeDefined();
    expect(formatDayChangePercent({ amount: row.diff!, percent: row.chg! })).toBe(percent);
    const info = await get<CheckSymbolResult>(page, `/api/check_symbol/?symbol=${symbol}`);
    expect(formatDayChangePercent({ amount: info.diff!, percent: info.chg! })).toBe(percent);
  });

  it('a price alert that would fire says the same change', async () => {
    const up = last.close > prev.close;
    const level = Math.round(((last.close + prev.close) / 2) * 100) / 100;
    const created = await post(page, '/api/alerts/', { kind: 'price', name: 'Crossed', symbol, direction: up ? 'above' : 'below', level });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const check = (await (await post(page, `/api/alerts/${id}/check/`)).json()) as AlertCheckResult;
    expect(check.events.map((e) => e.message).join('\n')).toContain(`${percent} on the day`);
  });
});
