import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Candle, Optimization, OptimizationCreateBody, StarterSymbol, TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { get, post } from '../harness/api.ts';
import { logInViaApi, signUpAndLogIn, TEST_PASSWORD } from '../harness/account.ts';
import { OPTIMIZE_TEXT as T } from '../../apps/web/src/features/optimize/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// An optimisation read back as a trader reads it, at 1280 and 390 px: a reloaded run shows the grid and
// settings it ran with (not the defaults), the line under the form says what comes next, the best
// cells fit a 1,280 px window with "Apply to template" on screen and keep their key columns on a phone,
// each column has one number of decimals, and a walk-forward without out-of-sample trades says why.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESK = { viewport: { width: 1280, height: 900 } };
const SHOTS = screenshotDir('optimize-reading');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);

async function runToEnd(page: Page, body: OptimizationCreateBody): Promise<Optimization> {
  const started = await post(page, '/api/optimizations/', body);
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as Optimization;
  for (let i = 0; i < 300; i++) {
    const run = await get<Optimization>(page, `/api/optimizations/${id}/`);
    if (run.status !== 'queued' && run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the optimisation did not finish');
}

describe('reading an optimisation', () => {
  let browser: Browser;
  let desk: { context: BrowserContext; page: Page };
  let phone: { context: BrowserContext; page: Page };
  let template: TemplateDetail;
  let periodId: number;
  let run: Optimization;

  beforeAll(async () => {
    browser = await sharedBrowser();
    desk = await newPage(browser, DESK);
    const { email } = await signUpAndLogIn(desk.page);
    phone = await newPage(browser, PHONE);
    await logInViaApi(phone.page, email, TEST_PASSWORD);
    for (const p of [desk.page, phone.page]) p.on('pageerror', (e) => console.error('page error:', e.message));
    template = (await (await post(desk.page, '/api/starters/rsi-reversion/copy/')).json()) as TemplateDetail;
    const { symbol } = await get<StarterSymbol>(desk.page, '/api/starters/symbol/');
    const candles = await get<Candle[]>(desk.page, `/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const period = await post(desk.page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[candles.length - 1000].time), end_date: day(candles[candles.length - 1].time) });
    periodId = ((await period.json()) as { id: number }).id;
    // Not the form's defaults: another objective, a constraint, a list of levels and a range of periods.
    run = await runToEnd(desk.page, {
      template_id: template.id,
      period_id: periodId,
      maximize: 'Sharpe Ratio',
      min_trades: 1,
      params: [
        { row: 0, field: 'period', values: [8, 11, 14, 17, 20] },
        { row: 0, field: 'cvalue', values: [30, 35, 45] },
      ],
    });
    expect(run.status).toBe('done');
  });
  afterAll(async () => {
    await desk?.context.close();
    await phone?.context.close();
  });

  it('says what comes next under a filled form, not "Choose parameters to vary…"', async () => {
    const { page } = desk;
    await page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}`);
    await page.getByTestId('param').first().waitFor();
    expect(await page.getByTestId('optimize-idle').innerText()).toBe(T.ready('25'));
    const remove = page.getByRole('button', { name: new RegExp(`^${T.remove} `) });
    while ((await remove.count()) > 0) await remove.first().click();
    expect(await page.getByTestId('optimize-idle').innerText()).toBe(T.idle);
  });

  it('a reloaded run shows the grid and settings it ran with', async () => {
    for (const { page } of [desk, phone]) {
      await page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}&run=${run.id}`);
      await page.getByTestId('top-row').first().waitFor();
      expect(await page.getByTestId('param').count()).toBe(2);
      expect(await page.getByLabel(`RSI buy period: ${T.start}`).inputValue()).toBe('8');
      expect(await page.getByLabel(`RSI buy period: ${T.stop}`).inputValue()).toBe('20');
      expect(await page.getByLabel(`RSI buy period: ${T.step}`).inputValue()).toBe('3');
      expect(await page.getByLabel(`RSI buy level: ${T.mode}`, { exact: true }).inputValue()).toBe('list');
      expect(await page.getByLabel(`RSI buy level: ${T.values}`, { exact: true }).inputValue()).toBe('30, 35, 45');
      expect(await page.getByLabel(T.objective).inputValue()).toBe('Sharpe Ratio');
      expect(await page.getByLabel(T.minTrades).inputValue()).toBe('1');
      expect(await page.getByTestId('cell-count').innerText()).toBe(T.cells('15'));
      // and it holds after a reload
      await page.reload();
      await page.getByTestId('top-row').first().waitFor();
      expect(await page.getByLabel(`RSI buy period: ${T.step}`).inputValue()).toBe('3');
      expect(await page.getByTestId('cell-count').innerText()).toBe(T.cells('15'));
    }
  });

  it('fits the best cells in a 1,280 px window with "Apply to template" on screen, one number of decimals per column', async () => {
    const { page } = desk;
    await page.goto(`/optimize?run=${run.id}`);
    const table = page.getByRole('table', { name: T.topTitle });
    await table.getByTestId('top-row').first().waitFor();
    const fit = await table.evaluate((t) => ({ table: t.scrollWidth, box: (t.parentElement as HTMLElement).clientWidth, page: document.scrollingElement!.scrollWidth - window.innerWidth }));
    expect(fit.table, 'the table is no wider than its box').toBeLessThanOrEqual(fit.box);
    expect(fit.page).toBeLessThanOrEqual(0);
    const apply = table.getByRole('button', { name: `${T.apply}: row 1`, exact: true });
    const box = (await apply.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(await apply.isVisible()).toBe(true);
    // Win Rate: every row with two decimals ("50.00" beside "55.56"); # Trades whole
    const column = async (name: string) => {
      const i = await table.locator('thead th').evaluateAll((ths, n) => ths.findIndex((th) => (th.textContent ?? '').replace(/[▲▼↕]/g, '').trim() === n), name);
      expect(i, name).toBeGreaterThanOrEqual(0);
      return table.getByTestId('top-row').evaluateAll((rows, k) => rows.map((r) => (r.children[k] as HTMLElement).innerText.trim()), i);
    };
    for (const v of await column('Win Rate [%]')) expect(v).toMatch(/^(—|-?\d+\.\d\d)$/);
    for (const v of await column('Sharpe Ratio')) expect(v).toMatch(/^(—|-?\d+\.\d\d)$/);
    for (const v of await column('# Trades')) expect(v).toMatch(/^\d+$/);
    await shot(page, 'best-cells-1280');
  });

  it('keeps the rank, the objective and "Apply" of the best cells on a phone, the values in the row’s details', async () => {
    const { page } = phone;
    await page.goto(`/optimize?run=${run.id}`);
    const table = page.getByRole('table', { name: T.topTitle });
    await table.getByTestId('top-row').first().waitFor();
    const fit = await table.evaluate((t) => ({ over: t.scrollWidth - (t.parentElement as HTMLElement).clientWidth, page: document.scrollingElement!.scrollWidth - window.innerWidth }));
    expect(fit).toEqual({ over: 0, page: 0 });
    const apply = table.getByRole('button', { name: `${T.apply}: row 1`, exact: true });
    expect((await apply.boundingBox())!.x + (await apply.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await table.getByRole('columnheader', { name: /RSI buy period/ }).isVisible()).toBe(false);
    await table.getByRole('button', { name: T.cellDetails(1), exact: true }).click();
    const details = table.getByTestId('row-details');
    await details.getByText('RSI buy period', { exact: true }).waitFor();
    await details.getByText('Win Rate [%]', { exact: true }).waitFor();
    await shot(page, 'best-cells-390');
  });

  it('links one RSI period to the BUY and the SELL row: one value sets both', async () => {
    const { page } = desk;
    await page.goto(`/optimize?template_id=${template.id}&period_id=${periodId}`);
    await page.getByTestId('param').first().waitFor();
    // keep the period alone, 7 and 21, linked to the SELL row
    await page.getByRole('button', { name: `${T.remove} RSI buy level` }).click();
    // linked by default: the BUY and SELL rows read one RSI(14)
    expect(await page.getByTestId('linked-rows').getByLabel('RSI sell').isChecked()).toBe(true);
    await page.getByText('RSI buy + sell period', { exact: true }).waitFor();
    await page.getByLabel(`RSI buy + sell period: ${T.mode}`, { exact: true }).selectOption('list');
    await page.getByLabel(`RSI buy + sell period: ${T.values}`, { exact: true }).fill('7, 21');
    await page.getByRole('button', { name: T.start_ }).click();
    await page.waitForURL((u) => u.searchParams.has('run'));
    const id = Number(new URL(page.url()).searchParams.get('run'));
    await page.getByTestId('top-row').first().waitFor({ timeout: 60_000 });
    const linked = await get<Optimization>(page, `/api/optimizations/${id}/`);
    expect(linked.request.params).toEqual([{ rows: [0, 1], field: 'period', values: [7, 21] }]);
    // both rows vary: the cell at 21 is the plain backtest of a copy with both periods at 21
    await page.getByRole('button', { name: `${T.apply}: row 1`, exact: true }).click();
    const best = linked.result!.top[0];
    const name = `${template.name} (RSI buy + sell period ${best.params[0]})`;
    await page.getByText(T.applied(name)).waitFor();
    const list = await get<{ id: number; name: string }[]>(page, '/api/templates/');
    const copy = await get<TemplateDetail>(page, `/api/templates/${list.find((t) => t.name === name)!.id}/`);
    expect(copy.indicators.map((i) => i.period)).toEqual([best.params[0], best.params[0]]);
    // a reload keeps the link
    await page.reload();
    await page.getByTestId('top-row').first().waitFor();
    expect(await page.getByTestId('linked-rows').getByLabel('RSI sell').isChecked()).toBe(true);
    await shot(page, 'linked-rows-1280');
  });

  it('says why a walk-forward has no out-of-sample figure, and what to change', async () => {
    // RSI below 1 or 2 almost never happens: no fold trades out of sample.
    const walk = await runToEnd(desk.page, {
      template_id: template.id,
      period_id: periodId,
      maximize: 'Return [%]',
      params: [{ row: 0, field: 'cvalue', values: [1, 2] }],
      walk_forward: { folds: 3, in_sample: 0.75, anchored: false },
    });
    expect(walk.status).toBe('done');
    const trades = walk.result!.walk_forward!.folds.map((f) => Number(f.out_of_sample_stats?.['# Trades'] ?? 0));
    expect(trades.every((n) => n === 0)).toBe(true);
    for (const { page } of [desk, phone]) {
      await page.goto(`/optimize?run=${walk.id}`);
      const note = page.getByTestId('wf-no-trades');
      await note.waitFor();
      expect(await note.innerText()).toContain(T.noOosTrades);
      expect(await note.innerText()).toContain(T.noOosTradesFix);
      // the columns name the statistic, and every dash says why it is one
      const table = page.getByRole('table', { name: T.walkTitle });
      expect(await table.getByRole('columnheader', { name: T.isValue('Return [%]') }).count()).toBe(1);
      expect(await table.getByRole('columnheader', { name: T.oosValue('Return [%]') }).count()).toBe(1);
      const folds = walk.result!.walk_forward!.folds;
      const dashes = folds.flatMap((f) => [f.in_sample_value, f.out_of_sample_value]).filter((v) => v === null).length;
      expect(dashes).toBeGreaterThan(0);
      const whys = await table.getByTestId('wf-why').allInnerTexts();
      expect(whys).toHaveLength(dashes);
      for (const f of folds) {
        if (f.params === null) expect(whys).toContain(T.noCell(null));
        else if (f.out_of_sample_value === null) expect(whys).toContain(T.noOosTrade);
      }
    }
    await shot(desk.page, 'walk-forward-no-trades-1280');
  });
});
