import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BacktestRun, Candle, StarterSymbol, TemplateDetail } from '@app/contract';
import { newPage, sharedBrowser } from '../harness/browser.ts';
import { get, post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { STUDIES_ERRORS, STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';

// A backtest result has an address: Run writes the template and period into the URL, so a reload,
// Back/Forward and a shared link show the same result (another user meets the not-found message);
// View Chart opens on the backtest's whole period; on a phone the result is scrolled into view with
// its heading focused, and the equity chart opens on the whole period.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/** The first and last visible times of the chart the page exposes under ?debug=1. */
const visibleRange = (page: Page) =>
  page.waitForFunction(() => {
    const r = window.__chartDebug?.chart.timeScale().getVisibleRange();
    return r ? { from: r.from as number, to: r.to as number } : null;
  }).then((h) => h.jsonValue() as Promise<{ from: number; to: number }>);

const resultHeading = (page: Page, template: string, symbol: string) =>
  page.getByRole('heading', { level: 2, name: `${template} on ${symbol}`, exact: true });

describe('a backtest result with an address', () => {
  let browser: Browser;
  let page: Page;
  let templates: TemplateDetail[];
  let symbol: string;
  let whole: { id: number; start: string; end: string };
  let recent: { id: number; start: string; end: string };
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page } = await newPage(browser, DESKTOP));
    page.on('pageerror', (e) => errors.push(e.message));
    await signUpAndLogIn(page);
    const starters = await get<{ slug: string }[]>(page, '/api/starters/');
    templates = [];
    for (const { slug } of starters.slice(0, 2)) {
      const copied = await post(page, `/api/starters/${slug}/copy/`);
      expect(copied.status()).toBe(201);
      templates.push((await copied.json()) as TemplateDetail);
    }
    symbol = (await get<StarterSymbol>(page, '/api/starters/symbol/')).symbol!;
    const candles = await get<Candle[]>(page, `/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    // the whole demo history (over a decade: more bars than fit 1280 px at the charts' default spacing)
    expect(candles.length).toBeGreaterThan(2600);
    const makePeriod = async (start: string, end: string) => {
      const r = await post(page, '/api/periods/', { stock_ticker: symbol, start_date: start, end_date: end });
      expect(r.status()).toBe(201);
      return { id: ((await r.json()) as { id: number }).id, start, end };
    };
    whole = await makePeriod(day(candles[0].time), day(candles[candles.length - 1].time));
    recent = await makePeriod(day(candles[candles.length - 500].time), day(candles[candles.length - 1].time));
  });
  afterAll(async () => {
    await page?.context().close();
  });

  async function runFromForm(p: Page, templateId: number, periodId: number) {
    await p.getByLabel(STUDIES_TEXT.template).selectOption(String(templateId));
    await p.getByLabel(STUDIES_TEXT.period).selectOption(String(periodId));
    await p.getByRole('button', { name: STUDIES_TEXT.run }).click();
  }

  it('Run writes the result into the address; reload, Back and Forward show the same results; another user gets not-found', async () => {
    await page.goto('/studies');
    await page.getByRole('heading', { name: STUDIES_TEXT.title, level: 1 }).waitFor();
    await runFromForm(page, templates[0].id, whole.id);
    await resultHeading(page, templates[0].name, symbol).waitFor();
    const first = new URL(page.url());
    expect([first.searchParams.get('template_id'), first.searchParams.get('period_id'), first.searchParams.get('run')]).toEqual([String(templates[0].id), String(whole.id), '1']);

    await runFromForm(page, templates[1].id, recent.id);
    await resultHeading(page, templates[1].name, symbol).waitFor();
    const second = new URL(page.url());
    expect([second.searchParams.get('template_id'), second.searchParams.get('period_id')]).toEqual([String(templates[1].id), String(recent.id)]);
    const returnOf = async () => page.locator('tr[data-stat="Return [%]"] [data-testid=stat-value]').innerText();
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
    const secondReturn = await returnOf();

    // a reload runs the address again: the same result, the form showing what it ran on
    await page.reload();
    await resultHeading(page, templates[1].name, symbol).waitFor();
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
    expect(await returnOf()).toBe(secondReturn);
    expect(await page.getByLabel(STUDIES_TEXT.template).inputValue()).toBe(String(templates[1].id));
    expect(await page.getByLabel(STUDIES_TEXT.period).inputValue()).toBe(String(recent.id));

    // Back shows the first result, Forward the second again
    await page.goBack();
    await resultHeading(page, templates[0].name, symbol).waitFor();
    expect(new URL(page.url()).search).toBe(first.search);
    expect(await page.getByLabel(STUDIES_TEXT.period).inputValue()).toBe(String(whole.id));
    await page.goForward();
    await resultHeading(page, templates[1].name, symbol).waitFor();
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
    expect(await returnOf()).toBe(secondReturn);

    // the shared address, opened by another signed-in user: the not-found message, no crash
    const other = await newPage(browser, DESKTOP);
    const otherErrors: string[] = [];
    other.page.on('pageerror', (e) => otherErrors.push(e.message));
    await signUpAndLogIn(other.page);
    await other.page.goto(second.pathname + second.search);
    await other.page.getByText(STUDIES_ERRORS.notFound).waitFor();
    await other.page.getByRole('heading', { name: STUDIES_TEXT.title, level: 1 }).waitFor();
    expect(await other.page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).count()).toBe(0);
    expect(otherErrors).toEqual([]);
    await other.context.close();
    expect(errors).toEqual([]);
  });

  it('View Chart opens the chart on the backtest’s period, its first and last bars in view', async () => {
    await page.goto(`/studies?template_id=${templates[0].id}&period_id=${whole.id}&run=1`);
    await resultHeading(page, templates[0].name, symbol).waitFor();
    const [chartPage] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: STUDIES_TEXT.viewChart }).click()]);
    await chartPage.waitForLoadState();
    const url = new URL(chartPage.url());
    expect([url.pathname, url.searchParams.get('period_id'), url.searchParams.get('template_id')]).toEqual(['/public/chart.html', String(whole.id), String(templates[0].id)]);
    // the same page with the test hook that exposes the drawn chart
    await chartPage.goto(`${url.pathname}${url.search}&debug=1`);
    await chartPage.locator('#chart canvas').first().waitFor();
    const range = await visibleRange(chartPage);
    // the first bar on or after the period's start, the last on or before its end (weekends between)
    expect(day(range.from) >= whole.start && day(range.from) <= day(Date.parse(whole.start) / 1000 + 4 * 86_400)).toBe(true);
    expect(day(range.to) <= whole.end && day(range.to) >= day(Date.parse(whole.end) / 1000 - 4 * 86_400)).toBe(true);
    await chartPage.close();
  });

  it('on a phone the result is scrolled into view with its heading focused, and the equity chart shows the whole period', async () => {
    const phone = await newPage(browser, PHONE);
    await phone.page.context().addCookies(await page.context().cookies());
    const run = (await (await post(page, '/api/submit_selection/', { template_id: templates[0].id, period_id: whole.id })).json()) as BacktestRun;
    await phone.page.goto('/studies?debug=1');
    await phone.page.getByRole('heading', { name: STUDIES_TEXT.title, level: 1 }).waitFor();
    await runFromForm(phone.page, templates[0].id, whole.id);
    const heading = resultHeading(phone.page, templates[0].name, symbol);
    await heading.waitFor();
    await phone.page.getByTestId('equity-chart').locator('canvas').first().waitFor();
    await phone.page.waitForTimeout(200); // the scroll follows the render
    expect(await heading.evaluate((h) => document.activeElement === h)).toBe(true);
    const box = await heading.evaluate((h) => h.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(844);

    const range = await visibleRange(phone.page);
    expect(range.from).toBe(run.equity.time[0]);
    expect(range.to).toBe(run.equity.time[run.equity.time.length - 1]);
    await phone.context.close();
  });
});
