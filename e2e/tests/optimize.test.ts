import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BacktestRun, Candle, Optimization, StarterSymbol, TemplateDetail, TemplateListItem } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { get, post } from '../harness/api.ts';
import { logInViaApi, signUpAndLogIn, TEST_PASSWORD } from '../harness/account.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { OPTIMIZE_TEXT as T } from '../../apps/web/src/features/optimize/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The optimisation screens in real Chromium against the real server: from the Backtest screen's "Optimize",
// a small grid over a starter's RSI period and level (the cell count as it is typed, the 100,000-cell
// limit), the progress bar, the heatmap with the best cell outlined, applying the best cell and opening
// the copy as a backtest; cancelling a big run; a walk-forward's folds and equity chart; a 390 px phone.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('optimize');
const shot = (page: Page, name: string, fullPage = true) => shotInto(SHOTS, page, name, { fullPage });

/** The id in the page's address (?run=…) once a run has started. */
const runIdOf = async (page: Page) => {
  await page.waitForURL((u) => u.searchParams.has('run'));
  return Number(new URL(page.url()).searchParams.get('run'));
};

/** Fills a parameter's range: "RSI buy + sell period" from, to, step. */
async function setRange(page: Page, label: string, from: string, to: string, step: string) {
  await page.getByLabel(`${label}: ${T.start}`).fill(from);
  await page.getByLabel(`${label}: ${T.stop}`).fill(to);
  await page.getByLabel(`${label}: ${T.step}`).fill(step);
}

