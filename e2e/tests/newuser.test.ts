import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SYMBOL_NOT_FOUND, type StarterSymbol, type SymbolSearchResult } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn, signUpViaApi, TEST_PASSWORD, uniqueEmail } from '../harness/account.ts';
import { startGoogleStandIn, type GoogleStandIn } from '../harness/google.ts';
import { startServer, type RunningServer } from '../harness/server.ts';
import { SYMBOL_SEARCH_TEXT } from '../../apps/web/src/components/symbolSearchText.ts';
import { PERIOD_TEXT } from '../../apps/web/src/features/periods/texts.ts';
import { RRC_TEXT } from '../../apps/web/src/features/rrc/texts.ts';
import { SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// A new user in real Chromium against the real server and its demo market: nothing typed
// is lost across sign-in (scanner filters, the guard's destination through the sign-up detour), and the
// symbol box offers listings by company name, and says which market is loaded when a ticker is not in it.

const SHOTS = screenshotDir('newuser');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

const rowOf = (page: Page, type: string) => page.locator(`li[data-filter-type="${type}"]`);
const tab = (page: Page, name: 'Basic' | 'TA' | 'FA') => page.getByRole('tab', { name: new RegExp(`^${name}`) });

async function addFilter(page: Page, category: 'Basic' | 'TA' | 'FA', type: string): Promise<Locator> {
  await tab(page, category).click();
  await page.getByLabel(`New ${category} filter`, { exact: true }).selectOption(type);
  await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
  const row = rowOf(page, type).first();
  await row.waitFor();
  return row;
}

async function fillLogin(page: Page, email: string) {
  // the previous screen stays until the lazily loaded login page has rendered
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function fillSignup(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Sign up' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('what a new user meets: nothing lost at sign-in, symbols found by name', () => {
  let browser: Browser;
  let liquid: StarterSymbol; // the market's most traded listing

  beforeAll(async () => {
    browser = await sharedBrowser();
    const { page, context } = await newPage(browser);
    liquid = await (await page.request.get('/api/starters/symbol/')).json();
    await context.close();
  });

  it('a signed-out scanner filter survives Login to Scan', async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail('scanner-draft');
    await signUpViaApi(page, email);
    await page.goto('/scanner');
    await page.getByRole('heading', { name: SCANNER_TEXT.title, level: 1 }).waitFor();
    const price = await addFilter(page, 'Basic', 'price');
    await price.getByLabel('Operator', { exact: true }).selectOption('lte');
    await price.getByLabel('Value', { exact: true }).fill('42');
    const rsi = await addFilter(page, 'TA', 'rsi');
    await rsi.getByLabel('Period', { exact: true }).fill('9');
    await rsi.getByLabel('Period', { exact: true }).blur();

    await page.getByRole('button', { name: SCANNER_TEXT.loginToScan }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await fillLogin(page, email);
    await page.waitForURL((u) => u.pathname === '/scanner');

    // signed in now (Scan instead of Login to Scan), on the tab last shown, with both filters as left
    await page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).waitFor();
    expect(await tab(page, 'TA').getAttribute('aria-selected')).toBe('true');
    expect(await rowOf(page, 'rsi').getByLabel('Period', { exact: true }).inputValue()).toBe('9');
    await tab(page, 'Basic').click();
    expect(await rowOf(page, 'price').getByLabel('Operator', { exact: true }).inputValue()).toBe('lte');
    expect(await rowOf(page, 'price').getByLabel('Value', { exact: true }).inputValue()).toBe('42');
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await shot(page, `scanner-restored-${name}`);
    }
    // carried across one sign-in, not kept forever: a reload now starts empty, as before
    await page.reload();
    await page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).waitFor();
    expect(await page.locator('li[data-filter-type]').count()).toBe(0);
    await context.close();
  });

  it('sign-up from a guarded page ends on that page, by the Sign up link or by typing /signup', async () => {
    for (const how of ['link', 'address'] as const) {
      const { page, context } = await newPage(browser);
      await page.goto('/studies');
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      if (how === 'link') await page.getByRole('link', { name: 'Sign up' }).click();
      else await page.goto('/signup'); // no router state: the tab's remembered destination answers
      await page.waitForURL((u) => u.pathname === '/signup');
      const email = uniqueEmail(`guarded-${how}`);
      await fillSignup(page, email);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText('Your account has been created. Please log in.').waitFor();
      await fillLogin(page, email);
      await page.waitForURL((u) => u.pathname !== '/login');
      expect(new URL(page.url()).pathname, how).toBe('/studies');
      // once used, the destination is forgotten (a later login of this tab goes home)
      expect(await page.evaluate(() => sessionStorage.getItem('auth_return_to'))).toBeNull();
      await context.close();
    }
  });

  it('a new period typed as the session expires comes back after logging in again', async () => {
    const { page, context } = await newPage(browser);
    const account = await signUpAndLogIn(page);
    await page.goto('/stockperiod');
    const box = page.getByRole('combobox', { name: PERIOD_TEXT.ticker });
    await box.fill(liquid.symbol!);
    await page.getByRole('button', { name: PERIOD_TEXT.check }).click();
    await page.getByTestId('symbol-info').waitFor();
    await page.getByLabel(PERIOD_TEXT.startDate).fill('2021-03-01');
    await page.getByLabel(PERIOD_TEXT.endDate).fill('2023-06-30');
    // the server-side session ends while the page is open; saving finds out
    await context.clearCookies({ name: 'access_token' });
    await context.clearCookies({ name: '_refresh' });
    await page.getByRole('button', { name: PERIOD_TEXT.create }).click();
    const banner = page.getByTestId('session-expired-banner');
    await banner.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await fillLogin(page, account.email);
    await page.waitForURL((u) => u.pathname === '/stockperiod');
    await page.getByRole('combobox', { name: PERIOD_TEXT.ticker }).waitFor();
    expect(await page.getByRole('combobox', { name: PERIOD_TEXT.ticker }).inputValue()).toBe(liquid.symbol);
    expect(await page.getByLabel(PERIOD_TEXT.startDate).inputValue()).toBe('2021-03-01');
    expect(await page.getByLabel(PERIOD_TEXT.endDate).inputValue()).toBe('2023-06-30');
    await page.getByText(PERIOD_TEXT.empty).waitFor(); // the save the expiry interrupted did not happen
    await context.close();
  });

  it('typing a company name on Stock Periods offers its ticker; the keyboard picks it and the check runs', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    await page.goto('/stockperiod');
    const box = page.getByRole('combobox', { name: PERIOD_TEXT.ticker });
    await box.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    // the first word of the most traded listing's name, as a user would type it
    const word = liquid.name!.split(/\s+/)[0].toLowerCase();
    const expected: SymbolSearchResult = await (await page.request.get(`/api/symbols/search/?q=${encodeURIComponent(word)}`)).json();
    const at = expected.results.findIndex((m) => m.symbol === liquid.symbol);
    expect(at).toBeGreaterThanOrEqual(0);
    await box.pressSequentially(word, { delay: 20 });
    const list = page.getByRole('listbox');
    const option = list.getByRole('option').filter({ hasText: liquid.symbol! });
    await option.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    expect(await list.getByRole('option').count()).toBe(expected.results.length);
    expect(await option.innerText()).toContain(liquid.name!);

    for (let i = 0; i <= at; i++) await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    expect(await option.getAttribute('aria-selected')).toBe('true');
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await shot(page, `periods-options-${name}`);
    }
    await box.press('Enter');
    expect(await box.inputValue()).toBe(liquid.symbol);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    // a picked listing is checked at once: the period can be saved
    expect(await page.getByTestId('symbol-info').innerText()).toContain(liquid.name!);

    // Escape closes the list and leaves what was typed
    await box.fill('');
    await box.pressSequentially(word.slice(0, 3));
    await list.getByRole('option').first().waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe(word.slice(0, 3).toUpperCase());
    // the mouse picks too
    await box.press('ArrowDown');
    await list.getByRole('option').first().waitFor();
    const first = (await list.getByRole('option').first().locator('span').first().innerText()).trim();
    await list.getByRole('option').first().click();
    expect(await box.inputValue()).toBe(first);
    await context.close();
  });

  it("a ticker the demo market lacks: the spec's 'symbol not found', which market is loaded, and listings to pick", async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    expect((await page.request.get('/api/check_symbol/?symbol=AAPL')).status()).toBe(404);
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.goto('/stockperiod');
      const box = page.getByRole('combobox', { name: PERIOD_TEXT.ticker });
      await box.fill('AAPL');
      await page.getByRole('button', { name: PERIOD_TEXT.check }).click();
      await page.getByRole('alert').filter({ hasText: SYMBOL_NOT_FOUND }).waitFor();
      expect(await page.getByRole('alert').filter({ hasText: SYMBOL_NOT_FOUND }).innerText()).toBe(SYMBOL_NOT_FOUND);
      const hint = page.getByTestId('symbol-suggestions');
      await hint.getByText(SYMBOL_SEARCH_TEXT.notInMarket('AAPL', true, 0).split(': ')[1]).waitFor();
      expect(await hint.getByRole('button').count()).toBeGreaterThan(0);
      if (name === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `periods-not-found-${name}`);
    }
    // a suggestion fills the box and checks it
    const suggestion = page.getByTestId('symbol-suggestions').getByRole('button').first();
    const ticker = (await suggestion.innerText()).split(/\s/)[0];
    await suggestion.click();
    expect(await page.getByRole('combobox', { name: PERIOD_TEXT.ticker }).inputValue()).toBe(ticker);
    await page.getByTestId('symbol-info').waitFor();
    expect(await page.getByTestId('symbol-suggestions').count()).toBe(0);
    await context.close();
  });

  it('the calculator offers listings too, keeping its default and free text', async () => {
    const { page, context } = await newPage(browser);
    const word = liquid.name!.split(/\s+/)[0].toLowerCase();
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.goto('/rrc');
      const box = page.getByRole('combobox', { name: RRC_TEXT.symbol });
      expect(await box.inputValue()).toBe('AAPL'); // the spec's default stays
      await box.fill('');
      await box.pressSequentially(word.slice(0, 4));
      await page.getByRole('option').filter({ hasText: liquid.symbol! }).waitFor();
      if (name === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `rrc-options-${name}`);
    }
    await page.getByRole('option').filter({ hasText: liquid.symbol! }).click();
    expect(await page.getByRole('combobox', { name: RRC_TEXT.symbol }).inputValue()).toBe(liquid.symbol);
    await context.close();
  });
});

describe('the guard’s destination through Google sign-in (own server with a loopback OIDC provider)', () => {
  let browser: Browser;
  let server: RunningServer;
  let google: GoogleStandIn;

  beforeAll(async () => {
    google = await startGoogleStandIn(() => ({ sub: 'google-newuser-1', email: 'newuser.google@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' }));
    [server, browser] = await Promise.all([
      startServer({
        DEMO_SYMBOLS: '10',
        ...google.env,
      }),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    await google?.stop();
  });

  it('guarded page → login → sign-up → Continue with Google ends on the guarded page', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/templates');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((u) => u.origin === new URL(server.url).origin && u.pathname !== '/oauth/callback' && !u.pathname.startsWith('/login'), { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/templates');
    await context.close();
  });
});
