import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { startServer, type RunningServer } from '../harness/server.ts';
import { SESSION_EXPIRED_BANNER } from '../../apps/web/src/app/messages.ts';
import { HOME_TILES, HOME_TITLE } from '../../apps/web/src/features/home/homeTiles.ts';
import type { AppMeta } from '@app/contract';

// The app shell and home page of spec §1–§2, driven in real Chromium against the real server.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const htmlIsDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('home page shows the title, six tiles linking where they should, and a clock ticking every second', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    expect(await page.textContent('h1')).toBe(HOME_TITLE);
    const tiles = page.getByTestId('home-tile');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(6);
    for (const [title, href] of [
      ['Backtesting', '/studies'],
      ['Templates', '/templates'],
      ['Stock Period', '/stockperiod'],
      ['Results', '/studies'],
      ['Scanner', '/scanner'],
    ]) {
      const tile = page.locator('a[data-testid=home-tile]', { has: page.getByRole('heading', { name: title, exact: true }) });
      expect(await tile.getAttribute('href')).toBe(href);
    }
    expect(HOME_TILES.map((t) => t.title)).toEqual(['Backtesting', 'Templates', 'Stock Period', 'Results', 'Scanner']);

    const clock = page.getByTestId('clock-time');
    const first = await clock.textContent();
    expect(first).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    // It changes within ~1 s (allow for a slow, shared machine) and keeps going.
    await page.waitForFunction((t) => document.querySelector('[data-testid=clock-time]')?.textContent !== t, first, { timeout: 3000 });
    const second = await clock.textContent();
    await page.waitForFunction((t) => document.querySelector('[data-testid=clock-time]')?.textContent !== t, second, { timeout: 3000 });
    await context.close();
  });

  it('a tile takes the visitor to its page (Scanner is open)', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.locator('a[data-testid=home-tile][href="/scanner"]').click();
    await page.waitForURL((u) => u.pathname === '/scanner');
    await context.close();
  });

  it('theme: follows the OS preference first, the toggle sets the dark class, saves it, and survives a reload', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'dark' });
    await page.goto('/');
    expect(await htmlIsDark(page)).toBe(true); // nothing saved: OS preference
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await htmlIsDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    // The saved choice beats the OS preference, already before React renders (theme-init.js).
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await htmlIsDark(page)).toBe(false);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await htmlIsDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await htmlIsDark(page)).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor(); // the toggle agrees after reload
    await context.close();
  });

  it('theme: theme-init.js applies the saved theme before the app bundle runs (no flash)', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'light' });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Without the React bundle only the tiny head script can set the class.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await htmlIsDark(page)).toBe(true);
    expect(await page.locator('#root').innerHTML()).toBe(''); // the app really did not run
    await context.close();
  });

  it('theme: light when the OS has no dark preference and nothing is saved', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'light' });
    await page.goto('/');
    expect(await htmlIsDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    await context.close();
  });

  it('sends an unknown path to /', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.textContent('h1')).toBe(HOME_TITLE);
    await context.close();
  });

  it('a guarded route sends a visitor to /login, remembering where they were going', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/templates', '/stockperiod', '/studies', '/profile', '/rchart/AAPL/']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/login');
      const from = await page.evaluate(() => (window.history.state?.usr as { from?: { pathname: string } } | undefined)?.from?.pathname);
      expect(from).toBe(path);
    }
    await context.close();
  });

  it('open routes render for a visitor without redirect', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/scanner', '/rrc', '/blog', '/chart/AAPL', '/dchart/AAPL/', '/signup', '/forgot-password']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await context.close();
  });

  it('signed out: Login link, no Profile, no Logout', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    const bar = nav(page);
    await bar.getByRole('link', { name: 'Login' }).waitFor();
    for (const name of ['Home', 'Scanner', 'RRC', 'Blog']) expect(await bar.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: 'Profile' }).count()).toBe(0);
    expect(await bar.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await bar.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('signed in: Profile and Logout show; Logout signs out and goes to /', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    await page.goto('/blog');
    const bar = nav(page);
    await bar.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await bar.getByRole('link', { name: 'Profile' }).isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await bar.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((u) => u.pathname === '/profile'); // the guard lets a signed-in user through

    await bar.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await bar.getByRole('link', { name: 'Login' }).waitFor();
    expect(await bar.getByRole('link', { name: 'Profile' }).count()).toBe(0);
    expect((await context.cookies()).find((c) => c.name === '_auth')).toBeUndefined();
    await page.goto('/profile');
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('Backtest dropdown opens, links to Templates/Stock/Studies, and its trigger is highlighted on those pages', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    await page.goto('/');
    const trigger = nav(page).getByRole('button', { name: 'Backtest' });
    const menu = page.locator('#backtest-menu');
    expect(await trigger.getAttribute('data-active')).toBeNull();
    expect(await menu.isVisible()).toBe(false);

    for (const [label, path] of [
      ['Templates', '/templates'],
      ['Stock', '/stockperiod'],
      ['Studies', '/studies'],
    ]) {
      await trigger.click();
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      await menu.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
      await menu.waitFor({ state: 'hidden' }); // closes on navigation
      await page.locator('button[aria-controls=backtest-menu][data-active=true]').waitFor();
    }
    // Escape closes it.
    await trigger.click();
    await page.keyboard.press('Escape');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');

    await nav(page).getByRole('link', { name: 'Scanner' }).click();
    await page.waitForURL((u) => u.pathname === '/scanner');
    await page.locator('button[aria-controls=backtest-menu]:not([data-active])').waitFor();
    await context.close();
  });

  it('the mobile menu opens from the hamburger and closes on navigation', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    expect(await burger.getAttribute('aria-controls')).toBe('mobile-menu');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    // The desktop links are hidden on a phone.
    expect(await nav(page).getByRole('button', { name: 'Backtest' }).isVisible()).toBe(false);

    await burger.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    for (const name of ['Home', 'Templates', 'Stock', 'Studies', 'Scanner', 'RRC', 'Blog', 'Login'])
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);

    await menu.getByRole('link', { name: 'RRC' }).click();
    await page.waitForURL((u) => u.pathname === '/rrc');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('keyboard: the mobile menu opens with Enter, Tab walks its links, Escape closes it and focus returns to the toggle', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await burger.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#mobile-menu') !== null)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');
    // and the toggle works again from the keyboard
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'visible' });
    await context.close();
  });

  it('keyboard: the Backtest dropdown opens with Enter, its links follow in Tab order, Escape closes it onto its trigger', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    const trigger = nav(page).getByRole('button', { name: 'Backtest' });
    const menu = page.locator('#backtest-menu');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Templates');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('backtest-menu');
    await context.close();
  });

  it('session-expired banner: shows on the event, hides on dismiss, on session-restored, and on going to /login', async () => {
    const { page, context } = await newPage(browser);
    // Not /scanner: it answers the same event with its own blocking dialog (spec §2, Stock Scanner).
    await page.goto('/');
    await page.locator('main h1').first().waitFor();
    const banner = page.getByTestId('session-expired-banner');
    const expire = () => page.evaluate(() => window.dispatchEvent(new Event('session-expired')));
    expect(await banner.count()).toBe(0);

    await expire();
    await banner.waitFor();
    expect(await banner.textContent()).toContain(SESSION_EXPIRED_BANNER);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });

    await expire();
    await banner.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('session-restored')));
    await banner.waitFor({ state: 'detached' });

    await expire();
    await banner.waitFor();
    await nav(page).getByRole('link', { name: 'RRC' }).click(); // other navigation keeps it
    await page.waitForURL((u) => u.pathname === '/rrc');
    await page.locator('main h1').first().waitFor();
    expect(await banner.isVisible()).toBe(true);
    await banner.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('demo data is marked as such exactly when /api/meta/ says so', async () => {
    const meta = (await (await fetch(`${baseUrl()}/api/meta/`)).json()) as AppMeta;
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.locator('footer[data-meta-loaded]').waitFor();
    await page.getByTestId('clock-time').waitFor(); // the home page (which holds the notice) has rendered
    expect(await page.getByTestId('demo-badge').isVisible()).toBe(meta.demoData);
    expect(await page.getByTestId('demo-notice').isVisible()).toBe(meta.demoData);
    await context.close();
  });
});

describe('footer', () => {
  // Its own server, so the contact and disclaimer visibly come from configuration, not the defaults.
  const supportEmail = `desk-${Date.now()}@stockbench.test`;
  const disclaimer = 'Configured disclaimer: for education only, verify every number yourself.';
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SUPPORT_EMAIL: supportEmail, DISCLAIMER: disclaimer, DEMO_SYMBOLS: '20' }), sharedBrowser()]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the support e-mail (mailto) and the disclaimer served by /api/meta/', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await page.locator('footer[data-meta-loaded]').waitFor();
    const email = page.getByTestId('support-email');
    expect(await email.textContent()).toBe(supportEmail);
    expect(await email.getAttribute('href')).toBe(`mailto:${supportEmail}`);
    expect(await page.getByTestId('disclaimer').textContent()).toContain(disclaimer);
    await context.close();
  });
});
