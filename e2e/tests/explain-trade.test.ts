import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BacktestRun, Candle, StarterSymbol, TemplateDetail } from '@app/contract';
import { newPage, sharedBrowser } from '../harness/browser.ts';
import { get, post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { TRADE_WHY_TEXT } from '../../apps/web/src/components/TradeWhy.tsx';

// Explain a trade, in real Chromium: a golden cross and a short with a stop, each trade's why in the
// API, in the trades table (a row's details), in the CSV, and on the chart when the mouse is over the
// bar of its marker.


describe('explain a trade', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let periodId: number;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await signUpAndLogIn(page);
    const { symbol } = await get<StarterSymbol>(page, '/api/starters/symbol/');
    const candles = await get<Candle[]>(page, `/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const period = await post(page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[0].time), end_date: day(candles.at(-1)!.time) });
    expect(period.status()).toBe(201);
    periodId = ((await period.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  /** Copies a starter, runs it on the Backtest screen, and returns the API's answer for the same run. */
  async function runStarter(slug: string) {
    const copied = await post(page, `/api/starters/${slug}/copy/`);
    expect(copied.status()).toBe(201);
    const template = (await copied.json()) as TemplateDetail;
    await page.goto('/studies');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(template.id));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(periodId));
    await page.getByRole('button', { name: STUDIES_TEXT.run }).click();
    await page.getByRole('table', { name: STUDIES_TEXT.tradesTitle }).first().waitFor();
    const api = (await (await post(page, '/api/submit_selection/', { period_id: periodId, template_id: template.id })).json()) as BacktestRun;
    expect(api.trades.length).toBeGreaterThan(0);
    return { template, api };
  }

  /** The table's details of trade k (1-based) show its why. */
  async function tableSays(k: number, why: { entry: string; exit: string }) {
    await page.getByRole('button', { name: STUDIES_TEXT.whyToggle(k) }).click();
    const details = page.getByTestId('trade-why').first();
    expect(await details.getByTestId('trade-why-entry').innerText()).toBe(why.entry);
    expect(await details.getByTestId('trade-why-exit').innerText()).toBe(why.exit);
    expect(await details.innerText()).toContain(TRADE_WHY_TEXT.opened);
  }

  /** The CSV's Why columns hold every trade's words. */
  async function csvSays(api: BacktestRun) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: STUDIES_TEXT.downloadTrades }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0].endsWith(',Why Entry,Why Exit')).toBe(true);
    for (const t of api.trades) {
      expect(csv).toContain(t.Why!.entry.includes(',') ? `"${t.Why!.entry}"` : t.Why!.entry);
      expect(csv).toContain(t.Why!.exit.includes(',') ? `"${t.Why!.exit}"` : t.Why!.exit);
    }
  }

  /** On the chart page, the mouse over the bar of a trade's entry (or exit) marker shows its why. */
  async function chartSays(templateId: number, date: string, text: string) {
    const chart = await context.newPage();
    await chart.goto(`/public/chart.html?period_id=${periodId}&template_id=${templateId}&debug=1`);
    await chart.locator('#chart canvas').first().waitFor();
    await chart.waitForFunction(() => !!window.__chartDebug);
    const time = Date.parse(`${date}T00:00:00Z`) / 1000;
    // show the bar in the middle of the view, then put the mouse on it
    const x = await chart.evaluate((t) => {
      const ts = window.__chartDebug!.chart.timeScale();
      ts.setVisibleRange({ from: (t - 90 * 86_400) as never, to: (t + 90 * 86_400) as never });
      return ts.timeToCoordinate(t as never);
    }, time);
    await chart.waitForTimeout(200);
    const box = (await chart.locator('#chart').boundingBox())!;
    const at = await chart.evaluate((t) => window.__chartDebug!.chart.timeScale().timeToCoordinate(t as never), time);
    expect(at ?? x).not.toBeNull();
    await chart.mouse.move(box.x + (at ?? x)!, box.y + box.height * 0.3);
    const tip = chart.getByTestId('trade-why-tip');
    await tip.waitFor();
    expect(await tip.innerText()).toContain(text);
    await chart.close();
  }

  it('a golden cross: the crossing averages on the signal bar, in the table, the CSV and on the chart', async () => {
    const { template, api } = await runStarter('golden-cross');
    const first = api.trades[0];
    const [row] = first.Why!.entry_signal!.rows;
    expect(row).toMatchObject({ left: 'SMA(50)', right: 'SMA(200)' });
    expect(row.left_value!).toBeGreaterThan(row.right_value!);
    expect(first.Why!.entry).toMatch(/^SMA\(50\) [\d,.]+ crossed above SMA\(200\) [\d,.]+ on \d{4}-\d{2}-\d{2} → bought at the next open [\d,.]+$/);
    await tableSays(1, first.Why!);
    await csvSays(api);
    await chartSays(template.id, first.EntryTime, `Buy: ${first.Why!.entry}`);
  });

  it('a short with a stop: the stop above the entry and the high that reached it', async () => {
    const { template, api } = await runStarter('short-overbought-fade');
    const k = api.trades.findIndex((t) => t.ExitReason === 'stop');
    expect(k).toBeGreaterThanOrEqual(0); // the premise: an 8 % stop over decades is hit
    const stopped = api.trades[k];
    expect(stopped.Size).toBeLessThan(0);
    expect(stopped.Why!.exit_level).toMatchObject({ kind: 'stop', touched: 'high' });
    expect(stopped.Why!.exit_level!.touched_value).toBeGreaterThanOrEqual(stopped.Why!.exit_level!.level);
    expect(stopped.Why!.exit).toMatch(/^stop [\d,.]+ \(8 % above the entry [\d,.]+\) reached: the high of \d{4}-\d{2}-\d{2} was [\d,.]+ → covered at /);
    expect(stopped.Why!.entry).toMatch(/^RSI\(14\) [\d,.]+ crossed below 70 on .* → sold short at the next open /);
    await tableSays(k + 1, stopped.Why!);
    await csvSays(api);
    await chartSays(template.id, stopped.ExitTime, `Cover: ${stopped.Why!.exit}`);
  });
});
