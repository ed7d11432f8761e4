import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { TEMPLATE_MESSAGES, type Candle, type Period, type StarterSymbol, type TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { logInViaApi, signUpAndLogIn, TEST_PASSWORD } from '../harness/account.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';
import { RESULTS_PHONE_TEXT, SCANNER_MESSAGES, SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { CHART_TEXT } from '../../apps/web/src/features/charts/texts.ts';
import { duplicateOverlayMessage } from '../../apps/web/src/features/charts/state/overlays.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// Phones and the spec’s smaller differences in real Chromium against the real server's demo market:
// every main screen at
// 390 × 844 without sideways scrolling and with its key columns on screen (the scanner's Price and
// Change, the trades' dates, prices and P&L), the /rchart legend clear of the candles, overlay rows on
// one line, the RSI axis at 0–100, the whole header cell sorting, and duplicates refused. Every screen
// is also screenshotted at 1366 and 390 px wide for a look by eye.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const WIDE = { viewport: { width: 1366, height: 900 } };
const SHOTS = screenshotDir('phone');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);

/** A write through the API as the page would send it: with the site's Origin (cookie writes need it). */

/** The page scrolls sideways when its content is wider than the window. */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** Visible controls whose right edge lies beyond the window, or beyond the box of a scrolling or
 *  clipping container they sit in (a control pushed out of its row, or cut off). */
const controlsOffScreen = (page: Page) =>
  page.evaluate(() => {
    const clippedBy = (el: HTMLElement) => {
      const right = el.getBoundingClientRect().right;
      if (right > window.innerWidth + 0.5) return true;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && right > a.getBoundingClientRect().right + 0.5) return true;
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('button, a, input, select, textarea, label')]
      .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
      .filter(clippedBy)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute('aria-label') || '').slice(0, 30)}"`);
  });

/** Fully inside the window, left to right. */
async function onScreen(l: Locator) {
  const box = await l.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390 + 0.5);
  expect(await l.isVisible()).toBe(true);
}

/** On /rchart?debug=1: the legend's bottom and the top of the highest candle drawn, in pixels from the
 *  chart's top; and the RSI pane's visible price range. */
const chartGeometry = (page: Page) =>
  page.evaluate(() => {
    const d = window.__chartDebug!;
    const price = d.series.price;
    const range = d.chart.timeScale().getVisibleLogicalRange()!;
    const bars = price.data() as unknown as { high: number }[];
    let high = -Infinity;
    for (let i = Math.max(0, Math.ceil(range.from)); i <= Math.min(bars.length - 1, Math.floor(range.to)); i++) high = Math.max(high, bars[i].high);
    const chartTop = document.querySelector('[data-testid=chart]')!.getBoundingClientRect().top;
    const legend = document.querySelector('[data-testid=chart-legend]')!.getBoundingClientRect();
    return { legendBottom: legend.bottom - chartTop, highestCandleTop: price.priceToCoordinate(high)!, rsi: d.series['rsi-1'].priceScale().getVisibleRange()! };
  });

