import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildScanQuery, defaultFilterRow, rowToSavedFilter, type Candle, type Period, type PortfolioRun, type ScanPage, type Starter, type TemplateDetail, type UniverseRun } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { MANY_LINK_TEXT } from '../../apps/web/src/lib/manyLinks.ts';
import { MANY_TEXT } from '../../apps/web/src/features/many/texts.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The many-symbol screens in real Chromium against the real server and its demo market: a universe run
// started from the Backtest screen (its period's symbol and dates, three more symbols typed), read as
// a sortable table, a histogram and a summary, a row opening its single backtest; a portfolio run
// started from a saved scan on the Scanner, read as an equity chart, stats and trades; the Templates
// screen's links; and both results on a 390 px phone.

const DESKTOP = { viewport: { width: 1366, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('manysymbols');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);
const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
const START = '2019-01-02';
const END = '2024-12-31';
/** Symbols in the saved scan: the highest-priced of the demo market. */
const SCAN_SIZE = 8;

describe('many-symbol runs on screen', () => {
  let browser: Browser;
  let universeUrl = '';
  let portfolioUrl = '';
  let session: { page: Page; close: () => Promise<void> };
  let template: TemplateDetail;
  let period: Period;
  let symbols: string[];
  /** the saved scan's price floor: the 8th highest close today */
  let scanPrice: number;
  const scanName = `Highest priced ${Date.now()}`;

  beforeAll(async () => {
    browser = await sharedBrowser();
    const { page, context } = await newPage(browser, DESKTOP);
    page.on('pageerror', (e) => console.error('page error:', e.message));
    session = { page, close: () => context.close() };
    await signUpAndLogIn(page);
    // A starter as the template, the demo market's highest-priced symbols as a saved scan, and a
    // period on the first of them for the Backtest screen.
    const [starter] = (await (await page.request.get('/api/starters/')).json()) as Starter[];
    template = await (await post(page, `/api/starters/${starter.slug}/copy/`, {})).json();
    const any = { ...defaultFilterRow('price'), value1: 0 };
    const scan = (await (await page.request.get(`/api/scanner/stocks/?${buildScanQuery([any], { ordering: '-price' })}`)).json()) as ScanPage;
    symbols = scan.results.slice(0, SCAN_SIZE).map((r) => r.symbol);
    scanPrice = scan.results[SCAN_SIZE - 1].price!;
    const threshold = { ...any, value1: scanPrice };
    expect((await post(page, '/api/scanner/templates/', { name: scanName, filters: [rowToSavedFilter(threshold, 0)] })).status()).toBe(201);
    period = await (await post(page, '/api/periods/', { stock_ticker: symbols[0], start_date: START, end_date: END })).json();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('Backtest screen → "Run on many symbols": the form takes the period, the run shows a sorted, paged table, a histogram and a summary', async () => {
    const { page } = session;
    await page.goto('/studies');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(template.id));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(period.id));
    await page.getByTestId('conditions').waitFor();
    await shot(page, 'studies-links-desktop');
    await page.getByRole('link', { name: MANY_LINK_TEXT.universe }).click();
    await page.waitForURL((u) => u.pathname === '/many/universe');
    const form = page.getByRole('form', { name: MANY_TEXT.formTitle });
    await form.waitFor();
    // the link's template, the period's dates, and its symbol as the typed universe
    expect(await form.getByLabel(MANY_TEXT.template).inputValue()).toBe(String(template.id));
    expect(await form.getByLabel(MANY_TEXT.startDate).inputValue()).toBe(START);
    expect(await form.getByLabel(MANY_TEXT.endDate).inputValue()).toBe(END);
    const typed = form.getByRole('textbox', { name: /^Symbols/ });
    expect(await typed.inputValue()).toBe(symbols[0]);

    // an unknown symbol: the server's words under the field, no run started
    await typed.fill(`${symbols[0]}, ZZZZQ9`);
    await form.getByRole('button', { name: MANY_TEXT.startUniverse }).click();
    await form.getByText('Unknown symbols: ZZZZQ9.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/many/universe');

    await typed.fill(`${symbols.slice(0, 4).join(', ').toLowerCase()}\n${symbols[1]}`); // a duplicate, lower case
    await shot(page, 'universe-form-desktop');
    await form.getByRole('button', { name: MANY_TEXT.startUniverse }).click();
    await page.waitForURL((u) => /^\/many\/universe\/\d+$/.test(u.pathname));
    universeUrl = new URL(page.url()).pathname;

    const table = page.getByRole('table', { name: MANY_TEXT.tableTitle });
    await table.waitFor({ timeout: 60_000 });
    const rows = table.getByTestId('universe-row');
    expect(await rows.count()).toBe(4);
    expect((await rows.locator('th').allInnerTexts()).sort()).toEqual(symbols.slice(0, 4).sort());
    expect(await page.getByTestId('rows-range').innerText()).toBe(MANY_TEXT.rows(1, 4, 4));
    // the histogram counts every symbol once; the summary says how many
    const bars = page.getByTestId('histogram').locator('li');
    expect(await bars.count()).toBeGreaterThan(1);
    const counts = await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await page.getByTestId('summary').innerText()).toMatch(/Symbols\s+4/);
    expect(await page.getByTestId('survivorship').innerText()).toContain('survivorship bias');

    // default order: return, highest first (as the API sends it); then by Sharpe, and back
    const api = (await (await page.request.get(`/api/universe_runs/${universeUrl.split('/').pop()}/?ordering=-sharpe`)).json()) as UniverseRun;
    await table.locator('[data-sort-field="sharpe"]').click();
    await page.waitForURL((u) => u.searchParams.get('ordering') === '-sharpe');
    await table.locator('th[aria-sort="descending"]', { hasText: 'Sharpe' }).waitFor();
    await expect.poll(() => rows.locator('th').allInnerTexts()).toEqual(api.rows!.results.map((r) => r.symbol));
    await shot(page, 'universe-result-desktop');

    // a reload shows the same run in the same order
    await page.reload();
    await table.waitFor();
    expect(await rows.locator('th').allInnerTexts()).toEqual(api.rows!.results.map((r) => r.symbol));

    // each sort is a step of its own in the history: Back returns to the order before it, and the page stays
    await table.locator('[data-sort-field="sharpe"]').click();
    await page.waitForURL((u) => u.searchParams.get('ordering') !== '-sharpe');
    await table.locator('[data-sort-field="symbol"]').click();
    await page.waitForURL((u) => (u.searchParams.get('ordering') ?? '').endsWith('symbol'));
    await page.goBack();
    await page.waitForURL((u) => (u.searchParams.get('ordering') ?? '').endsWith('sharpe') && u.searchParams.get('ordering') !== '-sharpe');
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('ordering') === '-sharpe');
    await table.locator('th[aria-sort="descending"]', { hasText: 'Sharpe' }).waitFor();
    expect(await rows.locator('th').allInnerTexts()).toEqual(api.rows!.results.map((r) => r.symbol));

    // a page past the end says so and leads back to the first
    await page.goto(`${universeUrl}?ordering=-sharpe&page=9`);
    await page.getByText(MANY_TEXT.noSuchPage).waitFor();
    await page.getByRole('button', { name: MANY_TEXT.firstPage }).click();
    await table.waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');

    // a row opens the single backtest of that symbol over the run's dates, with the same return
    const first = api.rows!.results[0];
    await rows.first().getByRole('button', { name: `Open the backtest of ${first.symbol}` }).click();
    await page.waitForURL((u) => u.pathname === '/studies');
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).filter({ hasText: ' on ' }).innerText()).toBe(`${template.name} on ${first.symbol}`);
    expect(await page.locator('tr[data-stat="Return [%]"] td').innerText()).toBe(first.return_pct!.toFixed(2));
    expect(await page.locator('tr[data-stat="Start"] td').innerText()).toBe(first.start);
  });

  it('Scanner → a saved scan → "Backtest as portfolio": equity chart with drawdown, stats, trades with their symbol', async () => {
    const { page } = session;
    await page.goto('/scanner');
    await page.getByRole('button', { name: SCANNER_TEXT.queries }).click();
    await page.getByRole('button', { name: SCANNER_TEXT.loadQuery }).click();
    await page.getByRole('button', { name: `Load ${scanName}` }).click();
    await page.getByText(SCANNER_TEXT.loaded(scanName)).waitFor();
    const links = page.getByTestId('saved-scan-runs');
    expect(await links.innerText()).toContain(scanName);
    await shot(page, 'scanner-saved-scan-links-desktop');
    await links.getByRole('link', { name: MANY_LINK_TEXT.portfolio }).click();
    await page.waitForURL((u) => u.pathname === '/many/portfolio');

    const form = page.getByRole('form', { name: MANY_TEXT.formTitle });
    await form.waitFor();
    expect(await form.getByLabel(MANY_TEXT.savedScan, { exact: true }).locator('option:checked').innerText()).toBe(scanName);
    await form.getByLabel(MANY_TEXT.template).selectOption(String(template.id));
    await form.getByLabel(MANY_TEXT.startDate).fill(START);
    await form.getByLabel(MANY_TEXT.endDate).fill(END);
    await form.getByLabel(MANY_TEXT.maxPositions).fill('3');
    await form.getByLabel(MANY_TEXT.rankBy).selectOption('rsi_low');
    expect(await form.getByTestId('sizing').innerText()).toContain('split equally over the 3 slots');
    await shot(page, 'portfolio-form-desktop');
    await form.getByRole('button', { name: MANY_TEXT.startPortfolio }).click();
    await page.waitForURL((u) => /^\/many\/portfolio\/\d+$/.test(u.pathname));
    portfolioUrl = new URL(page.url()).pathname;

    await page.getByTestId('portfolio-chart').locator('canvas').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('run-title').innerText()).toContain(`scan "${scanName}"`);
    await page.getByRole('table', { name: MANY_TEXT.statsTitle }).waitFor();
    const trades = page.getByRole('table', { name: MANY_TEXT.tradesTitle });
    expect(await trades.locator('thead th').first().innerText()).toMatch(/symbol/i);
    const traded = await trades.getByTestId('trade-row').locator('th').allInnerTexts();
    expect(traded.length).toBeGreaterThan(0);
    // the saved scan is read point in time: a trade opened only on a day its symbol passed the scan
    // (closed at or above the scan's price at the signal's close), whether or not it passes today
    const run = (await (await page.request.get(`/api/portfolio_runs/${portfolioUrl.split('/').pop()}/`)).json()) as PortfolioRun;
    for (const t of run.result!.trades) {
      const candles = (await (await page.request.get(`/api/charts/dhistory/?symbol=${t.Symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`)).json()) as Candle[];
      const day = (c: Candle) => new Date(c.time < 1e11 ? c.time * 1000 : c.time).toISOString().slice(0, 10);
      const signal = candles.filter((c) => day(c) < String(t.EntryTime).slice(0, 10)).at(-1)!;
      expect(signal.close).toBeGreaterThanOrEqual(scanPrice - 1e-6);
    }
    expect(traded.every((s) => run.result!.trades.some((t) => t.Symbol === s))).toBe(true);
    expect(await page.getByTestId('exposure').innerText()).toMatch(/of 3 slots held; at most [0-3]\./);
    await shot(page, 'portfolio-result-desktop');
  });

  it('Templates: a template links to both screens with itself', async () => {
    const { page } = session;
    await page.goto('/templates');
    await page.getByRole('list', { name: 'Templates' }).getByRole('button', { name: template.name }).click();
    const link = page.getByRole('link', { name: MANY_LINK_TEXT.portfolio });
    expect(await link.getAttribute('href')).toBe(`/many/portfolio?template_id=${template.id}`);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/many/portfolio');
    // (the router shows the previous page until the new one's code has loaded: wait for the form)
    const form = page.getByRole('form', { name: MANY_TEXT.formTitle });
    await form.waitFor();
    expect(await form.getByLabel(MANY_TEXT.template).inputValue()).toBe(String(template.id));
    // the recent runs list the portfolio run above
    await page.getByRole('list', { name: MANY_TEXT.recent }).getByRole('link').first().waitFor();
    expect(await page.getByRole('list', { name: MANY_TEXT.recent }).getByRole('link').first().getAttribute('href')).toBe(portfolioUrl);
  });

  it('a running run shows its progress bar, and Cancel stops it', async () => {
    const { page } = session;
    await page.goto('/many/universe');
    const form = page.getByRole('form', { name: MANY_TEXT.formTitle });
    await form.waitFor();
    await form.getByLabel(MANY_TEXT.template).selectOption(String(template.id));
    await form.getByLabel(MANY_TEXT.universeKinds.all).check();
    await form.getByLabel(MANY_TEXT.startDate).fill('2014-01-02');
    await form.getByLabel(MANY_TEXT.endDate).fill(END);
    await form.getByRole('button', { name: MANY_TEXT.startUniverse }).click();
    await page.waitForURL((u) => /^\/many\/universe\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const bar = page.getByRole('progressbar', { name: MANY_TEXT.progressLabel });
    const table = page.getByRole('table', { name: MANY_TEXT.tableTitle });
    await Promise.race([bar.waitFor(), table.waitFor()]);
    if (await bar.isVisible()) {
      // the demo market is small: the run may finish between the two clicks, never both states at once
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
      await shot(page, 'universe-progress-desktop');
      await page.getByRole('button', { name: MANY_TEXT.cancel }).click();
      await Promise.race([page.getByText(MANY_TEXT.cancelled).waitFor(), table.waitFor()]);
      const run = (await (await page.request.get(`/api/universe_runs/${id}/`)).json()) as UniverseRun;
      expect(await page.getByText(MANY_TEXT.cancelled).isVisible()).toBe(run.status === 'cancelled');
      expect(await bar.isVisible()).toBe(false);
    } else {
      console.warn('the run finished before its first progress answer: Cancel not exercised');
      expect(await page.getByTestId('summary').innerText()).toMatch(/Symbols\s+\d{3}/);
    }
  });

  it('fits a 390 px phone: both results without sideways scroll', async () => {
    const cookies = await session.page.context().cookies();
    const { page, context } = await newPage(browser, PHONE);
    await context.addCookies(cookies);
    await page.goto(universeUrl);
    await page.getByRole('table', { name: MANY_TEXT.tableTitle }).waitFor();
    await page.getByTestId('histogram').waitFor();
    await noHorizontalScroll(page);
    await shot(page, 'universe-result-phone');
    await page.goto(portfolioUrl);
    await page.getByTestId('portfolio-chart').locator('canvas').first().waitFor();
    await noHorizontalScroll(page);
    await shot(page, 'portfolio-result-phone');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await shot(page, 'portfolio-result-phone-dark');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.goto('/many/universe');
    await page.getByRole('form', { name: MANY_TEXT.formTitle }).waitFor();
    await noHorizontalScroll(page);
    await shot(page, 'universe-form-phone');
    await context.close();
  });
});
