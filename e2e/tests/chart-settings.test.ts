import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NUMBER_INPUT_MESSAGES, type StarterSymbol } from '@app/contract';
import { newPage, sharedBrowser } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { CHART_TEXT } from '../../apps/web/src/features/charts/texts.ts';
import { BARS_IN_VIEW_MAX, BARS_IN_VIEW_MIN, SETTINGS_STORAGE_KEY } from '../../apps/web/src/features/charts/state/settings.ts';

// The Chart Settings dialog's Appearance and Performance sections in real Chromium: each setting is read
// back from what the chart itself applies (its options through ?debug=1, and the pixels it draws), after
// the change and again after a reload.

const UP = '#0000ff';
const DOWN = '#ffa500';
const BACKGROUND = '#203040';

/** The chart's options and its price series' options as the chart holds them now. */
const applied = (page: Page) =>
  page.evaluate(() => {
    const { chart, series } = window.__chartDebug!;
    const o = chart.options();
    const p = series.price.options() as unknown as Record<string, unknown>;
    const range = chart.timeScale().getVisibleLogicalRange();
    return {
      background: (o.layout.background as { color?: string }).color,
      vertGrid: o.grid.vertLines.visible,
      horzGrid: o.grid.horzLines.visible,
      crosshair: o.crosshair.mode,
      kinetic: o.kineticScroll,
      upColor: p.upColor,
      downColor: p.downColor,
      wickUpColor: p.wickUpColor,
      scaleMode: series.price.priceScale().options().mode,
      barsShown: range ? Math.round(range.to - range.from) : null,
    };
  });

/** The colour of a pixel near the top-left of the price pane, in the image the chart draws (the grid
 *  off, so it is the background). */
const cornerPixel = (page: Page) =>
  page.evaluate(() => {
    const canvas = window.__chartDebug!.chart.takeScreenshot();
    const [r, g, b] = canvas.getContext('2d')!.getImageData(4, 4, 1, 1).data;
    return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  });

const rsiTitle = (page: Page) => page.evaluate(() => window.__chartDebug!.series['rsi-1'].options().title);

