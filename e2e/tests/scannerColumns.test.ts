import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ScanPage } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { SCANNER_MESSAGES, SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { formatDecimal } from '../../apps/web/src/features/scanner/format.ts';

// The scanner shows the numbers that matched: a filter on ADX at period 7 (set in the row, as on a
// chart) and one on RSI give the results an "ADX (7)" and an "RSI (14)" column with the values the API
// computed, sortable from the header (or, on a phone, the Sort by picker, the values in a row's
// details), and the CSV export carries both columns.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const table = (page: Page) => page.getByRole('table', { name: SCANNER_TEXT.resultsTable });
const rowOf = (page: Page, type: string) => page.locator(`li[data-filter-type="${type}"]`);

async function addFilter(page: Page, type: string) {
  await page.getByRole('tab', { name: /^TA/ }).click();
  await page.getByLabel('New TA filter', { exact: true }).selectOption(type);
  await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
  await rowOf(page, type).waitFor();
}

/** Runs `action` and returns the scan's answer once it is on screen. */
async function scanBy(page: Page, action: () => Promise<void>): Promise<{ url: URL; body: ScanPage }> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/scanner/stocks/')), action()]);
  await page.getByTestId('scan-status').filter({ hasNotText: SCANNER_MESSAGES.scanning }).waitFor();
  return { url: new URL(response.url()), body: (await response.json()) as ScanPage };
}

/** The texts of one column of the table, by its header's text. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  // textContent: the headers are upper-cased by CSS only
  const headers = await table(page).locator('thead th').evaluateAll((ths) => ths.map((t) => t.textContent ?? ''));
  const index = headers.findIndex((h) => h.includes(header));
  expect(index, `${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return table(page).locator('tbody tr').evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.trim()), index);
}

const ordered = (values: number[], desc: boolean) => values.every((v, i) => i === 0 || (desc ? values[i - 1] >= v : values[i - 1] <= v));

describe('scanner: the filtered indicators as columns', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  async function scannedPage(opts: object) {
    const { page, context } = await newPage(browser, opts);
    await signUpAndLogIn(page);
    await page.goto('/scanner');
    await page.getByRole('heading', { name: SCANNER_TEXT.title, level: 1 }).waitFor();
    await addFilter(page, 'adx');
    const adx = rowOf(page, 'adx');
    await adx.getByLabel('Value', { exact: true }).fill('0');
    const period = adx.getByLabel('Period', { exact: true });
    expect(await period.inputValue()).toBe('14');
    await period.fill('7');
    await period.blur();
    await addFilter(page, 'rsi');
    await rowOf(page, 'rsi').getByLabel('Value', { exact: true }).fill('0');
    const first = await scanBy(page, () => page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).click());
    expect(first.url.searchParams.get('adx_period')).toBe('7');
    expect(first.body.count).toBeGreaterThan(1);
    return { page, context, first };
  }

  it('1280 px: columns with the API’s values, sorted from their headers, in the CSV', async () => {
    const { page, context, first } = await scannedPage({ viewport: { width: 1280, height: 800 } });
    // the values shown are the API's, row by row
    const bySymbol = new Map(first.body.results.map((r) => [r.symbol, r]));
    const symbols = (await table(page).locator('tbody th a').allInnerTexts()).map((s) => s.trim());
    expect(await columnTexts(page, 'ADX (7)')).toEqual(symbols.map((s) => formatDecimal(bySymbol.get(s)!.adx)));
    expect(await columnTexts(page, 'RSI (14)')).toEqual(symbols.map((s) => formatDecimal(bySymbol.get(s)!.rsi)));
    expect(first.body.results.some((r) => r.adx !== null)).toBe(true);

    // sorting by the ADX column, both ways
    let latest = first.body;
    for (const desc of [false, true]) {
      const { url, body } = await scanBy(page, () => page.getByRole('button', { name: /^ADX \(7\)/ }).click());
      expect(url.searchParams.get('ordering')).toBe(desc ? '-adx' : 'adx');
      const values = body.results.map((r) => r.adx).filter((v): v is number => v !== null);
      expect(ordered(values, desc)).toBe(true);
      latest = body;
      const shown = (await columnTexts(page, 'ADX (7)')).filter((t) => t !== SCANNER_TEXT.na).map((t) => Number(t.replace(/,/g, '')));
      expect(ordered(shown, desc)).toBe(true);
      expect(await table(page).locator('th[aria-sort]', { hasText: 'ADX (7)' }).getAttribute('aria-sort')).toBe(desc ? 'descending' : 'ascending');
    }

    // the CSV: the two columns after the fixed ones, raw numbers equal to the API's
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: SCANNER_TEXT.exportCsv }).click()]);
    const csv = parse(readFileSync((await download.path())!), { bom: true }) as string[][];
    expect(csv[0]).toEqual(['Symbol', 'Name', 'Price', 'Change', '% Change', 'Sector', 'Market', 'Market Cap', 'Volume', 'RSI (14)', 'ADX (7)']);
    // the rows on screen are the last sort's answer
    expect(csv.slice(1).map((r) => r[0])).toEqual(latest.results.map((r) => r.symbol));
    for (const [k, r] of csv.slice(1).entries()) {
      const api = latest.results[k];
      expect(r[9], r[0]).toBe(api.rsi === null ? '' : String(api.rsi));
      expect(r[10], r[0]).toBe(api.adx === null || api.adx === undefined ? '' : String(api.adx));
    }
    await context.close();
  });

  it('390 px: the values in a row’s details, and Sort by offers the columns', async () => {
    const { page, context, first } = await scannedPage(PHONE);
    const r0 = first.body.results[0];
    await page.getByRole('button', { name: `Details of ${r0.symbol}` }).tap();
    const details = page.getByTestId('result-details').first();
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toContain('ADX (7)');
    expect(text).toContain(formatDecimal(r0.adx));
    expect(text).toContain('RSI (14)');
    const sortBy = page.locator('#scanner-sort-by');
    expect(await sortBy.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['ADX (7)', 'RSI (14)']));
    const { url, body } = await scanBy(page, () => sortBy.selectOption('adx').then(() => {}));
    expect(url.searchParams.get('ordering')).toBe('adx');
    expect(ordered(body.results.map((r) => r.adx).filter((v): v is number => v !== null), false)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