describe('phones as a first-class layout, and the spec’s smaller differences', () => {
  let browser: Browser;
  let desk: { context: BrowserContext; page: Page };
  let phone: { context: BrowserContext; page: Page };
  let symbol: string;
  let ids: { templateId: number; periodId: number };

  beforeAll(async () => {
    browser = await sharedBrowser();
    desk = await newPage(browser, WIDE);
    desk.page.on('pageerror', (e) => console.error('page error:', e.message));
    const { email } = await signUpAndLogIn(desk.page);
    phone = await newPage(browser, PHONE);
    phone.page.on('pageerror', (e) => console.error('page error (phone):', e.message));
    await logInViaApi(phone.page, email, TEST_PASSWORD);

    // A template that trades (RSI 40/60) on five years of the market's most liquid symbol.
    symbol = ((await (await desk.page.request.get('/api/starters/symbol/')).json()) as StarterSymbol).symbol!;
    const candles = (await (await desk.page.request.get(`/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`)).json()) as Candle[];
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const template = (await (await post(desk.page, '/api/templates/', { name: 'RSI 40/60' })).json()) as TemplateDetail;
    await post(desk.page, '/api/indicators/', { template: template.id, name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '40' });
    await post(desk.page, '/api/indicators/', { template: template.id, name: 'RSI', indicator_type: 'SELL', compare: '>', cvalue: '60' });
    const period = (await (await post(desk.page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[Math.max(0, candles.length - 1260)].time), end_date: day(candles[candles.length - 1].time) })).json()) as Period;
    ids = { templateId: template.id, periodId: period.id };
  });
  afterAll(async () => {
    await desk?.context.close();
    await phone?.context.close();
  });

  /** Opens a screen at both widths, waits for `ready`, checks the phone for overflow, screenshots both. */
  async function bothWidths(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
    for (const [page, width] of [[desk.page, 1366], [phone.page, 390]] as const) {
      await page.goto(path);
      await ready(page);
      if (width === 390) {
        expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        expect(await controlsOffScreen(page), `${path}: controls off screen`).toEqual([]);
      }
      await shot(page, `${name}-${width}`);
    }
  }

  it('fits every main screen on a 390 px phone (and screenshots them at 1366 and 390)', async () => {
    const h1 = (text: string) => (page: Page) => page.getByRole('heading', { name: text, level: 1 }).waitFor();
    await bothWidths('/', 'home', (p) => p.getByTestId('first-backtest').waitFor());
    await bothWidths(`/templates?template=${ids.templateId}`, 'templates', (p) => p.getByTestId('indicator-row').first().waitFor());
    await bothWidths('/stockperiod', 'stockperiod', (p) => p.getByTestId('period-row').first().waitFor());
    await bothWidths('/studies', 'studies-empty', h1(STUDIES_TEXT.title));
    await bothWidths('/scanner', 'scanner-empty', h1(SCANNER_TEXT.title));
    await bothWidths(`/chart/${symbol}`, 'chart', (p) => p.locator('canvas').first().waitFor());
    await bothWidths(`/dchart/${symbol}/`, 'dchart', (p) => p.locator('canvas').first().waitFor());
    await bothWidths(`/rchart/${symbol}/`, 'rchart', (p) => p.getByTestId('chart').locator('canvas').first().waitFor());
    await bothWidths('/rrc', 'rrc', h1('Risk-Reward Calculator'));
    await bothWidths('/blog', 'blog', h1('Blog'));
    await bothWidths('/profile', 'profile', (p) => p.getByRole('heading', { level: 1 }).waitFor());
  });

  it('fits the signed-out screens on a 390 px phone (and screenshots them at 1366 and 390)', async () => {
    for (const [opts, width] of [[WIDE, 1366], [PHONE, 390]] as const) {
      const visitor = await newPage(browser, opts);
      for (const path of ['/login', '/signup', '/forgot-password', '/scanner']) {
        await visitor.page.goto(path);
        await visitor.page.getByRole('heading', { level: 1 }).waitFor();
        if (width === 390) {
          expect(await sidewaysOverflow(visitor.page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
          expect(await controlsOffScreen(visitor.page), `${path}: controls off screen`).toEqual([]);
        }
        await shot(visitor.page, `signed-out${path.replace(/\//g, '-')}-${width}`);
      }
      await visitor.context.close();
    }
  });

  it('shows the scanner’s Symbol, Price and Change on a phone without sideways scrolling, the rest on tap', async () => {
    const page = phone.page;
    await page.goto('/scanner');
    await page.getByRole('button', { name: SCANNER_TEXT.presets }).tap();
    await page.getByRole('menuitem', { name: /^Above the 200-day average/ }).tap();
    await page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).tap();
    await page.getByTestId('scan-status').filter({ hasNotText: SCANNER_MESSAGES.scanning }).waitFor();
    const table = page.getByRole('table', { name: SCANNER_TEXT.resultsTable });
    await table.locator('tbody tr').first().waitFor();
    for (const name of [/^Symbol/, /^Price/, /^Change/, /^% Change/]) await onScreen(table.getByRole('columnheader', { name }));
    for (const name of [/^Name/, /^Sector/, /^Market Cap/, /^Volume/]) expect(await table.getByRole('columnheader', { name }).isVisible()).toBe(false);
    const first = table.locator('tbody tr').first();
    for (const i of [0, 1, 2]) await onScreen(first.locator('td').nth(i + 1)); // price, change, % change (the th is the symbol)
    expect(await first.locator('td').nth(1).innerText()).toMatch(/^([\d,]+\.\d\d|N\/A)$/);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // the table itself does not scroll sideways either
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);

    // the rest on tap; a sort picker reaches the columns a phone leaves out
    const sym = await first.locator('th a').innerText();
    await first.getByRole('button', { name: RESULTS_PHONE_TEXT.details(sym) }).tap();
    const details = page.getByTestId('result-details');
    await details.waitFor();
    for (const label of ['Name', 'Sector', 'Market Cap', 'Volume']) await details.getByText(label, { exact: true }).waitFor();
    await page.getByLabel(RESULTS_PHONE_TEXT.sortBy).selectOption('market_cap');
    await page.locator('th[aria-sort="ascending"] [data-sort-field="market_cap"]').waitFor({ state: 'attached' });
    await page.getByTestId('scan-status').filter({ hasNotText: SCANNER_MESSAGES.scanning }).waitFor();
    expect(await page.getByLabel(RESULTS_PHONE_TEXT.sortBy).inputValue()).toBe('market_cap');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'scanner-results-390');
  });

  it('sorts the scanner results by a click anywhere in the header cell, not only on its label', async () => {
    const page = desk.page;
    await page.goto('/scanner');
    await page.getByRole('button', { name: SCANNER_TEXT.presets }).click();
    await page.getByRole('menuitem', { name: /^Above the 200-day average/ }).click();
    await page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).click();
    await page.getByTestId('scan-status').filter({ hasNotText: SCANNER_MESSAGES.scanning }).waitFor();
    const table = page.getByRole('table', { name: SCANNER_TEXT.resultsTable });
    await table.locator('tbody tr').first().waitFor();
    for (const [name, field] of [['Sector', 'sector'], ['Name', 'name']] as const) {
      const cell = table.getByRole('columnheader', { name: new RegExp(`^${name}`) });
      const box = (await cell.boundingBox())!;
      // the right end of the label's text and its arrow, in page pixels
      const labelEnd = await cell.locator('button').evaluate((b) => {
        const r = document.createRange();
        r.selectNodeContents(b);
        return r.getBoundingClientRect().right;
      });
      // a point of the cell well right of its label and arrow, near its bottom edge
      const x = box.width - 4;
      expect(box.x + x).toBeGreaterThan(labelEnd + 20);
      await cell.click({ position: { x, y: box.height - 3 } });
      await table.locator(`th[aria-sort="ascending"] [data-sort-field="${field}"]`).waitFor();
      await page.getByTestId('scan-status').filter({ hasNotText: SCANNER_MESSAGES.scanning }).waitFor();
    }
    await shot(page, 'scanner-results-1366');
  });

  it('shows the trades’ dates, prices and P&L on a phone, the rest on tap', async () => {
    const page = phone.page;
    await page.goto(`/studies?template_id=${ids.templateId}&period_id=${ids.periodId}&run=1`);
    const cards = page.getByTestId('trade-card');
    await cards.first().waitFor();
    const api = (await (await post(page, '/api/submit_selection/', { period_id: ids.periodId, template_id: ids.templateId })).json()) as { trades: { EntryTime: string; ExitTime: string; PnL: number }[] };
    expect(await cards.count()).toBe(api.trades.length);
    const first = cards.first();
    const t0 = api.trades[0];
    const cells = first.locator('td');
    expect((await cells.nth(0).innerText()).split('\n')[0]).toBe(t0.EntryTime);
    expect((await cells.nth(1).innerText()).split('\n')[0]).toBe(t0.ExitTime);
    expect((await cells.nth(2).innerText()).split('\n')[0]).toBe(t0.PnL.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    for (const i of [0, 1, 2]) await onScreen(cells.nth(i));
    expect(await page.getByTestId('trade-row').first().isVisible()).toBe(false); // the wide table is for wider screens
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await first.getByRole('button', { name: STUDIES_TEXT.tradeDetails(1) }).tap();
    const details = page.getByTestId('trade-details');
    for (const label of ['Size', 'Duration', 'Exit']) await details.getByText(label, { exact: true }).waitFor();
    await shot(page, 'studies-390');
    await desk.page.goto(`/studies?template_id=${ids.templateId}&period_id=${ids.periodId}&run=1`);
    await desk.page.getByTestId('trade-row').first().waitFor();
    expect(await desk.page.getByTestId('trade-card').first().isVisible()).toBe(false);
    await shot(desk.page, 'studies-1366');
  });

  it('/rchart: the expanded legend clears the candles, overlay rows keep one line, the RSI axis runs 0–100', async () => {
    for (const { page, width } of [{ page: desk.page, width: 1366 }, { page: phone.page, width: 390 }]) {
      await page.goto(`/rchart/${symbol}/?debug=1`);
      await page.waitForFunction(() => (window.__chartDebug?.series['rsi-1']?.data().length ?? 0) > 0);
      await page.getByTestId('legend-ohlc').waitFor(); // expanded (the default) and filled
      await page.waitForTimeout(300); // the margins follow the legend's measured height
      const g = await chartGeometry(page);
      expect(g.highestCandleTop, `${width}: legend bottom ${g.legendBottom}`).toBeGreaterThanOrEqual(g.legendBottom + 4);
      // the axis tops out near 100 (the library's default margins took it to about 128, labelled 120)
      expect(g.rsi.to).toBeLessThanOrEqual(110);
      expect(g.rsi.from).toBeGreaterThanOrEqual(-10);
      for (const row of await page.getByTestId('overlay-row').all()) {
        const name = (await row.getAttribute('data-overlay'))!;
        const tick = (await row.getByLabel(name, { exact: true }).boundingBox())!;
        const remove = (await row.getByRole('button', { name: `Remove ${name}` }).boundingBox())!;
        expect(Math.abs(tick.y + tick.height / 2 - (remove.y + remove.height / 2)), `${width}: ${name} Remove wrapped`).toBeLessThan(4);
        expect(remove.x + remove.width).toBeLessThanOrEqual(width);
      }
      await shot(page, `rchart-legend-${width}`);
    }
  });

  it('refuses a duplicate overlay and a duplicate template name with a clear message', async () => {
    const page = desk.page;
    await page.goto(`/rchart/${symbol}/`);
    await page.getByTestId('overlay-row').first().waitFor();
    const before = await page.getByTestId('overlay-row').count();
    await page.getByLabel('Overlay type').selectOption('SMA');
    await page.getByLabel('Overlay period').fill('20'); // SMA(20) is a default overlay
    await page.getByRole('button', { name: CHART_TEXT.addOverlay }).click();
    await page.getByTestId('overlay-refused').filter({ hasText: duplicateOverlayMessage({ type: 'SMA', period: 20 }) }).waitFor();
    expect(await page.getByTestId('overlay-row').count()).toBe(before);
    await page.getByLabel('Overlay period').fill('21');
    await page.getByTestId('overlay-refused').waitFor({ state: 'detached' });

    await page.goto('/templates');
    await page.getByLabel('Template name').fill('RSI 40/60');
    await page.getByRole('button', { name: TEMPLATE_TEXT.create }).click();
    await page.getByText(TEMPLATE_MESSAGES.nameUsed).waitFor();
    const names = (await (await page.request.get('/api/templates/')).json()) as { name: string }[];
    expect(names.filter((t) => t.name === 'RSI 40/60')).toHaveLength(1);
  });

  it('lists a new indicator row last in its block (spec §4: appended), each side under its own heading', async () => {
    const page = desk.page;
    const t = (await (await post(page, '/api/templates/', { name: 'Sell first' })).json()) as TemplateDetail;
    await post(page, '/api/indicators/', { template: t.id, name: 'RSI', indicator_type: 'SELL', compare: '>', cvalue: '70' });
    await post(page, '/api/indicators/', { template: t.id, name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '40' });
    await page.goto(`/templates?template=${t.id}`);
    await page.getByTestId('indicator-row').first().waitFor();
    await page.getByRole('button', { name: `+ ${TEMPLATE_TEXT.addIndicator}` }).click();
    const form = page.getByRole('form', { name: TEMPLATE_TEXT.indicatorFormTitle });
    await form.getByTestId('indicator-form-pending').waitFor();
    await shot(page, 'indicator-form-1366');
    await form.getByLabel('Indicator').selectOption('RSI');
    await form.getByLabel('Comparison').selectOption('<');
    await form.getByLabel('Compare value').fill('30');
    await form.getByRole('button', { name: TEMPLATE_TEXT.submitIndicator, exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('indicator-row').nth(2).waitFor();
    expect(await page.getByTestId('indicator-row').evaluateAll((els) => els.map((el) => `${el.firstElementChild!.textContent} ${el.querySelector('[data-testid=condition-text]')!.textContent}`))).toEqual([
      'BUY RSI(14) < 40',
      'BUY RSI(14) < 30',
      'SELL RSI(14) > 70',
    ]);

    // The form on a phone: why Add is disabled, and every control on screen.
    await phone.page.goto(`/templates?template=${t.id}`);
    await phone.page.getByRole('button', { name: `+ ${TEMPLATE_TEXT.addIndicator}` }).tap();
    const phoneForm = phone.page.getByRole('form', { name: TEMPLATE_TEXT.indicatorFormTitle });
    await phoneForm.getByTestId('indicator-form-pending').waitFor();
    expect(await controlsOffScreen(phone.page)).toEqual([]);
    await shot(phone.page, 'indicator-form-390');
  });
});
