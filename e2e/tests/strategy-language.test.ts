import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { TEMPLATE_EXITS, type BacktestChart, type BacktestRun, type Candle, type StarterSymbol, type TemplateDetail, type TemplateListItem } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { logInViaApi, signUpAndLogIn, TEST_PASSWORD } from '../harness/account.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { EXIT_REASON_TEXT } from '../../apps/web/src/features/studies/format.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The strategy language on the screens, in real Chromium against the real server's demo market: a
// golden cross built in the template builder (an indicator compared with another, "crosses above"),
// read back in words, run, and both averages drawn on the chart; a short template with a stop whose
// trades have negative sizes and stop-loss exits.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('strategy');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);
const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
const exitInput = (page: Page, f: keyof typeof TEMPLATE_EXITS) => page.getByLabel(`${TEMPLATE_EXITS[f].label} (${TEMPLATE_EXITS[f].unit})`, { exact: true });

async function createTemplate(page: Page, name: string) {
  await page.goto('/templates');
  await page.getByLabel('Template name').fill(name);
  await page.getByRole('button', { name: TEMPLATE_TEXT.create }).click();
  await page.getByTestId('template-name').filter({ hasText: new RegExp(`^${name}$`) }).waitFor();
}

const openForm = async (page: Page) => {
  await page.getByRole('button', { name: `+ ${TEMPLATE_TEXT.addIndicator}` }).click();
  const form = page.getByRole('form', { name: TEMPLATE_TEXT.indicatorFormTitle });
  await form.waitFor();
  return form;
};
const submit = async (form: Locator) => {
  await form.getByRole('button', { name: TEMPLATE_TEXT.submitIndicator, exact: true }).click();
  await form.waitFor({ state: 'detached' });
};

/** SMA(50) crosses above/below SMA(200), picked field by field as a trader would. */
async function addCross(page: Page, type: 'BUY' | 'SELL', compare: 'crosses_above' | 'crosses_below', words: string) {
  const form = await openForm(page);
  await form.getByLabel('Type', { exact: true }).selectOption(type);
  await form.getByLabel('Indicator', { exact: true }).selectOption('SMA');
  await form.getByLabel('Period', { exact: true }).fill('50');
  await form.getByLabel('Comparison', { exact: true }).selectOption(compare);
  await form.getByLabel('Compared with', { exact: true }).selectOption('indicator');
  const other = form.getByRole('group', { name: 'Compared with indicator' });
  await other.getByLabel('Indicator', { exact: true }).selectOption('SMA');
  await other.getByLabel('Period', { exact: true }).fill('200');
  expect(await form.getByTestId('condition-preview').innerText()).toBe(`${type} when ${words}`);
  await submit(form);
}

/** A period over the demo market's most liquid symbol: its last `bars` bars. */
async function periodOf(page: Page, bars: number): Promise<number> {
  const { symbol } = (await (await page.request.get('/api/starters/symbol/')).json()) as StarterSymbol;
  const candles = (await (await page.request.get(`/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`)).json()) as Candle[];
  const from = candles[Math.max(0, candles.length - bars)].time;
  const r = await post(page, '/api/periods/', { stock_ticker: symbol, start_date: day(from), end_date: day(candles[candles.length - 1].time) });
  expect(r.status()).toBe(201);
  return ((await r.json()) as { id: number }).id;
}

async function run(page: Page, templateId: number, periodId: number) {
  await page.goto('/studies');
  await page.getByLabel(STUDIES_TEXT.template).selectOption(String(templateId));
  await page.getByLabel(STUDIES_TEXT.period).selectOption(String(periodId));
  await page.getByRole('button', { name: STUDIES_TEXT.run }).click();
  await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
}

const templateNamed = async (page: Page, name: string) =>
  ((await (await page.request.get('/api/templates/')).json()) as TemplateListItem[]).find((t) => t.name === name)!.id;

