import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildScanQuery, defaultFilterRow, ROTATION_CSV, rowToSavedFilter, type Period, type RotationRun, type ScanPage, type Starter, type TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { ROTATION_LINK_TEXT } from '../../apps/web/src/lib/rotationLink.ts';
import { ROTATION_SCREEN } from '../../apps/web/src/features/rotation/texts.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The Rotation screen in real Chromium against the real server and its demo market: a monthly
// momentum rotation (top 10, floors on) started from the Backtest screen over every listed equity and
// from a saved scan on the Scanner; the result's chart with its benchmark line, the holdings of a
// rebalance with the names bought and their scores, the CSV files; at 1280 px and at 390 px.

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('rotation');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);
const START = '2019-01-02';
const END = '2024-12-31';

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
])('rotation on screen at %s', (width, viewport) => {
  let browser: Browser;
  let session: { page: Page; close: () => Promise<void> };
  let period: Period;
  let benchmark: string;
  const scanName = `Above $1 ${Date.now()}`;
  const phone = viewport === PHONE;

  beforeAll(async () => {
    browser = await sharedBrowser();
    const { page, context } = await newPage(browser, viewport);
    page.on('pageerror', (e) => console.error('page error:', e.message));
    session = { page, close: () => context.close() };
    await signUpAndLogIn(page);
    const [starter] = (await (await page.request.get('/api/starters/')).json()) as Starter[];
    const template = (await (await post(page, `/api/starters/${starter.slug}/copy/`, {})).json()) as TemplateDetail;
    const above = { ...defaultFilterRow('price'), value1: 1 };
    const scan = (await (await page.request.get(`/api/scanner/stocks/?${buildScanQuery([above], { ordering: '-volume' })}`)).json()) as ScanPage;
    // the demo market has no SPY: the most traded name is the benchmark
    benchmark = scan.results[0].symbol;
    expect((await post(page, '/api/scanner/templates/', { name: scanName, filters: [rowToSavedFilter(above, 0)] })).status()).toBe(201);
    period = await (await post(page, '/api/periods/', { stock_ticker: benchmark, start_date: START, end_date: END })).json();
    await page.goto('/studies');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(template.id));
  });
  afterAll(async () => {
    await session?.close();
  });

  /** Fills the momentum rotation's fields the links leave, starts it and waits for the result. */
  const runRotation = async (page: Page, name: string) => {
    const form = page.getByRole('form', { name: ROTATION_SCREEN.formTitle });
    await form.waitFor();
    // floors on by default, with their values shown
    expect(await form.getByLabel(ROTATION_SCREEN.floorsOn).isChecked()).toBe(true);
    expect(await form.getByLabel(ROTATION_SCREEN.minPrice).inputValue()).toBe('5');
    expect(await form.getByLabel(ROTATION_SCREEN.minDollarVolume).inputValue()).toBe('1000000');
    await form.getByLabel(ROTATION_SCREEN.rebalance).selectOption('monthly');
    await form.getByLabel(ROTATION_SCREEN.top, { exact: false }).fill('10');
    await form.getByLabel(ROTATION_SCREEN.score).selectOption('momentum');
    await form.getByLabel(ROTATION_SCREEN.period, { exact: true }).fill('126');
    await form.getByLabel(ROTATION_SCREEN.skip).fill('21');
    await form.getByLabel(ROTATION_SCREEN.benchmark).fill(benchmark);
    await shot(page, `${name}-form-${phone ? 'phone' : 'desktop'}`);
    await form.getByRole('button', { name: ROTATION_SCREEN.start_run }).click();
    await page.waitForURL((u) => /^\/rotation\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('rotation-chart').waitFor({ timeout: 120_000 });
    const run = (await (await page.request.get(`/api/rotation_runs/${id}/`)).json()) as RotationRun;
    expect(run.status).toBe('done');
    expect(run.request).toMatchObject({ rebalance: 'monthly', top: 10, floors: { min_price: 5, min_dollar_volume: 1_000_000, window: 20 } });
    return run;
  };

  /** The result on screen: the benchmark line, a rebalance's bought names with their scores, the CSV. */
  const checkResult = async (page: Page, run: RotationRun, name: string) => {
    const r = run.result!;
    expect(r.benchmark?.symbol).toBe(benchmark);
    expect(await page.getByTestId('rotation-chart').getAttribute('data-benchmark')).toBe(benchmark);
    expect(await page.getByTestId('chart-legend').innerText()).toContain(benchmark);
    const canvases = await page.getByTestId('rotation-chart').locator('canvas').count();
    expect(canvases).toBeGreaterThan(0);
    expect(await page.getByTestId('rotation-stats').innerText()).toContain('Turnover per year');

    // the first rebalance that bought: open it, its names and scores as the API has them
    const rb = r.rebalances.find((x) => x.holdings.some((h) => h.action === 'bought'))!;
    expect(rb).toBeDefined();
    const row = page.locator(`li[data-testid=rebalance][data-date="${rb.date}"]`);
    await row.getByRole('button').click();
    const bought = row.locator('tr[data-action=bought]');
    await bought.first().waitFor();
    const want = rb.holdings.filter((h) => h.action === 'bought');
    expect(await bought.count()).toBe(want.length);
    expect(want.length).toBeLessThanOrEqual(10);
    const first = bought.first();
    expect(await first.locator('td').first().innerText()).toBe(want[0].symbol);
    expect(await first.getByTestId('holding-score').innerText()).toBe(want[0].score!.toLocaleString('en-US', { maximumFractionDigits: 4, minimumFractionDigits: 4 }));
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `${name}-result-${phone ? 'phone' : 'desktop'}`);

    for (const [file, button] of [['orders', ROTATION_SCREEN.downloadOrders], ['holdings', ROTATION_SCREEN.downloadHoldings]] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
      const csv = parse(readFileSync((await download.path())!), { bom: true }) as string[][];
      expect(csv[0]).toEqual([...ROTATION_CSV[file]]);
      if (file === 'orders') {
        expect(csv).toHaveLength(r.orders.length + 1);
        expect(csv[1].slice(0, 4)).toEqual([r.orders[0].date, r.orders[0].symbol, r.orders[0].side, String(r.orders[0].shares)]);
      } else expect(csv).toHaveLength(r.rebalances.reduce((n, x) => n + x.holdings.length, 0) + 1);
    }
    // the result's URL restores it
    await page.reload();
    await page.getByTestId('rotation-chart').waitFor();
  };

  it('Backtest screen → "Rotation (rebalancing)": every listed equity, the period\'s dates', async () => {
    const { page } = session;
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(period.id));
    await page.getByRole('link', { name: ROTATION_LINK_TEXT.fromBacktest }).click();
    await page.waitForURL((u) => u.pathname === '/rotation');
    const form = page.getByRole('form', { name: ROTATION_SCREEN.formTitle });
    await form.waitFor();
    expect(await form.getByLabel(ROTATION_SCREEN.start).inputValue()).toBe(START);
    expect(await form.getByLabel(ROTATION_SCREEN.end).inputValue()).toBe(END);
    expect(await form.getByRole('radio', { name: ROTATION_SCREEN.universeKinds.all }).isChecked()).toBe(true);
    const run = await runRotation(page, 'backtest');
    expect(run.request.universe.kind).toBe('all');
    await checkResult(page, run, 'backtest');
  }, 240_000);

  it('Scanner → a saved scan → "Rotate these": the scan point in time as the universe', async () => {
    const { page } = session;
    await page.goto('/scanner');
    if (phone) await page.getByRole('button', { name: SCANNER_TEXT.queries }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: SCANNER_TEXT.queries }).click();
    await page.getByRole('button', { name: SCANNER_TEXT.loadQuery }).click();
    await page.getByRole('button', { name: `Load ${scanName}` }).click();
    await page.getByText(SCANNER_TEXT.loaded(scanName)).waitFor();
    await page.getByTestId('saved-scan-runs').getByRole('link', { name: ROTATION_LINK_TEXT.fromScan }).click();
    await page.waitForURL((u) => u.pathname === '/rotation');
    const form = page.getByRole('form', { name: ROTATION_SCREEN.formTitle });
    await form.waitFor();
    expect(await form.getByLabel(ROTATION_SCREEN.savedScan).locator('option:checked').innerText()).toBe(scanName);
    await form.getByLabel(ROTATION_SCREEN.start).fill(START);
    await form.getByLabel(ROTATION_SCREEN.end).fill(END);
    const run = await runRotation(page, 'scanner');
    expect(run.request.universe).toEqual({ kind: 'scan', label: `scan "${scanName}" (point in time)` });
    await checkResult(page, run, 'scanner');
  }, 240_000);
});
