import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';

// Watchlists and Alerts are reached from the navigation (they were found only by typing the URL):
// in the bar at 1280 px and in the menu on a phone, for a signed-in user; a visitor does not see them.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('navigation to Watchlists and Alerts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('1280 px: the bar links to Watchlists and Alerts once signed in, and each opens its page', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    await nav(page).getByRole('link', { name: 'Blog' }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Watchlists' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Alerts' }).count()).toBe(0);

    await signUpAndLogIn(page);
    await page.goto('/');
    const bar = nav(page);
    await bar.getByRole('link', { name: 'Watchlists' }).click();
    await page.waitForURL((u) => u.pathname === '/watchlists');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Watchlists' }).waitFor();
    expect(await bar.getByRole('link', { name: 'Watchlists' }).getAttribute('aria-current')).toBe('page');
    await bar.getByRole('link', { name: 'Alerts' }).click();
    await page.waitForURL((u) => u.pathname === '/alerts');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Alerts' }).waitFor();
    // the bar's page links stay on one line at this width
    const tops = await Promise.all(['Home', 'Scanner', 'RRC', 'Watchlists', 'Alerts', 'Profile', 'Blog'].map(async (name) => (await bar.getByRole('link', { name, exact: true }).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);
    await context.close();
  });

  it('390 px: the menu lists Watchlists and Alerts once signed in', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signUpAndLogIn(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Alerts' }).waitFor();
    await menu.getByRole('link', { name: 'Watchlists' }).click();
    await page.waitForURL((u) => u.pathname === '/watchlists');
    await menu.waitFor({ state: 'hidden' });
    await context.close();
  });
});
