import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { RESULT_COLUMNS, SCANNER_MESSAGES, SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { screenshotDir } from '../harness/shots.ts';

// The /scanner journey against the shared server's demo market: one filter in each category,
// scan, sort (server side while pages remain, client side once all are loaded), Load More, CSV export,
// save / reload / load / delete a query, the session-expired dialog, and the signed-out state.

const SHOTS = screenshotDir('scanner'); // SCREENSHOT_DIR set: screenshots (desktop and phone) for review

const tab = (page: Page, name: 'Basic' | 'TA' | 'FA') => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const rowOf = (page: Page, type: string) => page.locator(`li[data-filter-type="${type}"]`);
const statusText = (page: Page) => page.getByTestId('scan-status').innerText();
const tableRows = (page: Page) => page.getByRole('table', { name: SCANNER_TEXT.resultsTable }).locator('tbody tr');

async function addFilter(page: Page, category: 'Basic' | 'TA' | 'FA', type: string): Promise<Locator> {
  await tab(page, category).click();
  await page.getByLabel(`New ${category} filter`, { exact: true }).selectOption(type);
  const before = await rowOf(page, type).count();
  await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
  const row = rowOf(page, type).nth(before);
  await row.waitFor();
  return row;
}

/** Types into a field and leaves it (the blur applies clamping); returns what the field then shows. */
async function typeAndBlur(field: Locator, text: string): Promise<string> {
  await field.fill(text);
  await field.blur();
  return field.inputValue();
}

/** The numbers of one column, in table order (N/A as null). */
async function column(page: Page, index: number): Promise<Array<number | null>> {
  const texts = await tableRows(page).evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.trim()), index);
  return texts.map((t) => (t === SCANNER_TEXT.na ? null : Number(t.replace(/[,%]/g, ''))));
}
const symbols = (page: Page) => tableRows(page).locator('th a').allInnerTexts();

function expectOrdered(values: Array<number | null>, desc: boolean) {
  const present = values.filter((v): v is number => v !== null);
  expect(values.slice(0, present.length)).toEqual(present); // nulls last
  expect(present).toEqual([...present].sort((a, b) => (desc ? b - a : a - b)));
}

/** Runs `action` (a click that scans or re-scans) and waits until the answer is on screen. */
async function scanBy(page: Page, action: () => Promise<void>) {
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/scanner/stocks/')), action()]);
  await page.getByTestId('scan-status').filter({ hasNotText: SCANNER_MESSAGES.scanning }).waitFor();
}

