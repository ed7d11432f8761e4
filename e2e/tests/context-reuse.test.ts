import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, sharedBrowser } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';

// The harness hands a context a test has closed to the next test with the same options
// (harness/browser.ts). Every journey relies on starting as a stranger, so this checks that a reused
// context keeps nothing of the test before: no session, no cookies, no stored choices.
describe('a browser context handed to the next test', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('is the same context, signed out, with no cookies and empty storage', async () => {
    const opts = { viewport: { width: 1111, height: 700 } };
    const first = await newPage(browser, opts);
    await signUpAndLogIn(first.page);
    await first.page.goto('/');
    await first.page.evaluate(() => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
    });
    expect((await first.context.cookies()).length).toBeGreaterThan(0);
    await first.context.close();

    const second = await newPage(browser, opts);
    expect(second.context).toBe(first.context);
    expect(second.context.pages()).toEqual([second.page]);
    expect(await second.context.cookies()).toEqual([]);
    await second.page.goto('/');
    expect(await second.page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    // the server sees a visitor too: the nav offers Login
    await second.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    await second.context.close();
  });

  it('is a new context when the test before changed it in a way a wipe cannot undo', async () => {
    const opts = { viewport: { width: 1112, height: 700 } };
    const first = await newPage(browser, opts);
    await first.context.addInitScript(() => localStorage.setItem('from-init-script', '1'));
    await first.context.close();

    const second = await newPage(browser, opts);
    expect(second.context).not.toBe(first.context);
    await second.page.goto('/');
    expect(await second.page.evaluate(() => localStorage.getItem('from-init-script'))).toBeNull();
    await second.context.close();
  });
});
