import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buildScanQuery, defaultFilterRow, type PortfolioRun, type ScanPage, type Starter, type TemplateDetail, type UniverseRun } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { logInViaApi, signUpAndLogIn, TEST_PASSWORD } from '../harness/account.ts';
import { MANY_TEXT } from '../../apps/web/src/features/many/texts.ts';
import { WATCHLIST_TEXT } from '../../apps/web/src/features/watchlists/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// Wide tables on a 390 px phone, as the scanner shows its results: the universe results, the portfolio
// trades and the watchlist keep their key columns on screen (no scrolling inside their box) and open
// the other columns in a row's details; at 1280 px every column shows.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESK = { viewport: { width: 1280, height: 900 } };
const SHOTS = screenshotDir('phone-tables');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);

async function finished<R extends { status: string }>(page: Page, url: string): Promise<R> {
  for (let i = 0; i < 240; i++) {
    const run = (await (await page.request.get(url)).json()) as R;
    if (run.status !== 'queued' && run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not finish`);
}

/** The table's width beyond its scrolling box (0 when it fits), and the page's beyond the window. */
const overflow = (table: Locator) =>
  table.evaluate((t) => ({ box: t.scrollWidth - (t.parentElement as HTMLElement).clientWidth, page: document.scrollingElement!.scrollWidth - window.innerWidth }));

/** Headers shown (visible) in a table, by their text. */
const visibleHeaders = (table: Locator) =>
  table.locator('thead th').evaluateAll((ths) => ths.filter((th) => (th as HTMLElement).offsetParent !== null).map((th) => (th.textContent ?? '').replace(/[▲▼↕]/g, '').trim()));

/** On a phone: the key columns only, nothing scrolls sideways, and a row's ⌄ opens the rest. */
async function keyColumnsAndDetails(page: Page, table: Locator, keys: string[], detailLabels: string[], toggleName: RegExp) {
  expect(await overflow(table)).toEqual({ box: 0, page: 0 });
  expect((await visibleHeaders(table)).filter(Boolean)).toEqual(keys);
  const toggle = table.getByRole('button', { name: toggleName }).first();
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const details = table.getByTestId('row-details').first();
  for (const label of detailLabels) await details.getByText(label, { exact: true }).waitFor();
  expect(await overflow(table)).toEqual({ box: 0, page: 0 });
}

describe('wide tables on a phone: key columns, the rest in the row’s details', () => {
  let browser: Browser;
  let desk: { context: BrowserContext; page: Page };
  let phone: { context: BrowserContext; page: Page };
  let universeId: number;
  let portfolioId: number;
  let watchlistId: number;

  beforeAll(async () => {
    browser = await sharedBrowser();
    desk = await newPage(browser, DESK);
    const { email } = await signUpAndLogIn(desk.page);
    phone = await newPage(browser, PHONE);
    await logInViaApi(phone.page, email, TEST_PASSWORD);
    for (const p of [desk.page, phone.page]) p.on('pageerror', (e) => console.error('page error:', e.message));

    const [starter] = (await (await desk.page.request.get('/api/starters/')).json()) as Starter[];
    const template = (await (await post(desk.page, `/api/starters/${starter.slug}/copy/`, {})).json()) as TemplateDetail;
    const scan = (await (await desk.page.request.get(`/api/scanner/stocks/?${buildScanQuery([{ ...defaultFilterRow('price'), value1: 0 }], { ordering: '-volume' })}`)).json()) as ScanPage;
    const symbols = scan.results.slice(0, 12).map((r) => r.symbol);
    const body = { template_id: template.id, universe: { kind: 'symbols', symbols }, start_date: '2019-01-02', end_date: '2024-12-31' };
    universeId = ((await (await post(desk.page, '/api/universe_runs/', body)).json()) as UniverseRun).id;
    portfolioId = ((await (await post(desk.page, '/api/portfolio_runs/', { ...body, max_positions: 4 })).json()) as PortfolioRun).id;
    const list = await post(desk.page, '/api/watchlists/', { name: 'Phone list', symbols: symbols.slice(0, 5) });
    expect(list.status()).toBe(201);
    watchlistId = ((await list.json()) as { id: number }).id;
    await finished(desk.page, `/api/universe_runs/${universeId}/`);
    const portfolio = await finished<PortfolioRun>(desk.page, `/api/portfolio_runs/${portfolioId}/`);
    expect(portfolio.result?.trades.length ?? 0, 'the portfolio traded').toBeGreaterThan(0);
  });
  afterAll(async () => {
    await desk?.context.close();
    await phone?.context.close();
  });

  it('universe results: Symbol, Return and Sharpe on a phone, every column at 1280 px', async () => {
    for (const { page } of [desk, phone]) {
      await page.goto(`/many/universe/${universeId}`);
      await page.getByTestId('universe-row').first().waitFor();
    }
    const deskTable = desk.page.getByRole('table', { name: MANY_TEXT.tableTitle });
    expect((await visibleHeaders(deskTable)).length).toBe(11);
    expect((await overflow(deskTable)).page).toBeLessThanOrEqual(0);
    await shot(desk.page, 'universe-1280');
    const table = phone.page.getByRole('table', { name: MANY_TEXT.tableTitle });
    await keyColumnsAndDetails(phone.page, table, ['Symbol', 'Return', 'Sharpe'], ['Name', 'CAGR', 'Max. drawdown', '# Trades', 'Win rate'], /^Details of /);
    // the columns a phone leaves out still sort, from the "Sort by" picker
    await phone.page.locator('#universe-sort-by').selectOption('trades');
    await phone.page.waitForURL((u) => u.search.includes('trades'));
    await shot(phone.page, 'universe-390');
  });

  it('portfolio trades: Symbol, PnL, Return and Exit Time on a phone', async () => {
    for (const { page } of [desk, phone]) {
      await page.goto(`/many/portfolio/${portfolioId}`);
      await page.getByTestId('trade-row').first().waitFor();
    }
    const deskTable = desk.page.getByRole('table', { name: MANY_TEXT.tradesTitle });
    expect(await visibleHeaders(deskTable)).toEqual(expect.arrayContaining(['Symbol', 'Size', 'Entry Price', 'Exit Price', 'Entry Time', 'Duration', 'Exit']));
    await shot(desk.page, 'portfolio-1280');
    const table = phone.page.getByRole('table', { name: MANY_TEXT.tradesTitle });
    await keyColumnsAndDetails(phone.page, table, ['Symbol', 'PnL', 'Return', 'Exit Time'], ['Size', 'Entry Price', 'Exit Price', 'Entry Time', 'Duration', 'Exit'], /^Details of the /);
    await shot(phone.page, 'portfolio-390');
  });

  it('watchlist: Symbol, Last and % Chg on a phone; the sparkline, RSI, SMA distances and the row’s buttons in its details', async () => {
    for (const { page } of [desk, phone]) {
      await page.goto(`/watchlists?list=${watchlistId}`);
      await page.getByRole('table', { name: WATCHLIST_TEXT.table }).locator('tbody tr').first().waitFor();
    }
    const deskTable = desk.page.getByRole('table', { name: WATCHLIST_TEXT.table });
    expect(await visibleHeaders(deskTable)).toEqual(expect.arrayContaining(['Symbol', 'Last', 'Chg', '% Chg', '3M', 'RSI(14)', 'vs SMA50', 'vs SMA200']));
    await shot(desk.page, 'watchlist-1280');
    const table = phone.page.getByRole('table', { name: WATCHLIST_TEXT.table });
    await keyColumnsAndDetails(phone.page, table, ['Symbol', 'Last', '% Chg'], ['Chg', '3M', 'RSI(14)', 'vs SMA50', 'vs SMA200'], /^Details of /);
    const details = table.getByTestId('row-details').first();
    await details.getByRole('button', { name: /^Remove / }).waitFor();
    await details.locator('svg').first().waitFor();
    await shot(phone.page, 'watchlist-390');
  });
});
