import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { NUMBER_INPUT_MESSAGES } from '@app/contract';
import { newPage, sharedBrowser } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { SCANNER_MESSAGES, SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';

// The scanner's number boxes read what traders type (10B, 1.2M, 10,000,000): each filters, and the
// request carries the number. A box it cannot read ("abc", or left blank) is marked at the box, the
// scan is refused and nothing is sent, so no filter drops out of the query unseen. A saved query or a
// preset shows its number back compactly (10B).

const tab = (page: Page, name: 'Basic' | 'TA' | 'FA') => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const rowOf = (page: Page, type: string) => page.locator(`li[data-filter-type="${type}"]`);
const isScan = (r: Request) => r.url().includes('/api/scanner/stocks/');

async function addFilter(page: Page, category: 'Basic' | 'TA' | 'FA', type: string): Promise<Locator> {
  await tab(page, category).click();
  await page.getByLabel(`New ${category} filter`, { exact: true }).selectOption(type);
  await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
  const row = rowOf(page, type).last();
  await row.waitFor();
  return row;
}

type Listing = { symbol: string; market_cap: number | null; volume: number | null; rsi: number | null };

/** Presses Scan (or Rescan); returns the request's parameters and the listings it answered. */
async function scan(page: Page): Promise<{ params: URLSearchParams; results: Listing[] }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => isScan(r.request())),
    page.getByRole('button', { name: /^(Scan|Rescan)$/ }).click(),
  ]);
  await page.getByTestId('scan-status').filter({ hasNotText: SCANNER_MESSAGES.scanning }).waitFor();
  expect(response.status()).toBe(200);
  return { params: new URL(response.url()).searchParams, results: ((await response.json()) as { results: Listing[] }).results };
}

describe('number boxes (scanner)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('10B, 1.2M and 10,000,000 filter and reach the request; "abc" is marked at the box and nothing is sent', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    await page.goto('/scanner');
    await page.getByRole('heading', { name: SCANNER_TEXT.title, level: 1 }).waitFor();

    // The case that returned $7.3M and $119M stocks: market cap ≥ 10B with RSI ≤ 30 (RSI ≤ 100 here so
    // the demo market surely has listings left to check).
    const cap = await addFilter(page, 'Basic', 'market_cap');
    const capValue = cap.getByLabel('Value', { exact: true });
    await capValue.fill('10B');
    await capValue.blur();
    expect(await capValue.inputValue()).toBe('10B');
    const rsi = await addFilter(page, 'TA', 'rsi');
    await rsi.getByLabel('Operator', { exact: true }).selectOption('lte');
    await rsi.getByLabel('Value', { exact: true }).fill('100');
    expect(await tab(page, 'Basic').innerText()).toMatch(/^Basic\s*1$/);
    let { params, results } = await scan(page);
    expect(params.get('market_cap__gte')).toBe('10000000000');
    expect(params.get('rsi_lte')).toBe('100');
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r.market_cap, r.symbol).toBeGreaterThanOrEqual(1e10);

    // 1.2M in a volume box, 10,000,000 in the market cap box.
    const volume = await addFilter(page, 'Basic', 'volume');
    await volume.getByLabel('Value', { exact: true }).fill('1.2M');
    await capValue.fill('10,000,000');
    expect(await tab(page, 'Basic').innerText()).toMatch(/^Basic\s*2$/);
    ({ params, results } = await scan(page));
    expect(params.get('volume__gte')).toBe('1200000');
    expect(params.get('market_cap__gte')).toBe('10000000');
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.volume, r.symbol).toBeGreaterThanOrEqual(1_200_000);
      expect(r.market_cap, r.symbol).toBeGreaterThanOrEqual(10_000_000);
    }

    // "abc": an error at the box, the tab says a filter needs fixing, and Scan sends nothing. Pressed
    // from another tab, Scan brings the box into view and focuses it.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (isScan(r)) sent.push(r.url());
    });
    await capValue.fill('abc');
    expect(await capValue.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await capValue.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(NUMBER_INPUT_MESSAGES.unreadable);
    expect(await cap.getByText(NUMBER_INPUT_MESSAGES.unreadable, { exact: true }).isVisible()).toBe(true);
    expect(await tab(page, 'Basic').innerText()).toMatch(/^Basic\s*1\s*1 to fix$/);
    await tab(page, 'TA').click();
    await page.getByRole('button', { name: SCANNER_TEXT.rescan }).click();
    await page.getByText(SCANNER_TEXT.fixBeforeScan).waitFor();
    expect(await tab(page, 'Basic').getAttribute('aria-selected')).toBe('true');
    expect(await capValue.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.waitForTimeout(500); // a request, had one been started, would have been seen by now
    expect(sent).toEqual([]);

    // A blank box is not "no filter" either: marked once a scan is refused, nothing sent.
    await capValue.fill('');
    await page.getByRole('button', { name: SCANNER_TEXT.rescan }).click();
    await cap.getByText(NUMBER_INPUT_MESSAGES.required, { exact: true }).waitFor();
    expect(await capValue.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);

    // Fixed, it scans again.
    await capValue.fill('10B');
    expect(await capValue.getAttribute('aria-invalid')).toBeNull();
    ({ params } = await scan(page));
    expect(params.get('market_cap__gte')).toBe('10000000000');
    await context.close();
  });

  it('a saved query and a preset store the number and show it compactly (10B) when loaded back', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    await page.goto('/scanner');
    await page.getByRole('heading', { name: SCANNER_TEXT.title, level: 1 }).waitFor();
    const cap = await addFilter(page, 'Basic', 'market_cap');
    await cap.getByLabel('Value', { exact: true }).fill('10,000,000,000');
    const name = `Large caps ${Date.now()}`;
    await page.getByRole('button', { name: SCANNER_TEXT.queries }).click();
    await page.getByRole('button', { name: SCANNER_TEXT.saveQuery }).click();
    const dialog = page.getByRole('dialog', { name: SCANNER_TEXT.saveDialogTitle });
    await dialog.getByLabel(SCANNER_TEXT.templateName, { exact: true }).fill(name);
    await dialog.getByRole('button', { name: SCANNER_TEXT.save }).click();
    await page.getByText(SCANNER_TEXT.saved(name)).waitFor();
    // stored as the number
    const saved = (await (await page.request.get('/api/scanner/templates/')).json()) as Array<{ id: number; name: string }>;
    const id = saved.find((t) => t.name === name)!.id;
    const detail = JSON.stringify(await (await page.request.get(`/api/scanner/templates/${id}/`)).json());
    expect(detail).toMatch(/"value_numeric_1":"?10000000000(\.0+)?"?/);

    await page.reload();
    await page.getByRole('heading', { name: SCANNER_TEXT.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: SCANNER_TEXT.queries }).click();
    await page.getByRole('button', { name: SCANNER_TEXT.loadQuery }).click();
    await page.getByRole('button', { name: `Load ${name}` }).click();
    await page.getByText(SCANNER_TEXT.loaded(name)).waitFor();
    expect(await rowOf(page, 'market_cap').getByLabel('Value', { exact: true }).inputValue()).toBe('10B');

    await page.getByRole('button', { name: SCANNER_TEXT.presets }).click();
    await page.getByRole('menuitem', { name: /^Oversold large caps/ }).click();
    await tab(page, 'Basic').click();
    expect(await rowOf(page, 'market_cap').getByLabel('Value', { exact: true }).inputValue()).toBe('10B');
    const { params } = await scan(page);
    expect(params.get('market_cap__gte')).toBe('10000000000');
    await context.close();
  });
});
