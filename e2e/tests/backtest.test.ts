import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { INDICATOR_MESSAGES, TEMPLATE_MESSAGES, type BacktestRun, type Candle, type Period, type TemplateDetail, type TemplateListItem } from '@app/contract';
import { backtest, type DailyBars } from '@app/quant';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { logInViaApi, signUpAndLogIn, TEST_PASSWORD } from '../harness/account.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';
import { PERIOD_ERRORS, PERIOD_TEXT } from '../../apps/web/src/features/periods/texts.ts';
import { STUDIES_ERRORS, STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { EXIT_REASON_TEXT, formatDuration, formatStat } from '../../apps/web/src/features/studies/format.ts';
import { CHART_MESSAGES } from '../../apps/web/src/backtestChart/load.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The backtesting journey in real Chromium against the real server and its 300-symbol
// demo market: templates, periods (with the symbol check), the run, its stats and trades, and the
// chart page. The stats on screen are checked against the API and the API against the engine.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('backtest');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);

/** A demo symbol with at least two years of daily bars, and the bars themselves. */
async function demoSymbol(page: Page): Promise<{ symbol: string; candles: Candle[] }> {
  const r = await page.request.get('/api/scanner/stocks/?ordering=-volume&page_size=20');
  expect(r.status()).toBe(200);
  const body = await r.json();
  const rows: { symbol: string }[] = Array.isArray(body) ? body : body.results;
  for (const { symbol } of rows) {
    const h = await page.request.get(`/api/charts/dhistory/?symbol=${encodeURIComponent(symbol)}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    const candles = await h.json();
    if (Array.isArray(candles) && candles.length > 600 && /^[A-Z]+$/.test(symbol)) return { symbol, candles };
  }
  throw new Error('no demo symbol with two years of history');
}

const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/** The period's bars as the engine takes them (start and end dates included). */
function barsBetween(candles: Candle[], start: string, end: string): DailyBars {
  const c = candles.filter((x) => day(x.time) >= start && day(x.time) <= end);
  return {
    day: Int32Array.from(c, (x) => Math.round(x.time / 86_400)),
    open: Float64Array.from(c, (x) => x.open),
    high: Float64Array.from(c, (x) => x.high),
    low: Float64Array.from(c, (x) => x.low),
    close: Float64Array.from(c, (x) => x.close),
    volume: Float64Array.from(c, (x) => x.volume ?? 0),
  };
}

async function addIndicator(page: Page, pick: { name: string; type: 'BUY' | 'SELL'; compare: string; cvalue: string }) {
  await page.getByRole('button', { name: `+ ${TEMPLATE_TEXT.addIndicator}` }).click();
  const form = page.getByRole('form', { name: TEMPLATE_TEXT.indicatorFormTitle });
  await form.waitFor();
  await form.getByLabel('Indicator').selectOption(pick.name);
  await form.getByLabel('Type').selectOption(pick.type);
  await form.getByLabel('Comparison').selectOption(pick.compare);
  await form.getByLabel('Compare value').fill(pick.cvalue);
  await form.getByRole('button', { name: TEMPLATE_TEXT.submitIndicator, exact: true }).click();
  await form.waitFor({ state: 'detached' }); // spec §4: submit creates and closes
}

/** A write through the API as the page would send it: with the site's Origin (cookie writes need it). */

const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe('backtesting journey (/templates, /stockperiod, /studies, /public/chart.html)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let ids: { templateId: number; periodId: number };

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page, context } = await newPage(browser));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    email = (await signUpAndLogIn(page)).email;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('creates a template with a BUY and a SELL indicator, the form following spec §5', async () => {
    await page.goto('/templates');
    await page.getByRole('heading', { name: TEMPLATE_TEXT.title, level: 1 }).waitFor();

    // A blank name is refused and the input flagged.
    await page.getByRole('button', { name: TEMPLATE_TEXT.create }).click();
    await page.getByText(TEMPLATE_TEXT.namePlaceholder, { exact: true }).waitFor();
    expect(await page.getByLabel('Template name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Template name').fill('RSI swing');
    await page.getByRole('button', { name: TEMPLATE_TEXT.create }).click();
    await page.getByTestId('template-name').filter({ hasText: /^RSI swing$/ }).waitFor();

    // The form: submit disabled until valid, fields per indicator, defaults, exact messages.
    await page.getByRole('button', { name: `+ ${TEMPLATE_TEXT.addIndicator}` }).click();
    const form = page.getByRole('form', { name: TEMPLATE_TEXT.indicatorFormTitle });
    const submit = form.getByRole('button', { name: TEMPLATE_TEXT.submitIndicator, exact: true });
    expect(await submit.isDisabled()).toBe(true);
    // Why Add is disabled, before any field is touched: the spec's messages of what is missing.
    const pending = form.getByTestId('indicator-form-pending');
    expect(await pending.innerText()).toBe(`${INDICATOR_MESSAGES.name} · ${INDICATOR_MESSAGES.compare}`);
    expect(await submit.getAttribute('aria-describedby')).toBe(await pending.getAttribute('id'));
    expect(await form.getByLabel('Type').inputValue()).toBe('BUY');
    await form.getByLabel('Indicator').focus();
    await form.getByLabel('Comparison').focus();
    await form.getByText(INDICATOR_MESSAGES.name).waitFor();

    const visible = async () =>
      Object.fromEntries(await Promise.all(['Period', 'Drift', 'Length', 'Offset', 'Compare value', 'Price'].map(async (l) => [l, await form.getByLabel(l, { exact: true }).isVisible()])));
    await form.getByLabel('Indicator').selectOption('SUPERTREND');
    expect(await visible()).toEqual({ Period: false, Drift: false, Length: true, Offset: true, 'Compare value': false, Price: true });
    expect(await form.getByLabel('Length').inputValue()).toBe('7');
    expect(await form.getByLabel('Offset').inputValue()).toBe('0');
    await form.getByLabel('Length').fill('');
    await form.getByText(INDICATOR_MESSAGES.lengthRequired).waitFor();
    await form.getByLabel('Indicator').selectOption('OBV');
    expect(await visible()).toEqual({ Period: false, Drift: false, Length: false, Offset: true, 'Compare value': true, Price: false });
    await form.getByLabel('Compare value').fill('');
    await form.getByText(INDICATOR_MESSAGES.compareValueRequired).waitFor();
    await form.getByLabel('Indicator').selectOption('SMA');
    expect(await visible()).toEqual({ Period: true, Drift: true, Length: false, Offset: false, 'Compare value': false, Price: true });
    await form.getByLabel('Indicator').selectOption('RSI');
    expect(await visible()).toEqual({ Period: true, Drift: true, Length: false, Offset: false, 'Compare value': true, Price: false });
    expect(await form.getByLabel('Period').inputValue()).toBe('14');
    expect(await form.getByLabel('Drift').inputValue()).toBe('1');

    await form.getByLabel('Period').fill('0');
    await form.getByText(INDICATOR_MESSAGES.periodPositive).waitFor();
    await form.getByLabel('Period').fill('');
    await form.getByText(INDICATOR_MESSAGES.periodRequired).waitFor();
    await form.getByLabel('Drift').fill('0');
    await form.getByText(INDICATOR_MESSAGES.driftPositive).waitFor();
    await form.getByLabel('Compare value').fill('150');
    await form.getByText(INDICATOR_MESSAGES.rsiValue).waitFor();
    await form.getByLabel('Comparison').selectOption('<');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Period').fill('14');
    await form.getByLabel('Drift').fill('1');
    await form.getByLabel('Compare value').fill('40');
    expect(await submit.isDisabled()).toBe(false);
    expect(await form.getByTestId('condition-preview').innerText()).toContain('RSI(14) < 40');
    await shot(page, 'templates-indicator-form-desktop');
    await submit.click();
    await form.waitFor({ state: 'detached' });

    await addIndicator(page, { name: 'RSI', type: 'SELL', compare: '>', cvalue: '60' });
    const rows = page.getByTestId('indicator-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.evaluateAll((els) => els.map((el) => `${el.firstElementChild!.textContent} ${el.querySelector('[data-testid=condition-text]')!.textContent}`))).toEqual(['BUY RSI(14) < 40', 'SELL RSI(14) > 60']);

    // Edit mode: name, commission (entered in %) and starting cash ($) with their messages; Save
    // returns to view mode.
    await page.getByRole('button', { name: TEMPLATE_TEXT.edit, exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('RSI 40/60 swing');
    const commission = page.getByLabel(`${TEMPLATE_TEXT.commission} (%)`);
    const cash = page.getByLabel(`${TEMPLATE_TEXT.cash} ($)`);
    expect([await commission.inputValue(), await cash.inputValue()]).toEqual(['0', '10000']);
    await commission.fill('10');
    await page.getByText(TEMPLATE_MESSAGES.commissionRange).waitFor();
    await commission.fill('0.1');
    await cash.fill('0');
    await page.getByText(TEMPLATE_MESSAGES.cashPositive).waitFor();
    await shot(page, 'templates-edit-desktop');
    await page.getByRole('button', { name: TEMPLATE_TEXT.save, exact: true }).click();
    expect(await page.getByTestId('template-name').count()).toBe(0); // refused: still editing
    await cash.fill('25000');
    await page.getByText(TEMPLATE_MESSAGES.commissionRange).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: TEMPLATE_TEXT.save, exact: true }).click();
    await page.getByTestId('template-name').filter({ hasText: /^RSI 40\/60 swing$/ }).waitFor();
    expect(await page.getByTestId('template-settings').innerText()).toContain('Commission: 0.1% · Starting cash: $25,000');
    await page.getByRole('list', { name: 'Templates' }).getByRole('button', { name: 'RSI 40/60 swing' }).waitFor();
    await shot(page, 'templates-desktop');

    // A second template, deleted again.
    await page.getByLabel('Template name').fill('Throwaway');
    await page.getByRole('button', { name: TEMPLATE_TEXT.create }).click();
    await page.getByTestId('template-name').filter({ hasText: /^Throwaway$/ }).waitFor();
    await page.getByRole('button', { name: TEMPLATE_TEXT.delete, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: TEMPLATE_TEXT.delete, exact: true }).click();
    await page.getByText(TEMPLATE_TEXT.pick).waitFor();
    expect(await page.getByRole('list', { name: 'Templates' }).getByRole('button').allInnerTexts()).toEqual(['RSI 40/60 swing']);
  });

  it('defines a period only after a failed and then a successful symbol check', async () => {
    const { symbol, candles } = await demoSymbol(page);
    const start = day(candles[candles.length - 520].time);
    const end = day(candles[candles.length - 10].time);

    await page.goto('/stockperiod');
    await page.getByRole('heading', { name: PERIOD_TEXT.title, level: 1 }).waitFor();
    const ticker = page.getByLabel(PERIOD_TEXT.ticker);
    await ticker.pressSequentially('zzqx');
    expect(await ticker.inputValue()).toBe('ZZQX'); // upper-cased as typed
    await page.getByLabel(PERIOD_TEXT.startDate).fill(start);
    await page.getByLabel(PERIOD_TEXT.endDate).fill(end);
    await page.getByRole('button', { name: PERIOD_TEXT.create }).click();
    await page.getByText(PERIOD_ERRORS.notValidated).waitFor();
    await page.getByRole('button', { name: PERIOD_TEXT.check }).click();
    await page.getByText(PERIOD_ERRORS.symbolNotFound, { exact: true }).waitFor();
    await page.getByRole('button', { name: PERIOD_TEXT.create }).click();
    await page.getByText(PERIOD_ERRORS.notValidated).waitFor();
    expect(await page.getByTestId('period-row').count()).toBe(0);

    await ticker.fill('');
    await ticker.pressSequentially(symbol.toLowerCase());
    expect(await ticker.inputValue()).toBe(symbol);
    await page.getByRole('button', { name: PERIOD_TEXT.check }).click();
    await page.getByTestId('symbol-info').waitFor();
    await page.getByRole('button', { name: PERIOD_TEXT.create }).click();
    await page.getByTestId('period-row').waitFor();
    expect(await page.getByTestId('period-row').innerText()).toContain(symbol);

    // Edit mode: 'Update Period' and 'Cancel'; a changed ticker must be checked again.
    await page.getByRole('button', { name: `${PERIOD_TEXT.edit} ${symbol} ${start}` }).click();
    await page.getByRole('button', { name: PERIOD_TEXT.update }).waitFor();
    await ticker.fill('QQQQZ');
    await page.getByRole('button', { name: PERIOD_TEXT.update }).click();
    await page.getByText(PERIOD_ERRORS.notValidated).waitFor();
    await page.getByRole('button', { name: PERIOD_TEXT.cancel }).click();
    await page.getByRole('button', { name: PERIOD_TEXT.create }).waitFor();
    expect(await page.getByTestId('period-row').innerText()).toContain(symbol);

    // Update: a new end date, saved with 'Update Period' (the stored ticker counts as checked).
    const newEnd = day(candles[candles.length - 5].time);
    await page.getByRole('button', { name: `${PERIOD_TEXT.edit} ${symbol} ${start}` }).click();
    await page.getByLabel(PERIOD_TEXT.endDate).fill(newEnd);
    await page.getByRole('button', { name: PERIOD_TEXT.update }).click();
    await page.getByRole('button', { name: PERIOD_TEXT.create }).waitFor();
    await page.getByTestId('period-row').filter({ hasText: newEnd }).waitFor();

    // A second period (the ticker typed with stray spaces, which are dropped): end before start is
    // refused; then saved, then deleted.
    await ticker.pressSequentially(` ${symbol.toLowerCase()} `);
    expect(await ticker.inputValue()).toBe(symbol);
    await page.getByRole('button', { name: PERIOD_TEXT.check }).click();
    await page.getByTestId('symbol-info').waitFor();
    await page.getByLabel(PERIOD_TEXT.startDate).fill(end);
    await page.getByLabel(PERIOD_TEXT.endDate).fill(start);
    await page.getByRole('button', { name: PERIOD_TEXT.create }).click();
    await page.getByText(PERIOD_ERRORS.endAfterStart).waitFor();
    await page.getByLabel(PERIOD_TEXT.startDate).fill(start);
    await page.getByLabel(PERIOD_TEXT.endDate).fill(end);
    await page.getByRole('button', { name: PERIOD_TEXT.create }).click();
    await page.getByTestId('period-row').nth(1).waitFor();
    await shot(page, 'stockperiod-desktop');
    await page.getByRole('button', { name: `${PERIOD_TEXT.delete} ${symbol} ${start}` }).nth(1).click();
    await page.getByTestId('period-row').nth(1).waitFor({ state: 'detached' });
    expect(await page.getByTestId('period-row').count()).toBe(1);

    const templates = (await (await page.request.get('/api/templates/')).json()) as TemplateListItem[];
    const periods = (await (await page.request.get('/api/periods/')).json()) as Period[];
    expect(periods.map((p) => [p.stock_ticker, p.start_date, p.end_date])).toEqual([[symbol, start, newEnd]]);
    ids = { templateId: templates[0].id, periodId: periods[0].id };
  });

  it('runs the backtest and shows the engine’s stats and trades, then opens the chart page', async () => {
    await page.goto('/studies');
    await page.getByRole('heading', { name: STUDIES_TEXT.title, level: 1 }).waitFor();
    const run = page.getByRole('button', { name: STUDIES_TEXT.run });
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(ids.templateId));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(ids.periodId));
    expect(await page.getByTestId('conditions').innerText()).toMatch(/BUY\s*when\s*RSI\(14\) < 40\s*SELL\s*when\s*RSI\(14\) > 60/);

    // Hold the answer back a little so the running state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/submit_selection/', async (route) => {
      await held;
      await route.continue();
    });
    await run.click();
    const running = page.getByRole('button', { name: STUDIES_TEXT.running });
    await running.waitFor();
    expect(await running.isDisabled()).toBe(true);
    release();
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
    await page.unroute('**/api/submit_selection/');

    // The API's answer for the same ids, and the engine's on the same bars.
    const api = (await (await post(page, '/api/submit_selection/', { period_id: ids.periodId, template_id: ids.templateId })).json()) as BacktestRun;
    const period = ((await (await page.request.get('/api/periods/')).json()) as Period[])[0];
    const template = (await (await page.request.get(`/api/templates/${ids.templateId}/`)).json()) as TemplateDetail;
    const history = await (await page.request.get(`/api/charts/dhistory/?symbol=${period.stock_ticker}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`)).json();
    expect(template).toMatchObject({ commission: 0.001, cash: 25_000 }); // 0.1 % entered on the form
    const { position_size, commission, cash, indicators } = template;
    const engine = backtest(barsBetween(history, period.start_date, period.end_date), { position_size, commission, cash, indicators });
    expect(api.stats['Commissions [$]']).toBeGreaterThan(0);
    expect(api.stats).toEqual(JSON.parse(JSON.stringify(engine.stats)));
    // the engine's trades, each with why it opened and closed
    expect(api.trades.map(({ Why, ...t }) => t)).toEqual(JSON.parse(JSON.stringify(engine.trades)));
    expect(api.trades.every((t) => t.Why)).toBe(true);
    expect(api.trades.length).toBeGreaterThan(0);

    const shown = await page.locator('tr[data-stat]').evaluateAll((rows) =>
      rows.map((r) => [r.getAttribute('data-stat'), r.querySelector('[data-testid=stat-value]')!.textContent]),
    );
    expect(shown).toEqual(Object.entries(api.stats).map(([k, v]) => [k, formatStat(v, k)]));
    expect(shown.find(([k]) => k === 'Return [%]')![1]).toMatch(/^-?\d+\.\d{2}$/);

    const trades = page.getByTestId('trade-row');
    expect(await trades.count()).toBe(api.trades.length);
    const first = (await trades.first().locator('td').allInnerTexts()).map((s) => s.trim());
    const t0 = api.trades[0];
    expect(first[0]).toBe(String(t0.Size));
    expect(first[3]).toBe(t0.EntryPrice.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(first.slice(7)).toEqual([t0.EntryTime, t0.ExitTime, formatDuration(t0.Duration), EXIT_REASON_TEXT[t0.ExitReason], 'Why']);
    expect(await page.getByTestId('equity-chart').locator('canvas').count()).toBeGreaterThan(0);

    // CSV download of the trades: one line per trade after the header.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: STUDIES_TEXT.downloadTrades }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = parse(csv, { bom: true }) as string[][];
    expect(lines[0]).toEqual(['Size', 'EntryBar', 'ExitBar', 'EntryPrice', 'ExitPrice', 'PnL', 'ReturnPct', 'EntryTime', 'ExitTime', 'Duration', 'ExitReason', 'Why Entry', 'Why Exit']);
    expect(lines.length).toBe(api.trades.length + 1);
    expect(lines[1][3]).toBe(String(t0.EntryPrice));
    expect(lines.slice(1).map((l) => l[10])).toEqual(api.trades.map((t) => t.ExitReason));
    expect(lines.slice(1).map((l) => l.slice(11))).toEqual(api.trades.map((t) => [t.Why!.entry, t.Why!.exit]));
    await shot(page, 'studies-desktop');

    // View Chart opens the static chart page in a new tab, with the ids, and it draws.
    const [chartPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: STUDIES_TEXT.viewChart }).click()]);
    await chartPage.waitForLoadState();
    const url = new URL(chartPage.url());
    expect(url.pathname).toBe('/public/chart.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({ period_id: String(ids.periodId), template_id: String(ids.templateId) });
    await chartPage.locator('#chart canvas').first().waitFor();
    expect(await chartPage.locator('h1').innerText()).toContain(period.stock_ticker);
    expect(await chartPage.getByLabel('Legend').innerText()).toContain('RSI(14)');
    await chartPage.waitForTimeout(300); // let the chart paint before the screenshot
    await shot(chartPage, 'chart-page-desktop');
    await chartPage.close();
  });

  it('shows a template with no trades as such, and another user cannot open this chart', async () => {
    // A BUY that never holds: the run succeeds with no trades.
    const r = await post(page, '/api/templates/', { name: 'Never buys' });
    const never = (await r.json()) as TemplateDetail;
    await post(page, '/api/indicators/', { template: never.id, name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '0' });
    await page.goto('/studies');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(never.id));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(ids.periodId));
    await page.getByRole('button', { name: STUDIES_TEXT.run }).click();
    await page.getByText(STUDIES_ERRORS.noTradesToDisplay).waitFor();
    // Spec §8's message, above the (zero) results, pointing to the template's conditions.
    const message = page.getByRole('alert').filter({ hasText: STUDIES_ERRORS.noTrades });
    await message.waitFor();
    expect(await page.getByTestId('stat-value').first().isVisible()).toBe(true);
    const above = async (a: Locator, b: Locator) => (await a.boundingBox())!.y + (await a.boundingBox())!.height <= (await b.boundingBox())!.y;
    expect(await above(message, page.getByRole('table', { name: STUDIES_TEXT.statsTitle }))).toBe(true);
    expect(await page.locator('tr[data-stat="# Trades"] [data-testid=stat-value]').innerText()).toBe('0');
    await shot(page, 'studies-no-trades-desktop');
    await message.getByRole('link', { name: STUDIES_TEXT.editConditions }).click();
    await page.waitForURL((u) => u.pathname === '/templates');
    await page.getByTestId('template-name').filter({ hasText: /^Never buys$/ }).waitFor();
    expect(await page.getByTestId('condition-text').allInnerTexts()).toEqual(['RSI(14) < 0']);
    // a run with trades shows no such message
    await page.goto('/studies');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(ids.templateId));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(ids.periodId));
    await page.getByRole('button', { name: STUDIES_TEXT.run }).click();
    await page.getByTestId('trade-row').first().waitFor();
    expect(await page.getByText(STUDIES_ERRORS.noTrades).count()).toBe(0);

    const other = await newPage(browser);
    await signUpAndLogIn(other.page);
    await other.page.goto(`/public/chart.html?period_id=${ids.periodId}&template_id=${ids.templateId}`);
    await other.page.getByText(CHART_MESSAGES.notFound).waitFor();
    await other.page.goto('/public/chart.html');
    await other.page.getByText(CHART_MESSAGES.missingIds).waitFor();
    await other.context.close();
  });

  it('fits a 390 px phone on every screen', async () => {
    const phone = await newPage(browser, PHONE);
    await logInViaApi(phone.page, email, TEST_PASSWORD);
    for (const [path, heading] of [
      ['/templates', TEMPLATE_TEXT.title],
      ['/stockperiod', PERIOD_TEXT.title],
      ['/studies', STUDIES_TEXT.title],
    ] as const) {
      await phone.page.goto(path);
      await phone.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      if (path === '/templates') {
        await phone.page.getByRole('list', { name: 'Templates' }).getByRole('button').first().tap();
        await phone.page.getByTestId('indicator-row').first().waitFor();
      }
      if (path === '/stockperiod') {
        await phone.page.getByTestId('period-row').waitFor();
        // The row's actions fit without scrolling the table sideways.
        const del = await phone.page.getByTestId('period-row').getByRole('button', { name: /^Delete / }).boundingBox();
        expect(del!.x + del!.width).toBeLessThanOrEqual(390);
      }
      if (path === '/studies') {
        await phone.page.getByLabel(STUDIES_TEXT.template).selectOption(String(ids.templateId));
        await phone.page.getByLabel(STUDIES_TEXT.period).selectOption(String(ids.periodId));
        await phone.page.getByRole('button', { name: STUDIES_TEXT.run }).tap();
        await phone.page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
      }
      await noHorizontalScroll(phone.page);
      await shot(phone.page, `${path.slice(1)}-phone`);
    }
    await phone.page.goto(`/public/chart.html?period_id=${ids.periodId}&template_id=${ids.templateId}`);
    await phone.page.locator('#chart canvas').first().waitFor();
    await noHorizontalScroll(phone.page);
    await phone.page.waitForTimeout(300);
    await shot(phone.page, 'chart-page-phone');
    await phone.context.close();
  });

  it('follows the dark theme on the Backtest screen and the chart page', async () => {
    const dark = await newPage(browser, { colorScheme: 'dark' });
    await logInViaApi(dark.page, email, TEST_PASSWORD);
    await dark.page.goto('/studies');
    expect(await dark.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await dark.page.getByLabel(STUDIES_TEXT.template).selectOption(String(ids.templateId));
    await dark.page.getByLabel(STUDIES_TEXT.period).selectOption(String(ids.periodId));
    await dark.page.getByRole('button', { name: STUDIES_TEXT.run }).click();
    await dark.page.getByTestId('equity-chart').locator('canvas').first().waitFor();
    await dark.page.waitForTimeout(300);
    await shot(dark.page, 'studies-desktop-dark');
    await dark.page.goto(`/public/chart.html?period_id=${ids.periodId}&template_id=${ids.templateId}`);
    await dark.page.locator('#chart canvas').first().waitFor();
    expect(await dark.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await dark.page.waitForTimeout(300);
    await shot(dark.page, 'chart-page-desktop-dark');
    await dark.context.close();
  });
});
