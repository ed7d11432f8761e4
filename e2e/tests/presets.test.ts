import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SCANNER_PRESETS } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// Every "Start from a preset" entry finds listings on the demo market the browser tests run on, and a
// scan that finds nothing says which filter removed the most listings.

const SHOTS = screenshotDir('presets');

async function scan(page: Page) {
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/scanner/stocks/')), page.getByRole('button', { name: new RegExp(`^(${SCANNER_TEXT.scan}|${SCANNER_TEXT.rescan})$`) }).click()]);
}

describe('scanner presets on the demo market', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('each preset returns at least one row', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signUpAndLogIn(page);
    await page.goto('/scanner');
    for (const preset of SCANNER_PRESETS) {
      await page.getByRole('button', { name: SCANNER_TEXT.presets }).click();
      await page.getByRole('menu', { name: SCANNER_TEXT.presets }).getByRole('menuitem', { name: new RegExp(`^${preset.name.replace(/[()]/g, '\\$&')}`) }).click();
      await page.getByText(SCANNER_TEXT.presetLoaded(preset.name)).waitFor();
      await scan(page);
      await page.getByTestId('scan-status').filter({ hasText: /Stocks found/ }).waitFor();
      const rows = await page.getByRole('table', { name: SCANNER_TEXT.resultsTable }).locator('tbody tr').count();
      expect(rows, preset.name).toBeGreaterThan(0);
      await shotInto(SHOTS, page, `${preset.key}-1280`);
    }
    await context.close();
  });

  it('a scan that finds nothing names the filter that removed the most listings (1280 and 390 px)', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signUpAndLogIn(page);
    await page.goto('/scanner');
    await page.getByLabel('New Basic filter', { exact: true }).selectOption('price');
    await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
    const price = page.locator('li[data-filter-type="price"]').first();
    await price.getByLabel('Operator', { exact: true }).selectOption('gte');
    await price.getByLabel('Value', { exact: true }).fill('99999');
    await scan(page);
    const reason = page.getByTestId('scan-empty-reason');
    await reason.waitFor();
    const total = (await (await page.request.get('/api/scanner/stocks/?page_size=1')).json()).count as number;
    expect(await reason.innerText()).toBe(SCANNER_TEXT.emptyReason('Price', total, total));
    await shotInto(SHOTS, page, 'empty-reason-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await reason.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shotInto(SHOTS, page, 'empty-reason-390');
    await context.close();
  });
});