describe('optimisation screens', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let template: TemplateDetail;
  let periodId: number;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } }));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    email = (await signUpAndLogIn(page)).email;
    // RSI(14) < 30 buys, RSI(14) > 70 sells; on the last three years of the most liquid symbol
    const copied = await post(page, '/api/starters/rsi-reversion/copy/');
    expect(copied.status()).toBe(201);
    template = (await copied.json()) as TemplateDetail;
    const { symbol } = await get<StarterSymbol>(page, '/api/starters/symbol/');
    const candles = await get<Candle[]>(page, `/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const period = await post(page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[candles.length - 760].time), end_date: day(candles[candles.length - 1].time) });
    expect(period.status()).toBe(201);
    periodId = ((await period.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('opens from the Backtest screen, counts cells as they are typed and refuses a grid over 100,000 cells', async () => {
    await page.goto('/studies');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(template.id));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(periodId));
    await shot(page, 'studies-optimize-link-desktop', false);
    await page.getByRole('link', { name: T.open, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/optimize');
    expect(new URL(page.url()).search).toBe(`?template_id=${template.id}&period_id=${periodId}`);

    // The starter's first row is ready to vary: RSI period 10–18 (on its BUY and SELL rows, one
    // RSI(14)) and level 20–40.
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    expect(await page.getByTestId('param').count()).toBe(2);
    expect(await page.getByLabel(`RSI buy + sell period: ${T.start}`).inputValue()).toBe('10');
    expect(await page.getByTestId('cell-count').innerText()).toBe(T.cells('25'));

    // 1,000 × 101 values: over the limit, and the start is refused
    await setRange(page, 'RSI buy + sell period', '1', '1000', '1');
    await setRange(page, 'RSI buy level', '0', '100', '1');
    await page.getByText('The grid has 101,000 cells; at most 100,000.').waitFor();
    expect(await page.getByRole('button', { name: T.start_ }).isDisabled()).toBe(true);
    await shot(page, 'optimize-limit-desktop');
    // a bad step says what is wrong and counts nothing
    await page.getByLabel(`RSI buy level: ${T.step}`).fill('0');
    await page.getByText('The step must be more than 0.').waitFor();
    expect(await page.getByTestId('cell-count').innerText()).toBe('');

    // a list for the level: 6 periods × 3 levels
    await setRange(page, 'RSI buy + sell period', '10', '20', '2');
    await page.getByLabel(`RSI buy level: ${T.mode}`).selectOption('list');
    await page.getByLabel(`RSI buy level: ${T.values}`).fill('25, 30, 35');
    expect(await page.getByTestId('cell-count').innerText()).toBe(T.cells('18'));
    expect(await page.getByRole('button', { name: T.start_ }).isDisabled()).toBe(false);
  });

  it('runs the grid: a progress bar, then the heatmap with the best cell outlined and the table of best cells', async () => {
    // Hold the first progress answers back a little, so the bar can be seen whatever the machine's speed.
    let held = 0;
    await page.route('**/api/optimizations/*/', async (route) => {
      if (route.request().method() === 'GET' && held++ < 2) await new Promise((r) => setTimeout(r, 800));
      await route.fallback();
    });
    await page.getByRole('button', { name: T.start_ }).click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuemax'))).toBe(18);
    await page.getByRole('button', { name: T.cancel }).waitFor();
    await shot(page, 'optimize-progress-desktop', false);
    const id = await runIdOf(page);

    const heatmap = page.getByTestId('heatmap');
    await heatmap.waitFor({ timeout: 60_000 });
    await page.unroute('**/api/optimizations/*/');
    const run = await get<Optimization>(page, `/api/optimizations/${id}/`);
    expect(run.status).toBe('done');
    const result = run.result!;
    expect(result.heatmap).toHaveLength(18);

    // one cell per value pair; empty cells (no trade) blank; the best outlined and named in its tooltip
    const cells = heatmap.getByTestId('heat-cell');
    expect(await cells.count()).toBe(18);
    expect(await heatmap.locator('[data-empty]').count()).toBe(result.heatmap.filter((v) => v === null).length);
    const best = heatmap.locator('[data-best]');
    expect(await best.count()).toBe(1);
    const [period, level] = result.best!.params;
    // across: the level (the last parameter), down: the period
    expect(await best.getAttribute('title')).toBe(`RSI buy level ${level}, RSI buy + sell period ${period}: Return [%] ${(result.heatmap[result.best!.index] as number).toFixed(2)} (best)`);
    expect(result.heatmap[result.best!.index]).toBe(result.best!.stats['Return [%]']);
    expect(await page.getByTestId('picked-value').innerText()).toBe((result.heatmap[result.best!.index] as number).toFixed(2));
    // the legend spans the lowest and highest values shown
    const shown = result.heatmap.filter((v): v is number => v !== null);
    expect(await page.getByTestId('heatmap-legend').innerText()).toContain(`${Math.min(...shown).toFixed(2)}`);

    // hovering a cell reads its value out; the keyboard moves over the cells too
    await cells.nth(0).hover();
    expect(await page.getByTestId('heatmap-readout').innerText()).toBe((await cells.nth(0).getAttribute('title'))!);
    await heatmap.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('heatmap-readout').innerText()).toBe((await cells.nth(1).getAttribute('title'))!);
    // Enter picks the cell under the keyboard (when it traded); the card above shows its value
    // (the first row's second cell is cell 1: the period's first value, the level's second)
    const second = result.heatmap[1];
    await page.keyboard.press('Enter');
    if (second !== null && result.best!.index !== 1) {
      await page.getByTestId('picked-cell').getByText(T.selectedTitle).waitFor();
      expect(await page.getByTestId('picked-value').innerText()).toBe(second.toFixed(2));
      // back to the best cell for what follows
      await best.click();
      await page.getByTestId('picked-cell').getByText(T.bestTitle, { exact: true }).waitFor();
    }

    // the table of best cells, sortable by any column
    const rows = page.getByTestId('top-row');
    expect(await rows.count()).toBe(Math.min(result.top.length, 20));
    await page.getByRole('columnheader', { name: '# Trades' }).getByRole('button').click();
    expect(await page.getByRole('columnheader', { name: '# Trades' }).getAttribute('aria-sort')).toBe('descending');
    const trades = await rows.evaluateAll((trs) => trs.map((tr) => Number((tr.children[4] as HTMLElement).innerText)));
    expect(trades).toEqual([...trades].sort((a, b) => b - a));
    await page.getByRole('heading', { name: `${T.heatmapTitle}: Return [%]` }).scrollIntoViewIfNeeded();
    await shot(page, 'optimize-results-desktop');
  });

  it('applies the best cell to a copy of the template and opens it as a backtest', async () => {
    const id = Number(new URL(page.url()).searchParams.get('run'));
    const { result } = await get<Optimization>(page, `/api/optimizations/${id}/`);
    const [period, level] = result!.best!.params;
    await page.getByTestId('picked-cell').getByRole('button', { name: T.apply }).click();
    const name = `${template.name} (RSI buy + sell period ${period}, RSI buy level ${level})`;
    await page.getByText(T.applied(name)).waitFor();
    const list = await get<TemplateListItem[]>(page, '/api/templates/');
    const copy = list.find((t) => t.name === name)!;
    const stored = await get<TemplateDetail>(page, `/api/templates/${copy.id}/`);
    expect(stored.indicators[0]).toMatchObject({ period, cvalue: String(level) });
    await shot(page, 'optimize-applied-desktop', false);

    // the best cell's row in the table now opens the copy too
    expect(await page.getByRole('table', { name: T.topTitle }).getByRole('link', { name: T.openBacktest }).getAttribute('href')).toBe(
      `/studies?template_id=${copy.id}&period_id=${periodId}&run=1`,
    );
    await page.getByRole('status').getByRole('link', { name: T.openBacktest }).click();
    await page.waitForURL((u) => u.pathname === '/studies');
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('heading', { level: 2 }).filter({ hasText: ' on ' }).innerText()).toContain(name);
    // the copy's plain backtest is the best cell
    const bestReturn = result!.best!.stats['Return [%]'] as number;
    const plain = (await (await post(page, '/api/submit_selection/', { period_id: periodId, template_id: copy.id })).json()) as BacktestRun;
    expect(plain.stats['Return [%]']).toBe(bestReturn);
    expect(await page.getByText(bestReturn.toFixed(2), { exact: true }).count()).toBeGreaterThan(0);
  });

  it('cancels a big run', async () => {
    await page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}`);
    await setRange(page, 'RSI buy + sell period', '1', '1000', '1');
    await setRange(page, 'RSI buy level', '1', '100', '1');
    expect(await page.getByTestId('cell-count').innerText()).toBe(T.cells('100,000'));
    await page.getByRole('button', { name: T.start_ }).click();
    await page.getByRole('button', { name: T.cancel }).click();
    await page.getByText(T.cancelled).waitFor();
    const id = await runIdOf(page);
    expect((await get<Optimization>(page, `/api/optimizations/${id}/`)).status).toBe('cancelled');
    // the recent runs list it first, the grid before it as done; a click opens that one's results
    const recent = page.getByRole('list', { name: T.recentTitle }).getByRole('link');
    await recent.first().filter({ hasText: 'cancelled' }).waitFor();
    expect(await recent.first().getAttribute('aria-current')).toBe('page');
    await recent.nth(1).filter({ hasText: 'done' }).click();
    await page.getByTestId('heatmap').waitFor();
  });

  it('runs a walk-forward: folds table, efficiency, out-of-sample equity beside the in-sample best', async () => {
    await page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}`);
    await page.getByText(T.walkForward, { exact: true }).click();
    expect(await page.getByRole('radio', { name: T.walkForward }).isChecked()).toBe(true);
    await page.getByLabel(T.folds).fill('3');
    await page.getByRole('button', { name: T.start_ }).click();
    const id = await runIdOf(page);
    await page.getByTestId('wf-chart').locator('canvas').first().waitFor({ timeout: 60_000 });
    const run = await get<Optimization>(page, `/api/optimizations/${id}/`);
    const walk = run.result!.walk_forward!;
    expect(run.request.walk_forward).toEqual({ folds: 3, in_sample: 0.75, anchored: false });
    const folds = page.getByTestId('wf-fold');
    expect(await folds.count()).toBe(3);
    expect(await folds.nth(0).innerText()).toContain(`${walk.folds[0].out_of_sample.start} → ${walk.folds[0].out_of_sample.end}`);
    expect(await page.getByTestId('wf-efficiency').innerText()).toBe(walk.efficiency === null ? '—' : `${(walk.efficiency * 100).toFixed(0)} %`);
    await page.waitForTimeout(300);
    await shot(page, 'optimize-walk-forward-desktop');
    // the dark theme (the app toggles the class on <html>)
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.waitForTimeout(300);
    await shot(page, 'optimize-walk-forward-dark');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
  });

  it('is for signed-in users, and says so when a run cannot be read (another user’s, or gone)', async () => {
    const visitor = await newPage(browser);
    await visitor.page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}`);
    await visitor.page.waitForURL((u) => u.pathname === '/login');
    await visitor.context.close();

    await page.goto('/optimize?run=999999');
    await page.getByText(T.loadFailed).waitFor();
    expect(await page.getByTestId('heatmap').count()).toBe(0);
  });

  it('fits a 390 px phone', async () => {
    const phone = await newPage(browser, PHONE);
    await logInViaApi(phone.page, email, TEST_PASSWORD);
    const runs = await get<Optimization[]>(phone.page, '/api/optimizations/');
    const grid = runs.find((r) => r.status === 'done' && r.request.walk_forward === null)!;
    const { id } = runs.find((r) => r.status === 'done' && r.request.walk_forward !== null)!;
    for (const [runId, name] of [[grid.id, 'grid'], [id, 'walk-forward']] as const) {
      await phone.page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}&run=${runId}`);
      await phone.page.getByTestId(runId === id ? 'wf-chart' : 'heatmap').waitFor();
      await phone.page.waitForTimeout(300);
      await shot(phone.page, `optimize-${name}-phone`);
      // the results at the phone's own size
      await phone.page.getByTestId(runId === id ? 'wf-efficiency' : 'picked-cell').evaluate((e) => e.scrollIntoView());
      await shot(phone.page, `optimize-${name}-phone-results`, false);
      // what sticks out, named, when something does
      const wide = await phone.page.evaluate(() =>
        [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('[data-scroll-x]')).map((e) => `${e.tagName}.${e.className}`).slice(0, 5),
      );
      expect(wide).toEqual([]);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await phone.context.close();
  });
});
