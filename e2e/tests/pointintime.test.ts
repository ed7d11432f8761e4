import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildScanQuery, defaultFilterRow, rowToSavedFilter, UNIVERSE_MESSAGES, type PortfolioRun, type ScanPage, type TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { FIGURE_LABELS, MANY_TEXT, MEMBERSHIP_TEXT } from '../../apps/web/src/features/many/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// Point-in-time universes on screen (1280 px): a portfolio over a saved scan judged on each day, floors
// on, says how many symbol-days the floors removed and which symbols were never members; a short
// template runs as a portfolio; a scan's matches today carry the hindsight warning.

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const SHOTS = screenshotDir('pointintime');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);
const START = '2019-01-02';
const END = '2023-12-29';

describe('point-in-time universes on screen', () => {
  let browser: Browser;
  let session: { page: Page; close: () => Promise<void> };
  let longId = 0;
  let shortId = 0;
  const scanName = `Above $20 ${Date.now()}`;

  const template = async (page: Page, name: string, rows: object[]) => {
    const t = (await (await post(page, '/api/templates/', { name, stop_loss_pct: 0.08 })).json()) as TemplateDetail;
    for (const row of rows) expect((await post(page, '/api/indicators/', { template: t.id, ...row })).status()).toBe(201);
    return t.id;
  };
  /** Fills the form for a run over the saved scan, read point in time or as its matches today. */
  const startOverScan = async (page: Page, templateId: number, when: 'scan' | 'scan_today') => {
    await page.goto('/many/portfolio');
    const form = page.getByRole('form', { name: MANY_TEXT.formTitle });
    await form.waitFor();
    await form.getByLabel(MANY_TEXT.template).selectOption(String(templateId));
    await form.getByLabel(MANY_TEXT.universeKinds.scan).check();
    await form.getByLabel(MANY_TEXT.savedScan, { exact: true }).selectOption({ label: scanName });
    await form.getByRole('radiogroup', { name: MANY_TEXT.scanWhen }).getByLabel(MANY_TEXT.scanWhenKinds[when]).check();
    await form.getByLabel(MANY_TEXT.startDate).fill(START);
    await form.getByLabel(MANY_TEXT.endDate).fill(END);
    await form.getByLabel(MANY_TEXT.maxPositions).fill('5');
    expect(await form.getByRole('checkbox', { name: MANY_TEXT.floors }).isChecked()).toBe(true); // on by default
    await form.getByRole('button', { name: MANY_TEXT.startPortfolio }).click();
    await page.waitForURL((u) => /^\/many\/portfolio\/\d+$/.test(u.pathname));
    await page.getByTestId('portfolio-chart').locator('canvas').first().waitFor({ timeout: 90_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    return (await (await page.request.get(`/api/portfolio_runs/${id}/`)).json()) as PortfolioRun;
  };

  beforeAll(async () => {
    browser = await sharedBrowser();
    const { page, context } = await newPage(browser, DESKTOP);
    page.on('pageerror', (e) => console.error('page error:', e.message));
    session = { page, close: () => context.close() };
    await signUpAndLogIn(page);
    // a saved scan whose members change with the price: a close of $20 or more as of each day
    const row = { ...defaultFilterRow('price'), value1: 20 };
    expect(((await (await page.request.get(`/api/scanner/stocks/?${buildScanQuery([row])}`)).json()) as ScanPage).count).toBeGreaterThan(0);
    expect((await post(page, '/api/scanner/templates/', { name: scanName, filters: [rowToSavedFilter(row, 0)] })).status()).toBe(201);
    longId = await template(page, `Dips ${Date.now()}`, [
      { name: 'RSI', indicator_type: 'BUY', period: 14, compare: '<', cvalue: '35' },
      { name: 'RSI', indicator_type: 'SELL', period: 14, compare: '>', cvalue: '60' },
    ]);
    shortId = await template(page, `Short spikes ${Date.now()}`, [
      { name: 'RSI', indicator_type: 'SHORT', period: 14, compare: '>', cvalue: '65' },
      { name: 'RSI', indicator_type: 'COVER', period: 14, compare: '<', cvalue: '45' },
    ]);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('a portfolio over a saved scan point in time, floors on: the floors-removed count, the never-members note, the figures', async () => {
    const { page } = session;
    const run = await startOverScan(page, longId, 'scan');
    const r = run.result!;
    expect(await page.getByTestId('survivorship').innerText()).toBe(UNIVERSE_MESSAGES.survivorship);
    expect(await page.getByTestId('floors-removed').innerText()).toBe(MEMBERSHIP_TEXT.floorsRemoved(r.floors_removed!));
    expect(r.floors_removed!).toBeGreaterThan(0);
    expect(r.never_members!.length).toBeGreaterThan(0);
    const never = page.getByTestId('never-members');
    expect(await never.innerText()).toBe(MEMBERSHIP_TEXT.neverMembers(r.never_members!.length));
    await never.click();
    await page.getByText(r.never_members!.join(', ')).waitFor();
    const figures = page.getByTestId('portfolio-figures');
    expect(await figures.innerText()).toContain(FIGURE_LABELS.costs);
    expect(await figures.innerText()).toContain(FIGURE_LABELS.averageHoldings);
    await shot(page, 'portfolio-point-in-time-1280');
  });

  it('a short template runs as a portfolio: every trade a short', async () => {
    const { page } = session;
    const run = await startOverScan(page, shortId, 'scan');
    expect(run.status).toBe('done');
    const sizes = run.result!.trades.map((t) => t.Size);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.every((s) => s < 0)).toBe(true);
    const trades = page.getByRole('table', { name: MANY_TEXT.tradesTitle });
    expect(await trades.getByTestId('trade-row').count()).toBeGreaterThan(0);
    await shot(page, 'portfolio-short-1280');
  });

  it('the scan’s matches today carry the hindsight warning', async () => {
    const { page } = session;
    await startOverScan(page, longId, 'scan_today');
    expect(await page.getByTestId('survivorship').innerText()).toBe(UNIVERSE_MESSAGES.hindsight);
    await shot(page, 'portfolio-scan-today-1280');
  });
});
