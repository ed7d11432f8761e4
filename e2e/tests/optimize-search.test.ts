import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Candle, Optimization, StarterSymbol, TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { get, post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { OPTIMIZE_TEXT as T } from '../../apps/web/src/features/optimize/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The Optimize form at 1280 px on a golden cross (SMA 50 crosses above SMA 200 buys, crosses below
// sells): its default axes are the fast and the slow period, each set on both rows; past 10,000 cells
// the form suggests a search, which runs its budget of cells and shows the cells it tried.

const SHOTS = screenshotDir('optimize-search');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name, { fullPage: true });

describe('optimising a golden cross', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let template: TemplateDetail;
  let periodId: number;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await signUpAndLogIn(page);
    const made = await post(page, '/api/templates/', { name: 'Golden cross' });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as TemplateDetail).id;
    for (const [side, compare] of [['BUY', 'crosses_above'], ['SELL', 'crosses_below']]) {
      const r = await post(page, '/api/indicators/', { template: id, name: 'SMA', indicator_type: side, period: 50, compare, against: { name: 'SMA', period: 200 } });
      expect(r.status(), await r.text()).toBe(201);
    }
    template = await get<TemplateDetail>(page, `/api/templates/${id}/`);
    const { symbol } = await get<StarterSymbol>(page, '/api/starters/symbol/');
    const candles = await get<Candle[]>(page, `/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const period = await post(page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[candles.length - 1200].time), end_date: day(candles[candles.length - 1].time) });
    expect(period.status()).toBe(201);
    periodId = ((await period.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('defaults to the fast and the slow period, each linked to the SELL row, and runs them on both rows', async () => {
    await page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}`);
    const params = page.getByTestId('param');
    await params.first().waitFor();
    expect(await params.count()).toBe(2);
    // the labels name both rows: one value sets the BUY and the SELL row
    expect(await page.getByLabel(`SMA buy + sell period: ${T.start}`).inputValue()).toBe('40');
    expect(await page.getByLabel(`SMA buy + sell compared-with period: ${T.start}`).inputValue()).toBe('190');
    for (let k = 0; k < 2; k++) expect(await params.nth(k).getByTestId('linked-rows').getByLabel('SMA sell').isChecked()).toBe(true);
    expect(await params.filter({ hasText: /drift|offset/i }).count()).toBe(0);
    await shot(page, 'golden-cross-defaults-1280');
    await page.getByRole('button', { name: T.start_ }).click();
    await page.waitForURL((u) => u.searchParams.has('run'));
    const id = Number(new URL(page.url()).searchParams.get('run'));
    const run = await get<Optimization>(page, `/api/optimizations/${id}/`);
    expect(run.request.params.map((p) => [p.rows, p.field])).toEqual([[[0, 1], 'period'], [[0, 1], 'against.period']]);
    // unlinking the slow period leaves it on the BUY row alone
    await page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}`);
    await params.nth(1).getByTestId('linked-rows').getByLabel('SMA sell').uncheck();
    await page.getByLabel(`SMA buy compared-with period: ${T.start}`).waitFor();
  });

  it('suggests a search above 10,000 cells; the search tries its budget and the heatmap shows the cells tried', async () => {
    await page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}`);
    await page.getByTestId('param').first().waitFor();
    expect(await page.getByTestId('suggest-search').count()).toBe(0);
    // 50 fast × 15 slow × 20 stop-losses = 15,000 cells
    const range = async (label: string, from: string, to: string, step: string) => {
      await page.getByLabel(`${label}: ${T.start}`).fill(from);
      await page.getByLabel(`${label}: ${T.stop}`).fill(to);
      await page.getByLabel(`${label}: ${T.step}`).fill(step);
    };
    await range('SMA buy + sell period', '5', '54', '1');
    await range('SMA buy + sell compared-with period', '110', '250', '10');
    await page.getByLabel(T.addParam).selectOption('template:stop_loss_pct');
    await range('Stop-loss (%)', '1', '20', '1');
    await page.getByTestId('cell-count').filter({ hasText: T.cells('15,000') }).waitFor();
    const suggest = page.getByTestId('suggest-search');
    await suggest.waitFor();
    expect(await suggest.innerText()).toContain(T.suggestSearch('15,000'));
    await shot(page, 'suggest-search-1280');
    await suggest.getByRole('button', { name: T.useSearch }).click();
    expect(await page.getByRole('radio', { name: T.methodSearch }).isChecked()).toBe(true);
    await page.getByLabel(T.budget).fill('150');
    await page.getByLabel(T.seed).fill('4');
    await page.getByTestId('optimize-idle').filter({ hasText: T.readySearch('150', '15,000') }).waitFor();
    await page.getByRole('button', { name: T.start_ }).click();
    await page.waitForURL((u) => u.searchParams.has('run'));
    const id = Number(new URL(page.url()).searchParams.get('run'));
    await page.getByTestId('heatmap').waitFor({ timeout: 60_000 });
    const run = await get<Optimization>(page, `/api/optimizations/${id}/`);
    expect(run.request).toMatchObject({ method: 'search', budget: 150, seed: 4, cells: 15_000 });
    expect(run.result!.cells).toHaveLength(150);
    // in the run's header (and again in the recent runs list)
    await page.getByText(T.searchedCells('150', '15,000')).first().waitFor();
    await page.getByText(T.heatmapSearchHint).waitFor();
    // fast × slow points (the best tried over the stop-losses): a value only where a tried cell traded
    const cells = page.getByTestId('heat-cell');
    expect(await cells.count()).toBe(50 * 15);
    const valued = await cells.evaluateAll((els) => els.filter((e) => !e.hasAttribute('data-empty')).length);
    const tried = new Set(run.result!.cells!.filter((_, i) => run.result!.heatmap[i] !== null).map((c) => Math.floor(c / 20)));
    expect(valued).toBe(tried.size);
    expect(valued).toBeLessThan(150 + 1);
    // the form read back from the run keeps the search
    await page.reload();
    await page.getByTestId('heatmap').waitFor();
    expect(await page.getByRole('radio', { name: T.methodSearch }).isChecked()).toBe(true);
    expect(await page.getByLabel(T.budget).inputValue()).toBe('150');
    await shot(page, 'search-result-1280');
  });
});
