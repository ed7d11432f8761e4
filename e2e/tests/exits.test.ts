import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { exitFieldError, RISK_NEEDS_STOP_MESSAGE, TEMPLATE_EXITS, type BacktestRun, type Candle, type StarterSymbol, type TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { logInViaApi, signUpAndLogIn, TEST_PASSWORD, uniqueEmail, signUpViaApi } from '../harness/account.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { EXIT_REASON_TEXT, TRADE_COLUMNS } from '../../apps/web/src/features/studies/format.ts';
import { RRC_TEXT } from '../../apps/web/src/features/rrc/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// Exits, costs and risk sizing in real Chromium against the real server's demo market: a template
// with a stop-loss, a
// take-profit and risk sizing built on the Templates screen ("Exits & costs", with the API's messages),
// run on the Backtest screen (the exits in the conditions line, trades that end at the stop and at the
// target), the chart page's SL/TP markers and stop/target levels, and the calculator's "Use in a
// template" through the login.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('exits');
const shot = (page: Page, name: string, fullPage = true) => shotInto(SHOTS, page, name, { fullPage });

/** A write through the API as the page would send it: with the site's Origin (cookie writes need it). */

const exitInput = (page: Page, f: keyof typeof TEMPLATE_EXITS) => page.getByLabel(`${TEMPLATE_EXITS[f].label} (${TEMPLATE_EXITS[f].unit})`, { exact: true });

async function addIndicator(page: Page, pick: { type: 'BUY' | 'SELL'; compare: string; cvalue: string }) {
  await page.getByRole('button', { name: `+ ${TEMPLATE_TEXT.addIndicator}` }).click();
  const form = page.getByRole('form', { name: TEMPLATE_TEXT.indicatorFormTitle });
  await form.getByLabel('Indicator').selectOption('RSI');
  await form.getByLabel('Type').selectOption(pick.type);
  await form.getByLabel('Comparison').selectOption(pick.compare);
  await form.getByLabel('Compare value').fill(pick.cvalue);
  await form.getByRole('button', { name: TEMPLATE_TEXT.submitIndicator, exact: true }).click();
  await form.waitFor({ state: 'detached' });
}

describe('exits, costs and risk sizing on the screens', () => {
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

  it('builds a template with a stop-loss, a take-profit and risk sizing, with the API’s words for bad values', async () => {
    await page.goto('/templates');
    await page.getByLabel('Template name').fill('RSI 40/60 with exits');
    await page.getByRole('button', { name: TEMPLATE_TEXT.create }).click();
    await page.getByTestId('template-name').filter({ hasText: /^RSI 40\/60 with exits$/ }).waitFor();
    await addIndicator(page, { type: 'BUY', compare: '<', cvalue: '40' });
    await addIndicator(page, { type: 'SELL', compare: '>', cvalue: '60' });

    await page.getByRole('button', { name: TEMPLATE_TEXT.edit, exact: true }).click();
    const exits = page.getByTestId('exits-fieldset');
    await page.getByRole('group', { name: TEMPLATE_TEXT.exitsTitle }).waitFor();
    // every field empty (not used), each explained in one line
    for (const f of Object.keys(TEMPLATE_EXITS) as (keyof typeof TEMPLATE_EXITS)[]) {
      expect(await exitInput(page, f).inputValue()).toBe('');
      await exits.getByText(TEMPLATE_EXITS[f].hint).waitFor();
    }
    // risk sizing without a stop, a stop of 100 %: refused with the API's messages
    await exitInput(page, 'risk_pct').fill('1');
    await page.getByText(RISK_NEEDS_STOP_MESSAGE).waitFor();
    await exitInput(page, 'stop_loss_pct').fill('100');
    await page.getByText(exitFieldError('stop_loss_pct', 1)!).waitFor();
    await page.getByRole('button', { name: TEMPLATE_TEXT.save, exact: true }).click();
    expect(await page.getByTestId('template-name').count()).toBe(0); // refused: still editing
    await shot(page, 'template-exits-errors-desktop');

    // A 400 the form did not foresee is shown under the field it names.
    await exitInput(page, 'stop_loss_pct').fill('3');
    await exitInput(page, 'take_profit_pct').fill('6');
    await page.route('**/api/templates/*/', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 400, json: { take_profit_pct: ['Take-profit is refused by the server'] } }) : route.fallback(),
    );
    await page.getByRole('button', { name: TEMPLATE_TEXT.save, exact: true }).click();
    await page.getByText('Take-profit is refused by the server').waitFor();
    expect(await exitInput(page, 'take_profit_pct').getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/api/templates/*/');

    await page.getByRole('button', { name: TEMPLATE_TEXT.save, exact: true }).click();
    await page.getByTestId('template-name').waitFor();
    expect(await page.getByTestId('template-settings').innerText()).toContain('Stop-loss: 3 % · Take-profit: 6 % · Risk per trade: 1 %');
    const list = (await (await page.request.get('/api/templates/')).json()) as { id: number }[];
    const stored = (await (await page.request.get(`/api/templates/${list[0].id}/`)).json()) as TemplateDetail;
    expect(stored).toMatchObject({ stop_loss_pct: 0.03, take_profit_pct: 0.06, risk_pct: 0.01, trailing_stop_pct: null, spread: null, commission_fixed: null });
    await shot(page, 'template-exits-desktop');

    // Emptying a field stops using it (null clears it on the server).
    await page.getByRole('button', { name: TEMPLATE_TEXT.edit, exact: true }).click();
    expect(await exitInput(page, 'take_profit_pct').inputValue()).toBe('6');
    await exitInput(page, 'trailing_stop_pct').fill('8');
    await page.getByRole('button', { name: TEMPLATE_TEXT.save, exact: true }).click();
    await page.getByTestId('template-name').waitFor();
    await page.getByRole('button', { name: TEMPLATE_TEXT.edit, exact: true }).click();
    await exitInput(page, 'trailing_stop_pct').fill('');
    await page.getByRole('button', { name: TEMPLATE_TEXT.save, exact: true }).click();
    await page.getByTestId('template-name').waitFor();
    expect((await (await page.request.get(`/api/templates/${stored.id}/`)).json()).trailing_stop_pct).toBeNull();

    // A period of the last three years of the market's most liquid symbol.
    const { symbol } = (await (await page.request.get('/api/starters/symbol/')).json()) as StarterSymbol;
    const candles = (await (await page.request.get(`/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`)).json()) as Candle[];
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const period = await post(page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[candles.length - 760].time), end_date: day(candles[candles.length - 1].time) });
    expect(period.status()).toBe(201);
    ids = { templateId: stored.id, periodId: ((await period.json()) as { id: number }).id };
  });

  it('runs it: the conditions line says the exits, trades end at the stop and at the target, and the chart marks them', async () => {
    await page.goto('/studies');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(ids.templateId));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(ids.periodId));
    expect(await page.getByTestId('conditions').getByTestId('template-settings').innerText()).toBe(
      '99% of equity per trade · 0% commission · $10,000 starting cash · stop 3 %, target 6 %, risk 1 % of equity',
    );
    await page.getByRole('button', { name: STUDIES_TEXT.run }).click();
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();

    // The answer says why each trade ended, and the trades table's Exit column shows it in words.
    const api = (await (await post(page, '/api/submit_selection/', { period_id: ids.periodId, template_id: ids.templateId })).json()) as BacktestRun;
    expect(await page.getByTestId('trade-row').count()).toBe(api.trades.length);
    const exitColumn = TRADE_COLUMNS.findIndex((c) => c.key === 'ExitReason');
    expect(await page.getByRole('table', { name: STUDIES_TEXT.tradesTitle }).locator('thead th').nth(exitColumn).innerText()).toMatch(/^exit$/i);
    expect(await page.getByTestId('trade-row').evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.trim()), exitColumn)).toEqual(
      api.trades.map((t) => EXIT_REASON_TEXT[t.ExitReason]),
    );
    const reasons = new Set(api.trades.map((t) => t.ExitReason));
    expect(reasons.has('stop') && reasons.has('target')).toBe(true);
    for (const t of api.trades) {
      if (t.ExitReason === 'stop') expect(t.ExitPrice).toBeLessThanOrEqual(t.EntryPrice * 0.97 + 1e-9);
      if (t.ExitReason === 'target') expect(t.ExitPrice).toBeGreaterThanOrEqual(t.EntryPrice * 1.06 - 1e-9);
    }
    await shot(page, 'studies-exits-desktop');

    const [chart] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: STUDIES_TEXT.viewChart }).click()]);
    await chart.locator('#chart canvas').first().waitFor();
    const legend = chart.getByLabel('Legend');
    expect(await legend.locator('[data-exit]').evaluateAll((els) => els.map((e) => e.getAttribute('data-exit')))).toEqual(
      ['stop', 'target'].filter((r) => reasons.has(r as 'stop')),
    );
    expect(await legend.locator('[data-level]').evaluateAll((els) => els.map((e) => e.getAttribute('data-level')))).toEqual(['stop', 'target']);
    expect(await legend.innerText()).toMatch(/SL\s*stop-loss exit/);
    await chart.waitForTimeout(300);
    await shot(chart, 'chart-exits-desktop');
    // Zoomed in on the last months, where the SL/TP labels and each trade's levels can be read.
    const box = (await chart.locator('#chart').boundingBox())!;
    await chart.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.2);
    for (let i = 0; i < 12; i++) await chart.mouse.wheel(0, -400);
    await chart.waitForTimeout(400);
    await shot(chart, 'chart-exits-zoomed-desktop', false);
    await chart.close();
  });

  it('fits a 390 px phone: the exits section and the chart page', async () => {
    const phone = await newPage(browser, PHONE);
    await logInViaApi(phone.page, email, TEST_PASSWORD);
    await phone.page.goto('/templates');
    await phone.page.getByRole('list', { name: 'Templates' }).getByRole('button').first().tap();
    await phone.page.getByRole('button', { name: TEMPLATE_TEXT.edit, exact: true }).tap();
    await exitInput(phone.page, 'stop_loss_pct').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone.page, 'template-exits-phone');
    await phone.page.goto(`/public/chart.html?period_id=${ids.periodId}&template_id=${ids.templateId}`);
    await phone.page.locator('#chart canvas').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.waitForTimeout(300);
    await shot(phone.page, 'chart-exits-phone');
    await phone.context.close();
  });

  it('the calculator’s stop and risk open a new template, through the login, and it is created with them', async () => {
    const visitor = await newPage(browser);
    const who = uniqueEmail('rrc');
    await signUpViaApi(visitor.page, who);
    await visitor.page.goto('/rrc');
    await visitor.page.getByRole('link', { name: RRC_TEXT.useInTemplate }).click();
    // /templates is guarded: the login comes first, and brings the values back
    await visitor.page.waitForURL((u) => u.pathname === '/login');
    await visitor.page.getByLabel('Email').fill(who);
    await visitor.page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await visitor.page.getByRole('button', { name: 'Log in' }).click();
    await visitor.page.waitForURL((u) => u.pathname === '/templates');
    expect(new URL(visitor.page.url()).search).toBe('?new=1&stop_loss_pct=0.04&risk_pct=0.00036');
    const form = visitor.page.getByRole('form', { name: TEMPLATE_TEXT.newTitle });
    expect(await exitInput(visitor.page, 'stop_loss_pct').inputValue()).toBe('4');
    expect(await exitInput(visitor.page, 'risk_pct').inputValue()).toBe('0.036');
    expect(await exitInput(visitor.page, 'take_profit_pct').inputValue()).toBe('');
    await shot(visitor.page, 'template-from-rrc-desktop');
    await form.getByRole('button', { name: TEMPLATE_TEXT.newCreate }).click();
    await form.getByText(TEMPLATE_TEXT.namePlaceholder).waitFor(); // spec §5: a name is required
    await form.getByLabel('Name', { exact: true }).fill('AAPL 4 % stop');
    await form.getByRole('button', { name: TEMPLATE_TEXT.newCreate }).click();
    await visitor.page.getByTestId('template-name').filter({ hasText: /^AAPL 4 % stop$/ }).waitFor();
    expect(new URL(visitor.page.url()).search).toBe('');
    expect(await visitor.page.getByTestId('template-settings').innerText()).toContain('Stop-loss: 4 % · Risk per trade: 0.036 %');
    const list = (await (await visitor.page.request.get('/api/templates/')).json()) as { id: number }[];
    expect(await (await visitor.page.request.get(`/api/templates/${list[0].id}/`)).json()).toMatchObject({ stop_loss_pct: 0.04, risk_pct: 0.00036 });
    await visitor.context.close();
  });
});