describe('strategy language on the screens', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page, context } = await newPage(browser));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    email = (await signUpAndLogIn(page)).email;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('builds a golden cross, reads it back in words, runs it and draws both averages on the chart', async () => {
    await createTemplate(page, 'Golden cross');
    expect(await page.getByRole('radio', { name: TEMPLATE_TEXT.long }).isChecked()).toBe(true);
    await addCross(page, 'BUY', 'crosses_above', 'SMA(50) crosses above SMA(200)');

    // A 400 the form did not foresee is shown beside the field it names (here the compared indicator's period).
    const form = await openForm(page);
    await form.getByLabel('Indicator', { exact: true }).selectOption('SMA');
    await form.getByLabel('Comparison', { exact: true }).selectOption('crosses_below');
    await form.getByLabel('Compared with', { exact: true }).selectOption('indicator');
    const other = form.getByRole('group', { name: 'Compared with indicator' });
    await other.getByLabel('Indicator', { exact: true }).selectOption('EMA');
    await page.route('**/api/indicators/', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { 'against.period': ['Period is refused by the server'] } }) : route.fallback(),
    );
    await form.getByRole('button', { name: TEMPLATE_TEXT.submitIndicator, exact: true }).click();
    await other.getByText('Period is refused by the server').waitFor();
    expect(await other.getByLabel('Period', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/api/indicators/');
    await form.getByRole('button', { name: TEMPLATE_TEXT.cancel, exact: true }).click();

    await addCross(page, 'SELL', 'crosses_below', 'SMA(50) crosses below SMA(200)');
    expect(await page.getByTestId('rule-text').allInnerTexts()).toEqual(['BUY when SMA(50) crosses above SMA(200)', 'SELL when SMA(50) crosses below SMA(200)']);
    // the side is fixed by the rows now
    expect(await page.getByRole('radio', { name: TEMPLATE_TEXT.short }).isDisabled()).toBe(true);
    await shot(page, 'golden-cross-template');

    const templateId = await templateNamed(page, 'Golden cross');
    const stored = (await (await page.request.get(`/api/templates/${templateId}/`)).json()) as TemplateDetail;
    expect(stored.indicators.map((i) => [i.indicator_type, i.name, i.period, i.compare, i.against?.name, i.against?.period])).toEqual([
      ['BUY', 'SMA', 50, 'crosses_above', 'SMA', 200],
      ['SELL', 'SMA', 50, 'crosses_below', 'SMA', 200],
    ]);

    const periodId = await periodOf(page, 5000);
    await run(page, templateId, periodId);
    expect(await page.getByTestId('conditions').innerText()).toMatch(/BUY\s*when\s*SMA\(50\) crosses above SMA\(200\)\s*SELL\s*when\s*SMA\(50\) crosses below SMA\(200\)/);
    const api = (await (await post(page, '/api/submit_selection/', { period_id: periodId, template_id: templateId })).json()) as BacktestRun;
    expect(api.trades.length).toBeGreaterThan(0);
    expect(await page.getByTestId('trade-row').count()).toBe(api.trades.length);

    const [chart] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: STUDIES_TEXT.viewChart }).click()]);
    await chart.locator('#chart canvas').first().waitFor();
    const legend = await chart.getByLabel('Legend').innerText();
    expect(legend).toContain('SMA(50)');
    expect(legend).toContain('SMA(200)');
    const data = (await (await chart.request.get(`/api/backtest_chart/?period_id=${periodId}&template_id=${templateId}`)).json()) as BacktestChart;
    expect(data.indicators.map((l) => [l.label, l.pane])).toEqual([['SMA(50)', 'price'], ['SMA(200)', 'price']]);
    // every entry is on a bar where SMA(50) went from at or below SMA(200) to above it
    const [fast, slow] = data.indicators.map((l) => l.values);
    for (const m of data.markers.filter((x) => x.kind === 'entry')) {
      const i = data.candles.findIndex((c) => c.time === m.time) - 1; // the signal bar: the entry fills at the next open
      // (≥: the chart's values are rounded to cents, so the two may print equal on the crossing bar)
      expect(fast[i]! >= slow[i]! && fast[i - 1]! <= slow[i - 1]!, `entry at ${day(m.time)}`).toBe(true);
    }
    await chart.waitForTimeout(300);
    await shot(chart, 'golden-cross-chart');
    await chart.close();
  });

  it('builds a short template with a stop: negative sizes and stop-loss exits in the trades', async () => {
    await createTemplate(page, 'Short the pops');
    await page.getByRole('radio', { name: TEMPLATE_TEXT.short }).check();
    for (const [type, compare, value] of [['SHORT', '>', '60'], ['COVER', '<', '40']] as const) {
      const form = await openForm(page);
      expect(await form.getByLabel('Type', { exact: true }).locator('option').allInnerTexts()).toEqual(['Short when', 'Cover when']);
      await form.getByLabel('Type', { exact: true }).selectOption(type);
      await form.getByLabel('Indicator', { exact: true }).selectOption('RSI');
      await form.getByLabel('Comparison', { exact: true }).selectOption(compare);
      await form.getByLabel('Compare value', { exact: true }).fill(value);
      await submit(form);
    }
    expect(await page.getByTestId('rule-text').allInnerTexts()).toEqual(['SHORT when RSI(14) > 60', 'COVER when RSI(14) < 40']);
    await page.getByRole('button', { name: TEMPLATE_TEXT.edit, exact: true }).click();
    await exitInput(page, 'stop_loss_pct').fill('3');
    await page.getByRole('button', { name: TEMPLATE_TEXT.save, exact: true }).click();
    await page.getByTestId('template-name').waitFor();
    expect(await page.getByTestId('template-settings').innerText()).toContain('Stop-loss: 3 %');

    const templateId = await templateNamed(page, 'Short the pops');
    const periodId = await periodOf(page, 760);
    await run(page, templateId, periodId);
    expect(await page.getByTestId('conditions').innerText()).toMatch(/SHORT\s*when\s*RSI\(14\) > 60\s*COVER\s*when\s*RSI\(14\) < 40/);
    const api = (await (await post(page, '/api/submit_selection/', { period_id: periodId, template_id: templateId })).json()) as BacktestRun;
    expect(api.trades.length).toBeGreaterThan(0);
    expect(api.trades.every((t) => t.Size < 0)).toBe(true);
    expect(api.trades.some((t) => t.ExitReason === 'stop')).toBe(true);

    // The table leads with the side; sizes negative; the stop exits in words.
    const table = page.getByRole('table', { name: STUDIES_TEXT.tradesTitle });
    const head = (await table.locator('thead th').allInnerTexts()).map((s) => s.trim().toLowerCase());
    const col = (name: string) => head.indexOf(name);
    expect(col('side')).toBe(0);
    const cells = await page.getByTestId('trade-row').evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => (c as HTMLElement).innerText.trim())));
    expect(cells.map((c) => c[col('side')])).toEqual(api.trades.map(() => 'Short'));
    expect(cells.map((c) => Number(c[col('size')]))).toEqual(api.trades.map((t) => t.Size));
    expect(cells.map((c) => c[col('exit')])).toEqual(api.trades.map((t) => EXIT_REASON_TEXT[t.ExitReason]));
    expect(cells.some((c) => c[col('exit')] === EXIT_REASON_TEXT.stop)).toBe(true);
    for (const t of api.trades) if (t.ExitReason === 'stop') expect(t.ExitPrice).toBeGreaterThanOrEqual(t.EntryPrice * 1.03 - 1e-9);

    // The CSV says the side too.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: STUDIES_TEXT.downloadTrades }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(lines[0].startsWith('Side,Size,')).toBe(true);
    expect(lines.slice(1).every((l) => l.startsWith('Short,-'))).toBe(true);
    await shot(page, 'short-trades');

    // The chart marks short entries and covers apart from long trades.
    const [chart] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: STUDIES_TEXT.viewChart }).click()]);
    await chart.locator('#chart canvas').first().waitFor();
    expect(await chart.getByLabel('Legend').locator('[data-side=short]').count()).toBe(1);
    expect(await chart.getByLabel('Legend').locator('[data-exit=stop]').count()).toBe(1);
    await chart.waitForTimeout(300);
    await shot(chart, 'short-chart');
    await chart.close();
  });

  it('fits a 390 px phone: the builder with another indicator to compare with', async () => {
    const phone = await newPage(browser, PHONE);
    await logInViaApi(phone.page, email, TEST_PASSWORD);
    await phone.page.goto(`/templates?template=${await templateNamed(page, 'Golden cross')}`);
    await phone.page.getByTestId('rule-text').first().waitFor();
    const form = await openForm(phone.page);
    await form.getByLabel('Indicator', { exact: true }).selectOption('MACD');
    expect(await form.getByLabel('Output', { exact: true }).locator('option').allInnerTexts()).toEqual(['MACD line', 'Signal line', 'Histogram']);
    await form.getByLabel('Compared with', { exact: true }).selectOption('indicator');
    await form.getByRole('group', { name: 'Compared with indicator' }).getByLabel('Indicator', { exact: true }).selectOption('MACD');
    await form.getByRole('group', { name: 'Compared with indicator' }).getByLabel('Output', { exact: true }).selectOption('signal');
    await form.getByLabel('Comparison', { exact: true }).selectOption('crosses_above');
    expect(await form.getByTestId('condition-preview').innerText()).toBe('BUY when MACD(12, 26, 9) crosses above MACD signal(12, 26, 9)');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone.page, 'builder-phone');
    await phone.context.close();
  });
});
