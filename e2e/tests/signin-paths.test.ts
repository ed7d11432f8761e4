import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Starter, TemplateListItem } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpViaApi, TEST_PASSWORD, uniqueEmail } from '../harness/account.ts';
import { startGoogleStandIn, type GoogleStandIn } from '../harness/google.ts';
import { startServer, type RunningServer } from '../harness/server.ts';
import { FIRST_BACKTEST_TEXT } from '../../apps/web/src/components/firstBacktestText.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// A signed-out trader presses Run on the home page's first backtest; whichever way they then sign in
// (the login page's Sign up link, the nav's Login and a typed /signup, a reload on the way, Google),
// they end on the result, with one copy of the starter in their templates, however often they run it.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('signin-paths');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);

async function pressRun(page: Page, slug: string) {
  await page.goto('/');
  const card = page.getByTestId('first-backtest');
  await card.getByLabel(FIRST_BACKTEST_TEXT.starter).selectOption(slug);
  await card.getByRole('button', { name: FIRST_BACKTEST_TEXT.run, exact: true }).click();
}

async function fillSignup(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Sign up' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function fillLogin(page: Page, email: string) {
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** On the Backtest screen with the starter's results: stats and trades. */
async function seesResult(page: Page, starter: Starter) {
  await page.waitForURL((u) => u.pathname === '/studies', { timeout: 30_000 });
  await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor({ timeout: 30_000 });
  expect(await page.getByRole('heading', { level: 2 }).filter({ hasText: ' on ' }).innerText()).toContain(starter.name);
}

async function templateNames(page: Page): Promise<string[]> {
  return ((await (await page.request.get('/api/templates/')).json()) as TemplateListItem[]).map((t) => t.name);
}

const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe('the first backtest on every sign-in path', () => {
  let browser: Browser;
  let starters: Starter[];

  beforeAll(async () => {
    browser = await sharedBrowser();
    const { page, context } = await newPage(browser);
    starters = await (await page.request.get('/api/starters/')).json();
    await context.close();
  });

  for (const [size, opts] of [['desktop', {}], ['phone', PHONE]] as const) {
    it(`Run → the login page says why → its Sign up link → Create account → Log in ends on the result (${size})`, async () => {
      const { page, context } = await newPage(browser, opts);
      const starter = starters[1];
      await pressRun(page, starter.slug);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText(FIRST_BACKTEST_TEXT.loginReason).waitFor();
      if (size === 'phone') await noHorizontalScroll(page);
      await shot(page, `login-reason-${size}`);
      await page.getByRole('link', { name: 'Sign up' }).click();
      await page.getByText(FIRST_BACKTEST_TEXT.signupReason).waitFor();
      const email = uniqueEmail(`first-run-link-${size}`);
      await fillSignup(page, email);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText('Your account has been created. Please log in.').waitFor();
      await page.getByText(FIRST_BACKTEST_TEXT.loginReason).waitFor();
      await fillLogin(page, email);
      await seesResult(page, starter);
      if (size === 'phone') await noHorizontalScroll(page);
      expect(await templateNames(page)).toEqual([starter.name]);
      await context.close();
    });
  }

  it('Run → the nav’s Login → /signup typed, reloaded → Log in ends on the result', async () => {
    const { page, context } = await newPage(browser);
    const starter = starters[2];
    await pressRun(page, starter.slug);
    await page.waitForURL((u) => u.pathname === '/login');
    // the nav's Login opens the login page again without the router's memory of where Run came from
    await page.getByRole('navigation').getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByText(FIRST_BACKTEST_TEXT.loginReason).waitFor();
    await page.goto('/signup');
    await page.reload();
    const email = uniqueEmail('first-run-reload');
    await fillSignup(page, email);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.reload();
    await fillLogin(page, email);
    await seesResult(page, starter);
    expect(await templateNames(page)).toEqual([starter.name]);
    await context.close();
  });

  it('when the return address is lost entirely, the home page still runs the kept choice once', async () => {
    const { page, context } = await newPage(browser);
    const starter = starters[3];
    const email = uniqueEmail('first-run-lost');
    await signUpViaApi(page, email);
    await pressRun(page, starter.slug);
    await page.waitForURL((u) => u.pathname === '/login');
    // the login page remembers where it was sent from once it has rendered: lose that, not a step before it
    await page.waitForFunction(() => sessionStorage.getItem('auth_return_to') !== null);
    await page.evaluate(() => sessionStorage.removeItem('auth_return_to'));
    // typed: no state, nothing remembered (by way of a blank page: the browser keeps a page's history
    // state when the same address is loaded again, and the router's state is where it came from)
    await page.goto('about:blank');
    await page.goto('/login');
    expect(await page.getByText(FIRST_BACKTEST_TEXT.loginReason).count()).toBe(0);
    await fillLogin(page, email);
    await seesResult(page, starter);
    // run once: back home nothing runs again
    await page.goto('/');
    await page.getByTestId('first-backtest').waitFor();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await templateNames(page)).toEqual([starter.name]);
    await context.close();
  });

  it('running the same starter again, signed in, reuses the copy: no "(2)"', async () => {
    const { page, context } = await newPage(browser);
    const starter = starters[0];
    const email = uniqueEmail('first-run-again');
    await signUpViaApi(page, email);
    await pressRun(page, starter.slug);
    await page.waitForURL((u) => u.pathname === '/login');
    await fillLogin(page, email);
    await seesResult(page, starter);
    await pressRun(page, starter.slug);
    await seesResult(page, starter);
    expect(await templateNames(page)).toEqual([starter.name]);
    expect(((await (await page.request.get('/api/periods/')).json()) as unknown[]).length).toBe(1);
    await context.close();
  });
});

describe('the first backtest through Google sign-in (own server with a loopback OIDC provider)', () => {
  let browser: Browser;
  let server: RunningServer;
  let google: GoogleStandIn;

  beforeAll(async () => {
    google = await startGoogleStandIn(() => ({ sub: 'google-first-run-1', email: 'first.run.google@example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper' }));
    [server, browser] = await Promise.all([startServer({ DEMO_SYMBOLS: '10', ...google.env }), sharedBrowser()]);
  });
  afterAll(async () => {
    await server?.stop();
    await google?.stop();
  });

  it('Run → login → Sign up → Continue with Google ends on the result with one copy', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    const starters: Starter[] = await (await page.request.get('/api/starters/')).json();
    const starter = starters[1];
    await pressRun(page, starter.slug);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText(FIRST_BACKTEST_TEXT.loginReason).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await seesResult(page, starter);
    expect(await templateNames(page)).toEqual([starter.name]);
    await context.close();
  });
});
