import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ALL_ENDPOINTS } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The API's interactive docs (/api/docs) in real Chromium: Swagger UI renders the document the server
// generates from the endpoint declarations, under the docs' own content security policy.

const SHOTS = screenshotDir('docs');

describe('API docs (/api/docs)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('renders every endpoint of the contract, grouped by tag, without a blocked script or style', async () => {
    const { page, context } = await newPage(browser);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto('/api/docs/');
    await page.locator('.opblock').first().waitFor();

    const shown = await page.locator('.opblock-summary').evaluateAll((blocks) =>
      blocks.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
    );
    expect(new Set(shown)).toEqual(new Set(ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`)));
    for (const tag of ['Backtest', 'Scanner', 'Market', 'Accounts', 'Blog', 'App']) {
      await page.locator('.opblock-tag', { hasText: tag }).first().waitFor();
    }
    expect(await page.locator('.info .title').innerText()).toContain('Stockbench API');

    // An operation opens with its parameters and its answer's schema.
    await page.locator('.opblock-summary', { has: page.locator('[data-path="/api/templates/{id}/"]') }).filter({ hasText: 'GET' }).first().click();
    await page.locator('.opblock.is-open .parameters').waitFor();
    expect(await page.locator('.opblock.is-open .parameters').innerText()).toContain('id');
    await shotInto(SHOTS, page, 'api-docs', { fullPage: false });

    expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
    await context.close();
  });
});