describe('stock scanner (/scanner)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('signed out: browse and add filters, but Login to Scan and the sign-in link lead to /login; no query menu', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/scanner');
    await page.getByRole('heading', { name: SCANNER_TEXT.title, level: 1 }).waitFor();
    expect(await statusText(page)).toBe(SCANNER_MESSAGES.noResults); // first load does not scan
    await addFilter(page, 'TA', 'rsi');
    expect(await rowOf(page, 'rsi').getByLabel('Period', { exact: true }).inputValue()).toBe('14');
    expect(await page.getByRole('button', { name: SCANNER_TEXT.queries }).count()).toBe(0);
    expect(await page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: SCANNER_TEXT.signInLink }).getAttribute('href')).toBe('/login');
    await page.getByRole('button', { name: SCANNER_TEXT.loginToScan }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('shows the scanning state, the empty state, and the spec messages when the server fails', async () => {
    const { page, context } = await newPage(browser);
    await signUpAndLogIn(page);
    await page.goto('/scanner');
    const price = await addFilter(page, 'Basic', 'price');
    await price.getByLabel('Value', { exact: true }).fill('99999'); // no demo stock costs that much
    const scanButton = page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true });

    // Hold the real answer back to see the scanning state: spinner text and a disabled button.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/scanner/stocks/**', async (route) => {
      await held;
      await route.continue();
    });
    await scanButton.click();
    await page.getByText(SCANNER_MESSAGES.scanning).waitFor();
    expect(await scanButton.isDisabled()).toBe(true);
    release();
    await page.getByText(SCANNER_MESSAGES.noResults).waitFor();
    await page.unrouteAll();
    expect(await page.getByRole('table').count()).toBe(0);

    // The real server never answers 500 or HTML, so those two answers are stood in for at the network layer.
    await page.route('**/api/scanner/stocks/**', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }));
    await scanButton.click();
    await page.getByRole('alert').filter({ hasText: SCANNER_MESSAGES.scanFailed }).waitFor();
    await page.unrouteAll();
    await page.route('**/api/scanner/stocks/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>maintenance</html>' }));
    await scanButton.click();
    await page.getByRole('alert').filter({ hasText: SCANNER_MESSAGES.unexpectedFormat }).waitFor();
    await page.unrouteAll();

    // A real first page, then a failing next link: the loaded rows stay and the Load More message shows.
    await price.getByLabel('Value', { exact: true }).fill('0');
    await scanBy(page, () => scanButton.click());
    expect(await tableRows(page).count()).toBe(50);
    await page.route('**/api/scanner/stocks/**page=2**', (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByRole('button', { name: SCANNER_TEXT.loadMore }).click();
    await page.getByRole('alert').filter({ hasText: SCANNER_MESSAGES.loadMoreFailed }).waitFor();
    expect(await tableRows(page).count()).toBe(50);
    await context.close();
  });

  it('shows rows of imported data (unknown market, no sector, cap, prices or volume) as N/A, sorts them last and exports them empty', async () => {
    const { page, context } = await newPage(browser, { acceptDownloads: true });
    await signUpAndLogIn(page);
    await page.goto('/scanner');
    await addFilter(page, 'Basic', 'instr_type');
    // What an import of real files gives: a listing without bars, a member with bars but no cap, a
    // previous close of 0 (no % change), and a complete row; stood in for so their shape is certain.
    const row = (symbol: string, o: Record<string, unknown>) => ({
      symbol, name: `${symbol} Corp`, price: null, diff: null, chg: null, sector: null, market: 'UNKNOWN', market_cap: null, volume: null,
      vol_avg: null, sma: null, ema: null, rsi: null, quickratio: null, roe: null, ...o,
    });
    const results = [
      row('FULL', { price: 10.5, diff: -0.25, chg: -2.33, sector: 'Technology', market: 'NASDAQ', market_cap: 1234567890, volume: 5000 }),
      row('NOCAP', { price: 55.1, diff: 1.1, chg: 2.04, sector: 'Finance', volume: 900 }),
      row('ZERO', { price: 0.01, diff: 0.01, chg: null, volume: 12 }),
      row('NOBARS', {}),
    ];
    await page.route('**/api/scanner/stocks/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ count: 4, next: null, previous: null, results }) }));
    await scanBy(page, () => page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).click());
    expect(await statusText(page)).toBe(SCANNER_MESSAGES.stocksFound(4));
    const cells = (symbol: string) => tableRows(page).filter({ has: page.getByRole('link', { name: symbol, exact: true }) }).locator('td');
    expect(await cells('NOBARS').allInnerTexts()).toEqual([`NOBARS Corp`, ...Array(6).fill(SCANNER_TEXT.na)]);
    expect(await cells('NOCAP').nth(5).innerText()).toBe(SCANNER_TEXT.na);
    // an N/A % change is not coloured like a gain, even when the absolute change is one
    const colour = (l: Locator) => l.evaluate((e) => getComputedStyle(e).color);
    expect(await cells('ZERO').nth(3).innerText()).toBe(SCANNER_TEXT.na);
    expect(await colour(cells('ZERO').nth(3))).toBe(await colour(cells('NOBARS').nth(3)));
    expect(await colour(cells('ZERO').nth(3))).not.toBe(await colour(cells('ZERO').nth(2)));
    // every page is loaded, so sorting is done here: nulls last both ways
    for (const [label, index] of [['% Change', 3], ['Market Cap', 5], ['Sector', 4]] as const) {
      for (const desc of [false, true]) {
        await page.getByRole('columnheader', { name: new RegExp(`^${label}`) }).getByRole('button').click();
        await page.getByRole('columnheader', { name: new RegExp(`^${label}`) }).and(page.locator(`[aria-sort="${desc ? 'descending' : 'ascending'}"]`)).waitFor();
        const texts = await tableRows(page).evaluateAll((rows, i) => rows.map((r) => (r.children[i + 1] as HTMLElement).innerText.trim()), index);
        const firstNa = texts.indexOf(SCANNER_TEXT.na);
        expect(firstNa, `${label} ${desc}`).toBeGreaterThan(0);
        expect(texts.slice(firstNa).every((t) => t === SCANNER_TEXT.na), `${label} ${desc}: ${texts}`).toBe(true);
      }
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: SCANNER_TEXT.exportCsv }).click()]);
    const csv = parse(readFileSync((await download.path())!), { bom: true }) as string[][];
    expect(csv.find((r) => r[0] === 'NOBARS')).toEqual(['NOBARS', 'NOBARS Corp', '', '', '', '', 'UNKNOWN', '', '']);
    expect(csv.find((r) => r[0] === 'FULL')).toEqual(['FULL', 'FULL Corp', '10.5', '-0.25', '-2.33', 'Technology', 'NASDAQ', '1234567890', '5000']);
    await context.close();
  });

  it('builds Basic, TA and FA filters, scans, sorts, loads more, exports, saves, reloads, loads and deletes a query', async () => {
    const { page, context } = await newPage(browser, { acceptDownloads: true });
    await signUpAndLogIn(page);
    await page.goto('/scanner');
    const scanButton = page.getByRole('button', { name: /^(Scan|Rescan)$/ });
    expect(await scanButton.isDisabled()).toBe(true); // no filters, no results

    // Basic: price ≥ 1, and the % change rules on a row that is removed again.
    const price = await addFilter(page, 'Basic', 'price');
    expect(await price.getByLabel('Operator', { exact: true }).inputValue()).toBe('gte');
    await price.getByLabel('Value', { exact: true }).fill('1');
    const chg = await addFilter(page, 'Basic', 'chg');
    const chgInput = chg.getByLabel('% Change', { exact: true });
    for (const [text, message] of [
      ['5.555', SCANNER_MESSAGES.tooManyDecimals(2)],
      ['2000', SCANNER_MESSAGES.percentTooHigh(1000)],
      ['-150', SCANNER_MESSAGES.percentTooLow(-100)],
      ['abc', SCANNER_MESSAGES.invalidNumber],
    ] as const) {
      await chgInput.fill(text);
      await chg.getByText(message, { exact: true }).waitFor();
    }
    await chgInput.fill('2.5');
    expect(await chg.locator('[aria-invalid="true"]').count()).toBe(0);
    await chg.getByRole('button', { name: /Remove filter/ }).click();
    const instr = await addFilter(page, 'Basic', 'instr_type');
    expect(await instr.getByLabel('Instrument', { exact: true }).inputValue()).toBe('EQUITY');
    expect(await (await addFilter(page, 'Basic', 'market')).getByLabel('Market', { exact: true }).inputValue()).toBe('NASDAQ');
    await rowOf(page, 'market').getByRole('button', { name: /Remove filter/ }).click();

    // TA: period clamping on an SMA row (removed), then RSI ≥ 0.
    const sma = await addFilter(page, 'TA', 'sma');
    expect(await sma.getByLabel('Period', { exact: true }).inputValue()).toBe('200');
    expect(await typeAndBlur(sma.getByLabel('Period', { exact: true }), '2')).toBe('5');
    expect(await typeAndBlur(sma.getByLabel('Period', { exact: true }), '999')).toBe('200');
    expect(await sma.getByLabel('Condition', { exact: true }).locator('option').allInnerTexts()).toEqual(['SMA(200) ≥ Price', 'SMA(200) ≤ Price']);
    await sma.getByRole('button', { name: /Remove filter/ }).click();
    const macd = await addFilter(page, 'TA', 'macd');
    expect(await typeAndBlur(macd.getByLabel('Fast', { exact: true }), '0')).toBe('1');
    await macd.getByRole('button', { name: /Remove filter/ }).click();
    const rsi = await addFilter(page, 'TA', 'rsi');
    await rsi.getByLabel('Value', { exact: true }).fill('0');

    // FA: trend periods clamp to 2–5 (row removed), then revenue ≥ 0 on the latest quarter.
    const trend = await addFilter(page, 'FA', 'financial_trend');
    expect(await typeAndBlur(trend.getByLabel('Consecutive periods', { exact: true }), '9')).toBe('5');
    expect(await typeAndBlur(trend.getByLabel('Consecutive periods', { exact: true }), '1')).toBe('2');
    await trend.getByRole('button', { name: /Remove filter/ }).click();
    const fa = await addFilter(page, 'FA', 'fa_compare');
    expect(await fa.getByLabel('Value', { exact: true }).inputValue()).toBe('1000000');
    await fa.getByLabel('Value', { exact: true }).fill('0');
    expect(await tab(page, 'Basic').innerText()).toContain('2'); // count badges per category
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/scanner-filters-desktop.png`, fullPage: true });

    // Scan. The count must match the API's own answer to the same filters, written out by hand here.
    const query = 'price__gte=1&instr_type=EQUITY&rsi_gte=0&rsi_period=14&revenue__gte=0&fa_compare_period=QUARTERLY';
    const api = (await (await page.request.get(`${baseUrl()}/api/scanner/stocks/?${query}&page_size=500`)).json()) as { count: number; results: Array<{ symbol: string; price: number | null; volume: number | null }> };
    expect(api.count).toBeGreaterThan(100); // enough for two Load More pages
    const scanRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/scanner/stocks/')) scanRequests.push(r.url());
    });
    await scanBy(page, () => scanButton.click());
    expect(await statusText(page)).toBe(SCANNER_MESSAGES.stocksFound(api.count));
    expect(new URL(scanRequests[0]).searchParams.get('ordering')).toBe('-volume');
    expect(await scanButton.innerText()).toBe(SCANNER_TEXT.rescan);
    expect(await tableRows(page).count()).toBe(50);
    // the fixed columns, then the filtered indicator's (the RSI filter's values)
    expect((await page.locator('thead th').allTextContents()).map((t) => t.replace(/[↕▲▼]/g, '').trim())).toEqual([...RESULT_COLUMNS.map((c) => c.label), 'RSI (14)']);
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Volume');
    expectOrdered(await column(page, 7), true);
    const first = tableRows(page).first().locator('th a');
    expect(await first.getAttribute('href')).toBe(`/rchart/${await first.innerText()}/`);
    expect(await first.getAttribute('target')).toBe('_blank');
    for (const t of await column(page, 4)) expect(t === null || Number.isFinite(t)).toBe(true);
    expect(await tableRows(page).first().locator('td').nth(3).innerText()).toMatch(/^(-?[\d,]+\.\d\d%|N\/A)$/);
    expect(await tableRows(page).first().locator('td').nth(6).innerText()).toMatch(/^([\d,]+|N\/A)$/);

    // More pages exist: a header click re-scans on the server in that order; the same column toggles.
    const priceHeader = page.getByRole('button', { name: /^Price/ });
    await scanBy(page, () => priceHeader.click());
    expect(new URL(scanRequests.at(-1)!).searchParams.get('ordering')).toBe('price');
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).toContain('Price');
    expectOrdered(await column(page, 2), false);
    await scanBy(page, () => priceHeader.click());
    expect(new URL(scanRequests.at(-1)!).searchParams.get('ordering')).toBe('-price');
    const firstPage = await column(page, 2);
    expectOrdered(firstPage, true);

    // Load More follows `next` and keeps the server's order across pages.
    await page.getByRole('button', { name: SCANNER_TEXT.loadMore }).click();
    await tableRows(page).nth(50).waitFor();
    expect(new URL(scanRequests.at(-1)!).searchParams.get('page')).toBe('2');
    expect(await tableRows(page).count()).toBe(Math.min(100, api.count));
    expectOrdered(await column(page, 2), true);
    while (await page.getByRole('button', { name: SCANNER_TEXT.loadMore }).count()) {
      const n = await tableRows(page).count();
      await page.getByRole('button', { name: SCANNER_TEXT.loadMore }).click();
      await tableRows(page).nth(n).waitFor();
    }
    expect((await symbols(page)).sort()).toEqual(api.results.map((r) => r.symbol).sort());

    // Everything is loaded: sorting happens in the page, without another request.
    const requestsBefore = scanRequests.length;
    await page.getByRole('button', { name: /^Symbol/ }).click();
    const bySymbol = await symbols(page);
    expect(bySymbol).toEqual([...bySymbol].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await page.getByRole('button', { name: /^Symbol/ }).click();
    expect(await symbols(page)).toEqual([...bySymbol].reverse());
    expect(scanRequests.length).toBe(requestsBefore);

    // CSV export of what is loaded.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: SCANNER_TEXT.exportCsv }).click()]);
    const file = readFileSync((await download.path())!);
    expect([...file.subarray(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
    const csv = parse(file, { bom: true }) as string[][];
    expect(csv[0].join(',')).toBe('Symbol,Name,Price,Change,% Change,Sector,Market,Market Cap,Volume,RSI (14)');
    expect(csv).toHaveLength(api.count + 1);
    // rows in the table's order, numbers raw (no grouping) and equal to the API's
    expect(csv.slice(1).map((r) => r[0])).toEqual(await symbols(page));
    const bySym = new Map(api.results.map((r) => [r.symbol, r]));
    for (const r of csv.slice(1)) {
      const price = bySym.get(r[0])!.price;
      if (price === null) expect(r[2]).toBe('');
      else expect(Number(r[2])).toBeCloseTo(price, 9);
      expect(r[8]).toBe(String(bySym.get(r[0])!.volume ?? ''));
    }
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/scanner-results-desktop.png` });
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await page.screenshot({ path: `${SHOTS}/scanner-results-dark.png` });
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/scanner-results-phone.png`, fullPage: false });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/scanner-filters-phone.png`, fullPage: false });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // Save: incomplete filters and an empty name are refused in the dialog.
    const menu = page.getByRole('button', { name: SCANNER_TEXT.queries });
    const dialog = page.getByRole('dialog', { name: SCANNER_TEXT.saveDialogTitle });
    const volume = await addFilter(page, 'Basic', 'volume');
    await menu.click();
    await page.getByRole('button', { name: SCANNER_TEXT.saveQuery }).click();
    await dialog.getByRole('button', { name: SCANNER_TEXT.save }).click();
    await dialog.getByText(SCANNER_MESSAGES.incompleteFilters(1)).waitFor();
    await dialog.getByRole('button', { name: SCANNER_TEXT.cancel }).click();
    await volume.getByRole('button', { name: /Remove filter/ }).click();
    await menu.click();
    await page.getByRole('button', { name: SCANNER_TEXT.saveQuery }).click();
    await dialog.getByRole('button', { name: SCANNER_TEXT.save }).click();
    await dialog.getByText(SCANNER_MESSAGES.nameEmpty).waitFor();
    const name = `Liquid earners ${Date.now()}`;
    await dialog.getByLabel(SCANNER_TEXT.templateName, { exact: true }).fill(name);
    await dialog.getByRole('button', { name: SCANNER_TEXT.save }).click();
    await page.getByText(SCANNER_TEXT.saved(name)).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    // The same name again: the server's duplicate message.
    await menu.click();
    await page.getByRole('button', { name: SCANNER_TEXT.saveQuery }).click();
    await dialog.getByLabel(SCANNER_TEXT.templateName, { exact: true }).fill(name);
    await dialog.getByRole('button', { name: SCANNER_TEXT.save }).click();
    await dialog.getByText(SCANNER_MESSAGES.nameUsed).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/scanner-save-dialog.png` });
    await dialog.getByRole('button', { name: SCANNER_TEXT.cancel }).click();

    // Reload: filters are gone; loading the query restores every row exactly.
    await page.reload();
    await page.getByRole('heading', { name: SCANNER_TEXT.title, level: 1 }).waitFor();
    expect(await page.locator('li[data-filter-type]').count()).toBe(0);
    await menu.click();
    await page.getByRole('button', { name: SCANNER_TEXT.loadQuery }).click();
    await page.getByRole('button', { name: `Load ${name}` }).click();
    await page.getByText(SCANNER_TEXT.loaded(name)).waitFor();
    await tab(page, 'Basic').click();
    expect(await rowOf(page, 'price').getByLabel('Value', { exact: true }).inputValue()).toBe('1');
    expect(await rowOf(page, 'instr_type').getByLabel('Instrument', { exact: true }).inputValue()).toBe('EQUITY');
    await tab(page, 'TA').click();
    expect(await rowOf(page, 'rsi').getByLabel('Value', { exact: true }).inputValue()).toBe('0');
    expect(await rowOf(page, 'rsi').getByLabel('Period', { exact: true }).inputValue()).toBe('14');
    await tab(page, 'FA').click();
    expect(await rowOf(page, 'fa_compare').getByLabel('Metric', { exact: true }).inputValue()).toBe('revenue');
    expect(await rowOf(page, 'fa_compare').getByLabel('Value', { exact: true }).inputValue()).toBe('0');
    await scanBy(page, () => page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).click());
    expect(await statusText(page)).toBe(SCANNER_MESSAGES.stocksFound(api.count));

    // Delete it.
    if (SHOTS) await page.setViewportSize({ width: 390, height: 844 });
    await menu.click();
    await page.getByRole('button', { name: SCANNER_TEXT.deleteQuery }).click();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/scanner-menu-phone.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByText(SCANNER_MESSAGES.deleted).waitFor();
    await page.getByRole('button', { name: SCANNER_TEXT.loadQuery }).click();
    await page.getByText(SCANNER_TEXT.noSavedQueries).first().waitFor();
    await page.keyboard.press('Escape');

    // The session ends on the server side: a rescan raises the blocking dialog; Dismiss closes it,
    // Login now signs out and goes to /login.
    await context.clearCookies();
    await page.getByRole('button', { name: SCANNER_TEXT.rescan }).click();
    const expired = page.getByRole('dialog', { name: SCANNER_TEXT.sessionExpiredTitle });
    await expired.getByText(SCANNER_MESSAGES.sessionExpired).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/scanner-session-expired.png` });
    await expired.getByRole('button', { name: SCANNER_TEXT.dismiss }).click();
    await expired.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: SCANNER_TEXT.rescan }).click();
    await expired.getByRole('link', { name: SCANNER_TEXT.loginNow }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect((await context.cookies()).find((c) => c.name === '_auth')).toBeUndefined();
    await context.close();
  });
});