describe('chart settings: Appearance and Performance', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let symbol: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signUpAndLogIn(page);
    symbol = ((await (await page.request.get('/api/starters/symbol/')).json()) as StarterSymbol).symbol!;
  });
  afterAll(async () => {
    await context?.close();
  });

  const openRchart = async (p: Page) => {
    await p.goto(`/rchart/${symbol}/?debug=1`);
    await p.waitForFunction(() => (window.__chartDebug?.series['rsi-1']?.data().length ?? 0) > 0);
  };
  /** The chart with no saved settings (a retried test starts where the first try began). */
  const openFresh = async (p: Page) => {
    await p.goto(`/rchart/${symbol}/?debug=1`);
    await p.evaluate((k) => localStorage.removeItem(k), SETTINGS_STORAGE_KEY);
    await openRchart(p);
  };
  const openDialog = async (p: Page) => {
    await p.getByTitle(CHART_TEXT.settingsTitle).click();
    const dialog = p.getByRole('dialog', { name: CHART_TEXT.settingsTitle });
    await dialog.waitFor();
    return dialog;
  };

  it('applies every Appearance setting to the chart and keeps it after a reload (1280 px)', async () => {
    await openFresh(page);
    const before = await applied(page);
    // the defaults: theme background, grid, normal crosshair, linear scale, library candle colours
    expect(before).toMatchObject({ background: '#ffffff', vertGrid: true, crosshair: 0, scaleMode: 0, upColor: '#26a69a', downColor: '#ef5350' });

    const dialog = await openDialog(page);
    expect(await page.locator('body').innerText()).not.toMatch(/coming soon/i);
    await dialog.getByRole('heading', { name: CHART_TEXT.appearance }).waitFor();
    await dialog.getByRole('heading', { name: CHART_TEXT.performance }).waitFor();

    await dialog.getByLabel(CHART_TEXT.upColor).fill(UP);
    await dialog.getByLabel(CHART_TEXT.downColor).fill(DOWN);
    await page.waitForFunction((c) => (window.__chartDebug!.series.price.options() as unknown as { upColor: string }).upColor === c, UP);
    expect(await applied(page)).toMatchObject({ upColor: UP, downColor: DOWN, wickUpColor: UP });

    await dialog.getByLabel('Show Gridlines').uncheck();
    expect(await dialog.getByLabel(CHART_TEXT.themeBackground).isChecked()).toBe(true);
    await dialog.getByLabel(CHART_TEXT.background).fill(BACKGROUND);
    expect(await dialog.getByLabel(CHART_TEXT.themeBackground).isChecked()).toBe(false);
    await page.waitForFunction((c) => (window.__chartDebug!.chart.options().layout.background as { color?: string }).color === c, BACKGROUND);
    expect(await applied(page)).toMatchObject({ vertGrid: false, horzGrid: false });
    expect(await cornerPixel(page)).toBe(BACKGROUND);

    await dialog.getByLabel(CHART_TEXT.crosshair).selectOption('magnet');
    await dialog.getByLabel(CHART_TEXT.priceScale).selectOption('percent');
    await page.waitForFunction(() => window.__chartDebug!.series.price.priceScale().options().mode === 2);
    await dialog.getByLabel(CHART_TEXT.priceScale).selectOption('log');
    await page.waitForFunction(() => window.__chartDebug!.series.price.priceScale().options().mode === 1);
    expect((await applied(page)).crosshair).toBe(1);
    await dialog.locator('button', { hasText: CHART_TEXT.close }).click();

    await page.reload();
    await page.waitForFunction(() => !!window.__chartDebug?.series.price);
    expect(await applied(page)).toMatchObject({ background: BACKGROUND, vertGrid: false, horzGrid: false, crosshair: 1, scaleMode: 1, upColor: UP, downColor: DOWN });
    expect(await cornerPixel(page)).toBe(BACKGROUND);
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SETTINGS_STORAGE_KEY))!).settings).toMatchObject({
      upColor: UP,
      downColor: DOWN,
      background: BACKGROUND,
      showGridlines: false,
      crosshair: 'magnet',
      priceScale: 'log',
    });
    const again = await openDialog(page);
    expect(await again.getByLabel(CHART_TEXT.upColor).inputValue()).toBe(UP);
    expect(await again.getByLabel(CHART_TEXT.priceScale).inputValue()).toBe('log');
    expect(await again.getByLabel(CHART_TEXT.crosshair).inputValue()).toBe('magnet');

    // Back to the theme's background; the /dchart chart takes the same settings.
    await again.getByLabel(CHART_TEXT.themeBackground).check();
    await page.waitForFunction(() => (window.__chartDebug!.chart.options().layout.background as { color?: string }).color === '#ffffff');
    await again.locator('button', { hasText: CHART_TEXT.close }).click();
    await page.goto(`/dchart/${symbol}/?debug=1`);
    await page.waitForFunction(() => !!window.__chartDebug?.series.price);
    expect(await applied(page)).toMatchObject({ background: '#ffffff', vertGrid: false, crosshair: 1, scaleMode: 1, upColor: UP, downColor: DOWN });
    expect(pageErrors).toEqual([]);
  });

  it('keeps and applies the Performance settings: bars in view (read as every number box), animation, pane update rate', async () => {
    await openFresh(page);
    expect((await applied(page)).kinetic).toEqual({ touch: true, mouse: true });
    const dialog = await openDialog(page);
    const bars = dialog.getByLabel(CHART_TEXT.barsInView);
    await bars.fill('lots');
    await dialog.getByText(NUMBER_INPUT_MESSAGES.unreadable).waitFor();
    await bars.fill('5');
    await dialog.getByText(CHART_TEXT.barsInViewRange(BARS_IN_VIEW_MIN, BARS_IN_VIEW_MAX)).waitFor();
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SETTINGS_STORAGE_KEY))!).settings.barsInView).toBeNull();
    await bars.fill('120');
    // the view holds the last 120 bars and two empty slots on the right
    await page.waitForFunction(() => {
      const r = window.__chartDebug!.chart.timeScale().getVisibleLogicalRange();
      return !!r && Math.round(r.to - r.from) === 122;
    });
    expect(await bars.getAttribute('aria-invalid')).toBeNull();

    await dialog.getByLabel(CHART_TEXT.animation).uncheck();
    await page.waitForFunction(() => window.__chartDebug!.chart.options().kineticScroll.mouse === false);
    await dialog.getByLabel(CHART_TEXT.paneUpdateRate).selectOption('2000');
    await dialog.locator('button', { hasText: CHART_TEXT.close }).click();

    await page.reload();
    await page.waitForFunction(() => (window.__chartDebug?.series['rsi-1']?.data().length ?? 0) > 0);
    expect(await applied(page)).toMatchObject({ kinetic: { touch: false, mouse: false }, barsShown: 122 });
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SETTINGS_STORAGE_KEY))!).settings).toMatchObject({
      barsInView: 120,
      animation: false,
      paneUpdateMs: 2000,
    });

    // At most one RSI recomputation per 2 s: the second edit reaches the chart only later.
    const period = page.getByTestId('pane-card').nth(1).getByLabel('Period');
    expect(await rsiTitle(page)).toBe('RSI 14');
    await period.fill('20');
    await period.press('Enter');
    await period.fill('25');
    await period.press('Enter');
    await page.waitForTimeout(400);
    expect(await rsiTitle(page)).not.toBe('RSI 25');
    await page.waitForFunction(() => window.__chartDebug!.series['rsi-1'].options().title === 'RSI 25', undefined, { timeout: 5_000 });

    // "As you type": an edit is drawn at once.
    const again = await openDialog(page);
    expect(await again.getByLabel(CHART_TEXT.barsInView).inputValue()).toBe('120');
    await again.getByLabel(CHART_TEXT.paneUpdateRate).selectOption('0');
    await again.locator('button', { hasText: CHART_TEXT.close }).click();
    await period.fill('30');
    await period.press('Enter');
    await page.waitForFunction(() => window.__chartDebug!.series['rsi-1'].options().title === 'RSI 30', undefined, { timeout: 300 });

    // Reset brings back the defaults, the bars box blank again.
    const last = await openDialog(page);
    page.once('dialog', (d) => void d.accept());
    await last.getByRole('button', { name: CHART_TEXT.resetDefaults }).click();
    expect(await last.getByLabel(CHART_TEXT.barsInView).inputValue()).toBe('');
    await page.waitForFunction(() => window.__chartDebug!.chart.options().kineticScroll.mouse === true);
    await last.locator('button', { hasText: CHART_TEXT.close }).click();
    await page.evaluate(() => localStorage.clear());
    expect(pageErrors).toEqual([]);
  });

  it('the dialog fits a 390 px phone, and its settings apply there too', async () => {
    const { page: phone, context: phoneContext } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await signUpAndLogIn(phone);
      await openRchart(phone);
      const dialog = await openDialog(phone);
      expect(await phone.locator('body').innerText()).not.toMatch(/coming soon/i);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const label of [CHART_TEXT.upColor, CHART_TEXT.downColor, CHART_TEXT.background, CHART_TEXT.crosshair, CHART_TEXT.priceScale, CHART_TEXT.barsInView, CHART_TEXT.paneUpdateRate]) {
        const control = dialog.getByLabel(label);
        await control.scrollIntoViewIfNeeded();
        const b = (await control.boundingBox())!;
        expect(b.x, label).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width, label).toBeLessThanOrEqual(390);
      }
      await dialog.getByLabel(CHART_TEXT.priceScale).selectOption('percent');
      await dialog.getByLabel(CHART_TEXT.downColor).fill(DOWN);
      await dialog.getByLabel(CHART_TEXT.barsInView).fill('60');
      await phone.waitForFunction(() => window.__chartDebug!.series.price.priceScale().options().mode === 2);
      await dialog.locator('button', { hasText: CHART_TEXT.close }).click();
      await phone.reload();
      await phone.waitForFunction(() => !!window.__chartDebug?.series.price);
      expect(await applied(phone)).toMatchObject({ scaleMode: 2, downColor: DOWN, barsShown: 62 });
    } finally {
      await phoneContext.close();
    }
  });
});
