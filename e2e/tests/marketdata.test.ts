import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SYMBOL_NOT_FOUND } from '@app/contract';
import { readBarsFile } from '@app/server/testing';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { DEMO_MARKET_TEXT, MARKET_DATA_LINK } from '../../apps/web/src/components/marketDataText.ts';
import { SYMBOL_SEARCH_TEXT } from '../../apps/web/src/components/symbolSearchText.ts';
import { FIRST_BACKTEST_TEXT } from '../../apps/web/src/components/firstBacktestText.ts';
import { MARKET_DATA_TEXT, count } from '../../apps/web/src/features/marketdata/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// Real tickers on the demo market, in real Chromium against the real server and its demo market: a
// ticker the demo market lacks explains why wherever it is opened or typed and leads to the Market data
// page, which says what is loaded and how to load real data.

const SHOTS = screenshotDir('marketdata');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('real tickers on the demo market', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  for (const [name, size] of Object.entries(VIEWPORTS)) {
    it(`/chart/AAPL explains the demo market and links the Market data page, which shows the listings (${name})`, async () => {
      const { page, context } = await newPage(browser, { viewport: size });
      try {
        // The listings the server has loaded, from the health check (not the endpoint the page reads).
        const health = await (await page.request.get('/healthz')).json();
        expect(health.symbols).toBeGreaterThan(0);
        expect((await page.request.get('/api/check_symbol/?symbol=AAPL')).status()).toBe(404);

        await page.goto('/chart/AAPL');
        // the spec's message stays, and the explanation follows it
        await page.getByRole('alert').filter({ hasText: SYMBOL_NOT_FOUND }).waitFor();
        const note = page.getByTestId('demo-market-note');
        await note.waitFor();
        expect(await note.innerText()).toContain(DEMO_MARKET_TEXT.notInDemo('AAPL'));
        // and offers charts of listings the demo market has, its most traded first
        const status = await (await page.request.get('/api/market/status/')).json();
        expect(status.most_traded.length).toBeGreaterThan(0);
        expect(await note.getByRole('link', { name: status.most_traded[0], exact: true }).getAttribute('href')).toBe(`/chart/${status.most_traded[0]}`);
        if (name === 'phone') expect(await pageWidth(page)).toBeLessThanOrEqual(390);
        await shot(page, `chart-aapl-${name}`);

        await note.getByRole('link', { name: MARKET_DATA_LINK }).click();
        await page.waitForURL('**/market-data');
        await page.getByRole('heading', { level: 1, name: MARKET_DATA_TEXT.title }).waitFor();
        const listings = page.getByTestId('market-listings');
        await listings.waitFor();
        expect(await listings.innerText()).toBe(count(health.symbols));
        expect(await page.getByText(MARKET_DATA_TEXT.demoLoaded).count()).toBe(1);
        expect(await page.getByText('npm run data -- import', { exact: false }).count()).toBeGreaterThan(0);
        if (name === 'phone') expect(await pageWidth(page)).toBeLessThanOrEqual(390);
        await shot(page, `market-data-${name}`);

        // the Demo data badge leads here too
        await page.goto('/');
        await page.getByTestId('demo-badge').click();
        await page.waitForURL('**/market-data');
        await page.getByTestId('market-listings').waitFor();
      } finally {
        await context.close();
      }
    });
  }

  it('a real ticker typed in a symbol box explains the demo market, with a link to the Market data page', async () => {
    const { page, context } = await newPage(browser, { viewport: VIEWPORTS.desktop });
    try {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: FIRST_BACKTEST_TEXT.symbol });
      await box.fill('AAPL');
      const list = page.getByRole('listbox', { name: SYMBOL_SEARCH_TEXT.listLabel });
      await list.getByText(SYMBOL_SEARCH_TEXT.noMatches('AAPL')).waitFor();
      const note = list.getByTestId('demo-market-note');
      await note.waitFor();
      expect(await note.innerText()).toContain(DEMO_MARKET_TEXT.notInDemo('AAPL'));
      await note.getByRole('link', { name: MARKET_DATA_LINK }).click();
      await page.waitForURL('**/market-data');
    } finally {
      await context.close();
    }
  });
});

describe('the Market data page says what the importer expects', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  for (const [name, size] of Object.entries(VIEWPORTS)) {
    it(`shows the CSV format with an example the importer reads, and where the full description is (${name})`, async () => {
      const { page, context } = await newPage(browser, { viewport: size });
      try {
        await page.goto('/market-data');
        await page.getByRole('heading', { name: MARKET_DATA_TEXT.formatTitle }).waitFor();
        expect(await page.getByText(MARKET_DATA_TEXT.formatHeader, { exact: true }).count()).toBeGreaterThan(0);
        const example = await page.getByTestId('csv-example').innerText();
        // the example as shown is a file the importer takes: every row a bar, no problem reported
        const dir = mkdtempSync(join(tmpdir(), 'csv-example-'));
        try {
          writeFileSync(join(dir, 'XMPL.csv'), example);
          const read = readBarsFile(join(dir, 'XMPL.csv'));
          expect(read.symbol).toBe('XMPL');
          expect(read.problems).toEqual([]);
          expect(read.bars?.day.length).toBe(MARKET_DATA_TEXT.formatExample.length - 1);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        expect(await page.getByText(MARKET_DATA_TEXT.formatMoreCommand, { exact: true }).count()).toBeGreaterThan(0);
        expect(await page.getByText(MARKET_DATA_TEXT.formatMoreDoc).count()).toBe(1);
        if (name === 'phone') expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      } finally {
        await context.close();
      }
    });
  }
});
