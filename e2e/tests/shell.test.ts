import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../harness/browser.ts';

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('sends an unknown path to /', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.textContent('h1')).toContain('Backtesting & Scanning for US Stocks');
    await context.close();
  });
});
