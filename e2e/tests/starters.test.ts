import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SCANNER_PRESETS, SYMBOL_NOT_FOUND, type Starter, type StarterSymbol, type TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn, signUpViaApi, TEST_PASSWORD, uniqueEmail } from '../harness/account.ts';
import { FIRST_BACKTEST_TEXT } from '../../apps/web/src/components/firstBacktestText.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';
import { SCANNER_MESSAGES, SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// Starter strategies in real Chromium against the real server and its demo market: a new user's
// first backtest
// from the home page (counted in clicks), the same from the empty Backtest screen and through the
// login, copying a starter on the Templates screen, and a scanner preset that fills the form.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('starters');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);
const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** Waits until an input shows `value` (a default that arrives with an answer). */
async function waitForValue(input: Locator, value: string) {
  for (let i = 0; i < 100 && (await input.inputValue()) !== value; i++) await new Promise((r) => setTimeout(r, 50));
  expect(await input.inputValue()).toBe(value);
}

/** The results of the Backtest screen: stats, at least one trade row, and the equity chart. */
async function seesResults(page: Page) {
  await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
  await page.getByTestId('trade-row').first().waitFor();
  await page.getByTestId('equity-chart').locator('canvas').first().waitFor();
}

describe('the first five minutes: a first backtest, starters and presets', () => {
  let browser: Browser;
  let starters: Starter[];
  let symbol: StarterSymbol;

  beforeAll(async () => {
    browser = await sharedBrowser();
    const { page, context } = await newPage(browser);
    starters = await (await page.request.get('/api/starters/')).json();
    symbol = await (await page.request.get('/api/starters/symbol/')).json();
    await context.close();
  });

  it('a new user runs a starter from the home page and sees stats, trades and the chart in under three clicks', async () => {
    const { page, context } = await newPage(browser);
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await signUpAndLogIn(page);
    let clicks = 0;
    const click = async (target: Locator) => {
      clicks++;
      await target.click();
    };

    await page.goto('/');
    const card = page.getByTestId('first-backtest');
    await card.getByRole('heading', { name: FIRST_BACKTEST_TEXT.title }).waitFor();
    // defaults: the first starter, and the market's most liquid symbol, shown
    expect(await card.getByLabel(FIRST_BACKTEST_TEXT.starter).inputValue()).toBe(starters[0].slug);
    await waitForValue(card.getByLabel(FIRST_BACKTEST_TEXT.symbol), symbol.symbol!);
    await card.getByText(FIRST_BACKTEST_TEXT.symbolHint(symbol.symbol!, symbol.name)).waitFor();
    expect(await card.getByTestId('starter-rules').innerText()).toContain(`${FIRST_BACKTEST_TEXT.buyWhen} ${starters[0].buy[0]}`);
    await shot(page, 'home-first-backtest-desktop');

    await click(card.getByRole('button', { name: FIRST_BACKTEST_TEXT.run, exact: true }));
    await page.waitForURL((u) => u.pathname === '/studies');
    await seesResults(page);
    // the screen shows what ran, and the address is the result's (a reload or a bookmark shows it again)
    expect(new URL(page.url()).searchParams.get('run')).toBe('1');
    expect(await page.getByRole('heading', { level: 2 }).filter({ hasText: ' on ' }).innerText()).toBe(`${starters[0].name} on ${symbol.symbol}`);
    expect(await page.getByTestId('conditions').innerText()).toContain(starters[0].buy[0]);
    await shot(page, 'studies-first-backtest-desktop');

    const [chart] = await Promise.all([context.waitForEvent('page'), click(page.getByRole('button', { name: STUDIES_TEXT.viewChart }))]);
    await chart.locator('#chart canvas').first().waitFor();
    expect(await chart.locator('h1').innerText()).toContain(symbol.symbol!);
    expect(clicks).toBeLessThan(3);

    // what the run created: a copy of the starter and the five years up to the last bar
    const templates = (await (await page.request.get('/api/templates/')).json()) as TemplateDetail[];
    expect(templates.map((t) => t.name)).toEqual([starters[0].name]);
    const [period] = await (await page.request.get('/api/periods/')).json();
    expect(period.stock_ticker).toBe(symbol.symbol);
    expect(Number(period.end_date.slice(0, 4)) - Number(period.start_date.slice(0, 4))).toBe(5);
    await context.close();
  });

  it('the empty Backtest screen offers the same: another starter, a symbol typed, symbol not found under the field', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    await page.goto('/studies');
    await page.getByText(STUDIES_TEXT.noTemplates).waitFor();
    const card = page.getByTestId('first-backtest');
    const stops = starters.find((s) => s.slug === 'rsi-reversion-stops')!;
    await card.getByLabel(FIRST_BACKTEST_TEXT.starter).selectOption(stops.slug);
    expect(await card.getByTestId('starter-rules').innerText()).toContain('stop 5 %, target 15 %, risk 1 % of equity');
    const field = card.getByLabel(FIRST_BACKTEST_TEXT.symbol);
    await field.fill('zzzzq');
    expect(await field.inputValue()).toBe('ZZZZQ');
    await card.getByRole('button', { name: FIRST_BACKTEST_TEXT.run, exact: true }).click();
    await card.getByText(SYMBOL_NOT_FOUND, { exact: true }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'studies-empty-desktop');
    await field.fill(symbol.symbol!);
    await card.getByRole('button', { name: FIRST_BACKTEST_TEXT.run, exact: true }).click();
    await seesResults(page);
    expect(await page.getByTestId('conditions').getByTestId('template-settings').innerText()).toContain('stop 5 %, target 15 %, risk 1 % of equity');
    await page.getByTestId('first-backtest').waitFor({ state: 'detached' }); // not empty any more
    await context.close();
  });

  it('signed out, Run goes to the login and comes back to run', async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail('first');
    await signUpViaApi(page, email);
    await page.goto('/');
    const card = page.getByTestId('first-backtest');
    await card.getByLabel(FIRST_BACKTEST_TEXT.starter).selectOption(starters[1].slug);
    await card.getByRole('button', { name: FIRST_BACKTEST_TEXT.run, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/studies');
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
    const templates = (await (await page.request.get('/api/templates/')).json()) as { name: string }[];
    expect(templates.map((t) => t.name)).toEqual([starters[1].name]);
    await context.close();
  });

  it('Templates: "Copy a starter" by keyboard copies it with its rows, numbering a second copy', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    await page.goto('/templates');
    await page.getByText(TEMPLATE_TEXT.empty).waitFor();
    const menuButton = page.getByRole('button', { name: TEMPLATE_TEXT.copyStarter });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: TEMPLATE_TEXT.copyStarter });
    expect(await menu.getByRole('menuitem').count()).toBe(starters.length);
    await shot(page, 'templates-copy-starter-menu-desktop');
    await page.keyboard.press('ArrowDown'); // the second starter
    await page.keyboard.press('Enter');
    await page.getByText(TEMPLATE_TEXT.copied(starters[1].name)).waitFor();
    await page.getByTestId('template-name').filter({ hasText: starters[1].name }).waitFor();
    expect(await page.getByTestId('indicator-row').count()).toBe(starters[1].buy.length + starters[1].sell.length);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(TEMPLATE_TEXT.copyStarter); // focus back on the button

    await menuButton.click();
    await menu.getByRole('menuitem').filter({ has: page.getByText(starters[1].name, { exact: true }) }).click();
    await page.getByTestId('template-name').filter({ hasText: `${starters[1].name} (2)` }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('list', { name: 'Templates' }).getByRole('button').allInnerTexts()).toEqual([starters[1].name, `${starters[1].name} (2)`]);
    await shot(page, 'templates-copied-desktop');
    await context.close();
  });

  it('Scanner: a preset fills the form without scanning; Scan then returns rows', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    let scans = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/scanner/stocks/')) scans++;
    });
    await page.goto('/scanner');
    await page.getByRole('button', { name: SCANNER_TEXT.presets }).click();
    const menu = page.getByRole('menu', { name: SCANNER_TEXT.presets });
    expect(await menu.getByRole('menuitem').count()).toBe(SCANNER_PRESETS.length);
    await shot(page, 'scanner-presets-menu-desktop');
    const preset = SCANNER_PRESETS.find((p) => p.key === 'above-200-day')!;
    await menu.getByRole('menuitem', { name: new RegExp(`^${preset.name}`) }).click();
    await page.getByText(SCANNER_TEXT.presetLoaded(preset.name)).waitFor();
    // the TA tab opens with the SMA(200) row; the Basic tab counts its one row
    expect(await page.getByRole('tab', { name: /^TA/ }).getAttribute('aria-selected')).toBe('true');
    const sma = page.locator('li[data-filter-type="sma"]');
    await sma.waitFor();
    expect(await sma.locator('input').first().inputValue()).toBe('200');
    expect(await page.getByRole('tab', { name: /^Basic/ }).innerText()).toContain('1');
    expect(await page.getByTestId('scan-status').innerText()).toBe(SCANNER_MESSAGES.noResults);
    expect(scans).toBe(0);

    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/scanner/stocks/')), page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).click()]);
    await page.getByTestId('scan-status').filter({ hasText: /Stocks found/ }).waitFor();
    expect(await page.getByRole('table', { name: SCANNER_TEXT.resultsTable }).locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'scanner-preset-results-desktop');
    await context.close();
  });

  it('fits a 390 px phone: the home page’s first backtest and the scanner’s presets', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/');
    await page.getByTestId('first-backtest').waitFor();
    await page.getByTestId('starter-rules').waitFor();
    await noHorizontalScroll(page);
    await shot(page, 'home-phone');
    await page.goto('/scanner');
    await page.getByRole('button', { name: SCANNER_TEXT.presets }).tap();
    await page.getByRole('menu', { name: SCANNER_TEXT.presets }).waitFor();
    // the list opens on the screen, whichever side of the header the button sits
    const box = (await page.getByRole('menu', { name: SCANNER_TEXT.presets }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await noHorizontalScroll(page);
    await shot(page, 'scanner-presets-phone');
    await page.getByRole('menuitem', { name: /^Oversold large caps/ }).tap();
    await page.locator('li[data-filter-type="rsi"]').waitFor();
    await noHorizontalScroll(page);
    await context.close();
  });
});
