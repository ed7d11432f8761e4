import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { indicators } from '@app/quant';
import type { Candle, CheckSymbolResult } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { CHART_TEXT } from '../../apps/web/src/features/charts/texts.ts';
import { CANDLE_DOWN, CANDLE_UP } from '../../apps/web/src/features/charts/series.ts';
import { PANES_STORAGE_KEY } from '../../apps/web/src/features/charts/state/panes.ts';
import { OVERLAYS_STORAGE_KEY } from '../../apps/web/src/features/charts/state/overlays.ts';
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from '../../apps/web/src/features/charts/state/settings.ts';
import { CHANGE_TOOLTIP, barChange, formatChange } from '../../apps/web/src/features/charts/legendChange.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The chart screens of spec §2 in real Chromium against the real server and its demo market. Every
// screen is screenshotted, and the screenshot itself is decoded to count candle-coloured pixels.

const SHOTS = screenshotDir('charts');

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

/** Screenshots the chart element (kept as SHOTS/<name>.png when screenshots are on) and counts the
 *  pixels of the up and down candle colours in that image (decoded in the browser: no image library
 *  needed). */
async function screenshotCandles(page: Page, name: string, selector = '[data-testid=chart]'): Promise<{ up: number; down: number }> {
  const png = await page.locator(selector).first().screenshot(SHOTS ? { path: join(SHOTS, `${name}.png`) } : {});
  await shotInto(SHOTS, page, `${name}-page`);
  return page.evaluate(
    async ({ b64, up, down }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      const near = (i: number, rgb: number[]) => Math.abs(d[i] - rgb[0]) < 12 && Math.abs(d[i + 1] - rgb[1]) < 12 && Math.abs(d[i + 2] - rgb[2]) < 12;
      let u = 0;
      let w = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (near(i, up)) u++;
        else if (near(i, down)) w++;
      }
      return { up: u, down: w };
    },
    { b64: png.toString('base64'), up: hex(CANDLE_UP), down: hex(CANDLE_DOWN) },
  );
}

const chartPaneCount = (page: Page) => page.evaluate(() => window.__chartDebug!.chart.panes().length);
/** Waits until the chart has drawn series `key` (the series exists when the chart is built; its data
 *  follows in the next effect, so existence alone is not enough). */
const waitForDrawn = (page: Page, key: string) => page.waitForFunction((k) => (window.__chartDebug?.series[k]?.data().length ?? 0) > 0, key);
/** Opens a chart page and waits for `ready`; when it does not come, the error says what the page shows
 *  instead (a red message, the login screen, a blank page) rather than only "timeout". */
async function openChart(p: Page, url: string, ready: () => Promise<unknown>): Promise<void> {
  await p.goto(url);
  try {
    await ready();
  } catch (e) {
    const shown = await p.locator('body').innerText().catch(() => '(no body)');
    throw new Error(`${url} (now ${p.url()}) did not show its chart; the page shows: ${JSON.stringify(shown.slice(0, 400))}\n${String(e)}`);
  }
}
const paneHeights = (page: Page) => page.evaluate(() => window.__chartDebug!.chart.panes().map((p) => p.getHeight()));
/** Pane heights within a pixel of `want` (the library lays panes out on its next frame, in whole pixels). */
const heightsNear = async (page: Page, want: number[]) => {
  const got = await paneHeights(page);
  return got.length === want.length && got.every((h, i) => Math.abs(h - want[i]) <= 1);
};
const seriesData = (page: Page, key: string) =>
  page.evaluate((k) => window.__chartDebug!.series[k].data() as unknown as { time: number; value: number }[], key);
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('charts', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let symbol: string;
  let candles: Candle[];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ context, page } = await newPage(browser));
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signUpAndLogIn(page);
    // The symbol with the most volume in the demo market (the scanner's default order).
    const r = await page.request.get('/api/scanner/stocks/');
    expect(r.ok()).toBe(true);
    symbol = ((await r.json()) as { results: { symbol: string }[] }).results[0].symbol;
    const h = await page.request.get(`/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    candles = (await h.json()) as Candle[];
    expect(candles.length).toBeGreaterThan(1000);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('/chart/{symbol}: title, 400px candlestick chart, frequency selector that navigates', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/chart/${symbol}`);
    await page.getByRole('heading', { name: symbol, level: 1 }).waitFor();
    const chart = page.getByTestId('chart');
    await chart.locator('canvas').first().waitFor();
    expect((await chart.boundingBox())!.height).toBe(400);
    const select = page.getByLabel('Frequency');
    expect(await select.inputValue()).toBe('0');
    expect(await select.locator('option').allInnerTexts()).toEqual(['Daily', 'Weekly', 'Monthly']);
    const daily = await screenshotCandles(page, 'chart-daily');
    expect(daily.up).toBeGreaterThan(300);
    expect(daily.down).toBeGreaterThan(300);

    await select.selectOption('1');
    await page.waitForURL(`**/chart/${symbol}/1`);
    await page.getByTestId('chart').locator('canvas').first().waitFor();
    expect(await page.getByLabel('Frequency').inputValue()).toBe('1');
    const weekly = await screenshotCandles(page, 'chart-weekly');
    expect(weekly.up + weekly.down).toBeGreaterThan(300);
    await context.close();
  });

  it('/chart and /dchart show the server message in red for an unknown symbol, over an empty chart', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/chart/NOSUCHSYM/0');
    const err = page.getByRole('alert').filter({ hasText: 'symbol not found' });
    await err.waitFor();
    // Tailwind colours are oklch(): paint it on a canvas to read it back as RGB.
    const color = await err.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
    });
    await page.goto('/dchart/NOSUCHSYM');
    await page.getByRole('heading', { name: CHART_TEXT.dynamicTitle('NOSUCHSYM') }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'symbol not found' }).waitFor();
    await page.getByTestId('chart').locator('canvas').first().waitFor();
    const shot = await screenshotCandles(page, 'dchart-unknown');
    expect(shot.up + shot.down).toBe(0);
    expect(color[0]).toBeGreaterThan(color[1] + 100); // red
    await context.close();
  });

  it('/dchart/{symbol}: the full daily history as candles', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/dchart/${symbol}?debug=1`);
    await page.getByRole('heading', { name: CHART_TEXT.dynamicTitle(symbol) }).waitFor();
    await page.getByTestId('chart').locator('canvas').first().waitFor();
    await page.waitForFunction(() => window.__chartDebug !== undefined);
    expect((await seriesData(page, 'price')).length).toBe(candles.length);
    expect((await page.getByTestId('chart').boundingBox())!.height).toBe(400);
    const shot = await screenshotCandles(page, 'dchart');
    expect(shot.up).toBeGreaterThan(300);
    expect(shot.down).toBeGreaterThan(300);
    await context.close();
  });

  it('/rchart: heading, default layout, legend with company info, and the RSI it draws is the quant package RSI', async () => {
    await openChart(page, `/rchart/${symbol}?debug=1`, () => waitForDrawn(page, 'rsi-1'));
    await page.getByRole('heading', { name: CHART_TEXT.chartTitle(symbol), level: 1 }).waitFor();
    expect(await chartPaneCount(page)).toBe(3); // price, vol-1, rsi-1
    const box = (await page.getByTestId('chart').boundingBox())!;
    expect(box.width).toBe(1096);
    expect(box.height).toBe(800); // 160 × (3 + 1 + 1)

    const closes = Float64Array.from(candles, (c) => c.close);
    const expected = indicators.rsi(closes, 14);
    const drawn = await seriesData(page, 'rsi-1');
    const want = candles.map((c, i) => ({ time: c.time, value: expected[i] })).filter((p) => !Number.isNaN(p.value));
    expect(drawn.length).toBe(want.length);
    drawn.forEach((p, i) => {
      expect(p.time).toBe(want[i].time);
      expect(p.value).toBeCloseTo(want[i].value, 10);
    });

    // Volume bars: spec colours by close vs open.
    const vol = (await page.evaluate(() => window.__chartDebug!.series['vol-1'].data())) as unknown as { value: number; color: string }[];
    expect(vol.length).toBe(candles.length);
    vol.forEach((b, i) => {
      expect(b.value).toBe(candles[i].volume ?? 0);
      expect(b.color).toBe(candles[i].close >= candles[i].open ? 'rgba(0,150,136,0.5)' : 'rgba(255,82,82,0.5)');
    });

    // Default overlays: SMA 20 drawn (2 decimals), the two EMAs hidden.
    expect(await page.getByTestId('overlay-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-overlay')))).toEqual(['SMA(20)', 'EMA(20)', 'EMA(50)']);
    expect(await page.getByLabel('SMA(20)', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('EMA(20)', { exact: true }).isChecked()).toBe(false);
    const smaKey = await page.evaluate(() => Object.keys(window.__chartDebug!.series).filter((k) => k.startsWith('overlay:')));
    expect(smaKey).toHaveLength(1);
    const sma = await seriesData(page, smaKey[0]);
    const sma20 = indicators.sma(closes, 20);
    expect(sma.length).toBe(candles.length - 19);
    expect(sma.at(-1)!.value).toBe(Math.round(sma20[candles.length - 1] * 100) / 100);

    // Legend: last bar after the first-load delay, company info from check_symbol.
    const info = (await (await page.request.get(`/api/check_symbol/?symbol=${symbol}`)).json()) as CheckSymbolResult;
    const legend = page.getByTestId('chart-legend');
    await legend.getByText(info.name).waitFor();
    await legend.getByText(info.market).waitFor();
    const last = candles.at(-1)!;
    await legend.getByText(new Date(last.time * 1000).toISOString().slice(0, 10)).waitFor();
    expect(await legend.getByTestId('legend-ohlc').innerText()).toContain(`C ${last.close.toFixed(2)}`);
    // The change is against the previous close (as the watchlist and scanner show it), said in the
    // tooltip; the colour is the candle's own.
    const change = legend.getByTestId('legend-change');
    expect(await change.innerText()).toBe(formatChange(barChange(last, candles.at(-2)!.close)!));
    expect(await change.getAttribute('title')).toBe(CHANGE_TOOLTIP);
    expect((await change.getAttribute('class'))!.includes('text-red')).toBe(last.close < last.open);
    expect(await storage(page, `company_info_${symbol}`)).toContain(info.name);
    // Collapse hides the prices, expand shows them again.
    await page.getByRole('button', { name: 'Collapse legend' }).click();
    await legend.getByTestId('legend-ohlc').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Expand legend' }).click();
    await legend.getByTestId('legend-ohlc').waitFor();

    const shot = await screenshotCandles(page, 'rchart');
    expect(shot.up).toBeGreaterThan(300);
    expect(shot.down).toBeGreaterThan(300);
  });

  it('/rchart: adds and removes an overlay, with the period rules and persistence', async () => {
    await openChart(page, `/rchart/${symbol}?debug=1`, () => waitForDrawn(page, 'rsi-1'));
    await page.getByLabel('Overlay type').selectOption('EMA');
    const period = page.getByLabel('Overlay period');
    await period.fill('');
    await period.pressSequentially('3x-0'); // only digits are accepted
    expect(await period.inputValue()).toBe('30');
    await period.fill('1');
    await period.blur();
    expect(await period.inputValue()).toBe('2'); // raised to the minimum on blur
    await period.fill('30');
    expect(await page.getByLabel('Overlay colour').inputValue()).toBe('#9c27b0'); // EMA not 20: purple
    await page.getByRole('button', { name: CHART_TEXT.addOverlay }).click();
    const row = page.locator('[data-overlay="EMA(30)"]');
    await row.waitFor();
    expect(await page.getByLabel('EMA(30)', { exact: true }).isChecked()).toBe(true);
    await page.waitForFunction(() => Object.keys(window.__chartDebug!.series).filter((k) => k.startsWith('overlay:')).length === 2);
    const saved = JSON.parse((await storage(page, OVERLAYS_STORAGE_KEY))!) as { type: string; period: number; color: string }[];
    expect(saved.at(-1)).toMatchObject({ type: 'EMA', period: 30, color: '#9c27b0', visible: true, showLabel: true });

    // The Label checkbox shows or hides the overlay's name on the price scale.
    const newest = async () => page.evaluate(() => {
      const k = Object.keys(window.__chartDebug!.series).filter((key) => key.startsWith('overlay:')).at(-1)!;
      return window.__chartDebug!.series[k].options().title;
    });
    expect(await newest()).toBe('EMA(30)');
    await row.getByLabel('Label').uncheck();
    await page.waitForFunction(() => {
      const k = Object.keys(window.__chartDebug!.series).filter((key) => key.startsWith('overlay:')).at(-1)!;
      return window.__chartDebug!.series[k].options().title === '';
    });
    await row.getByLabel('Label').check();
    expect(await newest()).toBe('EMA(30)');

    // Show/Hide Config toggles the list.
    await page.getByRole('button', { name: CHART_TEXT.hideConfig }).click();
    await page.getByTestId('overlay-list').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: CHART_TEXT.showConfig }).click();

    await page.reload();
    await row.waitFor();
    await waitForDrawn(page, 'rsi-1');
    await page.getByRole('button', { name: 'Remove EMA(30)' }).click();
    await row.waitFor({ state: 'detached' });
    await page.waitForFunction(() => Object.keys(window.__chartDebug!.series).filter((k) => k.startsWith('overlay:')).length === 1);
    expect(JSON.parse((await storage(page, OVERLAYS_STORAGE_KEY))!)).toHaveLength(3);
  });

  it('/rchart: adds a pane, changes its kind, clamps parameters, removes it and resets the layout', async () => {
    await openChart(page, `/rchart/${symbol}?debug=1`, () => waitForDrawn(page, 'rsi-1'));
    const cards = page.getByTestId('pane-card');
    expect(await cards.count()).toBe(2);
    await page.getByRole('button', { name: CHART_TEXT.addPane }).click();
    await cards.nth(2).waitFor();
    expect(pageErrors).toEqual([]);
    expect(await cards.count()).toBe(3);
    expect(await cards.nth(2).getAttribute('data-pane-kind')).toBe('rsi');
    await page.waitForFunction(() => window.__chartDebug!.chart.panes().length === 4);
    await page.waitForFunction(() => document.querySelector('[data-testid=chart]')!.getBoundingClientRect().height === 960);

    // RSI parameters clamp on blur; the drawn RSI follows the period.
    const periodInput = cards.nth(2).getByLabel('Period');
    await periodInput.fill('500');
    await periodInput.blur();
    expect(await periodInput.inputValue()).toBe('200');
    await periodInput.fill('21');
    await periodInput.press('Enter');
    const upper = cards.nth(2).getByLabel('Upper');
    await upper.fill('150');
    await upper.blur();
    expect(await upper.inputValue()).toBe('100');
    const layout = JSON.parse((await storage(page, PANES_STORAGE_KEY))!) as { id: string; kind: string; params: Record<string, number> }[];
    const added = layout[3];
    expect(added).toMatchObject({ kind: 'rsi', stretchFactor: 1, params: { period: 21, upper: 100, lower: 30 } });
    await page.waitForFunction((id) => (window.__chartDebug!.series[id]?.data().length ?? 0) > 0, added.id);
    const rsi21 = indicators.rsi(Float64Array.from(candles, (c) => c.close), 21);
    const drawn = await seriesData(page, added.id);
    expect(drawn.length).toBe(candles.length - 21);
    expect(drawn.at(-1)!.value).toBeCloseTo(rsi21[candles.length - 1], 10);

    // Changing the kind resets the parameters to that kind's defaults.
    await page.getByLabel('Pane 3 kind').selectOption('macd');
    await page.locator('[data-testid=pane-card][data-pane-kind=macd]').waitFor();
    expect(await cards.nth(2).getByLabel('Fast').inputValue()).toBe('12');
    expect(await cards.nth(2).getByLabel('Slow').inputValue()).toBe('26');
    expect(await cards.nth(2).getByLabel('Signal').inputValue()).toBe('9');
    await waitForDrawn(page, `${added.id}#1`);
    expect(await chartPaneCount(page)).toBe(4);
    const macdLine = await seriesData(page, `${added.id}#1`);
    const m = indicators.macd(Float64Array.from(candles, (c) => c.close), 12, 26, 9);
    expect(macdLine.at(-1)!.value).toBe(Math.round(m.macd[candles.length - 1] * 1e6) / 1e6);

    // The layout survives a reload.
    await page.reload();
    await cards.nth(2).waitFor();
    expect(await cards.nth(2).getAttribute('data-pane-kind')).toBe('macd');
    await page.waitForFunction(() => window.__chartDebug?.chart.panes().length === 4);

    const kinds = () => cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-pane-kind')).join(','));
    await page.getByRole('button', { name: 'Remove pane 1' }).click(); // the volume pane
    await expect.poll(kinds).toBe('rsi,macd');
    await page.waitForFunction(() => window.__chartDebug?.chart.panes().length === 3);

    await page.getByRole('button', { name: CHART_TEXT.resetLayout }).click();
    await expect.poll(kinds).toBe('volume,rsi');
    expect(JSON.parse((await storage(page, PANES_STORAGE_KEY))!)).toEqual([
      { id: 'price', kind: 'price', stretchFactor: 3, params: {} },
      { id: 'vol-1', kind: 'volume', stretchFactor: 1, params: {} },
      { id: 'rsi-1', kind: 'rsi', stretchFactor: 1, params: { period: 14, upper: 70, lower: 30 } },
    ]);
  });

  it('/rchart: Chart Settings change the chart and survive a reload; reset asks first', async () => {
    await openChart(page, `/rchart/${symbol}?debug=1`, () => waitForDrawn(page, 'rsi-1'));
    await page.getByTitle(CHART_TEXT.settingsTitle).click();
    const dialog = page.getByRole('dialog', { name: CHART_TEXT.settingsTitle });
    await dialog.waitFor();
    expect(await dialog.getByText(/coming soon/i).count()).toBe(0);
    expect(await dialog.getByLabel('Chart Type').locator('option').allInnerTexts()).toEqual(['Candlestick', 'Line', 'Area']);
    for (const [label, on] of [['Show Gridlines', true], ['Compact Legend', false], ['Show Real-time Price', true], ['Expanded Legend', true]] as const) {
      expect(await dialog.getByLabel(label).isChecked()).toBe(on);
    }
    await dialog.getByLabel('Chart Type').selectOption('line');
    await dialog.getByLabel('Show Gridlines').uncheck();
    await dialog.getByLabel('Compact Legend').check();
    await page.waitForFunction(() => window.__chartDebug?.series.price.seriesType() === 'Line');
    await dialog.locator('button', { hasText: CHART_TEXT.close }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('chart-legend').getByTestId('legend-name').waitFor({ state: 'detached' }); // compact: no company name

    await page.reload();
    await page.waitForFunction(() => window.__chartDebug?.series.price.seriesType() === 'Line');
    expect(await page.evaluate(() => window.__chartDebug!.chart.options().grid.vertLines.visible)).toBe(false);
    expect(JSON.parse((await storage(page, SETTINGS_STORAGE_KEY))!)).toEqual({
      version: 1,
      settings: { ...DEFAULT_SETTINGS, chartType: 'line', showGridlines: false, compactLegend: true },
    });
    await screenshotCandles(page, 'rchart-line');

    await page.getByTitle(CHART_TEXT.settingsTitle).click();
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await dialog.getByRole('button', { name: CHART_TEXT.resetDefaults }).click();
    expect(asked).toBe(CHART_TEXT.resetConfirm);
    expect(await dialog.getByLabel('Chart Type').inputValue()).toBe('line'); // dismissed: nothing changed
    page.once('dialog', (d) => void d.accept());
    await dialog.getByRole('button', { name: CHART_TEXT.resetDefaults }).click();
    await page.waitForFunction(() => window.__chartDebug?.series.price.seriesType() === 'Candlestick');
    expect(await dialog.getByLabel('Chart Type').inputValue()).toBe('candlestick');
    expect(await dialog.getByLabel('Show Gridlines').isChecked()).toBe(true);
    await dialog.locator('button', { hasText: CHART_TEXT.close }).click();
  });

  it('/rchart migrates version-0 settings (compactMode, expandedMode)', async () => {
    await page.goto(`/rchart/${symbol}?debug=1`);
    await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ chartType: 'area', compactMode: true, expandedMode: false })), SETTINGS_STORAGE_KEY);
    await page.reload();
    await page.waitForFunction(() => window.__chartDebug?.series.price.seriesType() === 'Area');
    await page.getByRole('button', { name: 'Expand legend' }).waitFor(); // expandedMode false → collapsed
    expect(JSON.parse((await storage(page, SETTINGS_STORAGE_KEY))!)).toMatchObject({ version: 1, settings: { chartType: 'area', compactLegend: true, expandedLegend: false } });
    await page.evaluate((k) => localStorage.removeItem(k), SETTINGS_STORAGE_KEY);
  });

  it('/rchart: "No data available for {symbol}." for an unknown symbol', async () => {
    await page.goto('/rchart/NOSUCHSYM');
    await page.getByText(CHART_TEXT.noDataFor('NOSUCHSYM')).waitFor();
  });

  it('the multi-pane view (linked from /rchart) shows price, volume, RSI, MACD and OBV panes', async () => {
    await openChart(page, `/rchart/${symbol}?debug=1`, () => waitForDrawn(page, 'rsi-1'));
    await page.getByRole('link', { name: CHART_TEXT.multiPaneLink }).click();
    await page.waitForURL(`**/mchart/${symbol}`);
    await page.goto(`/mchart/${symbol}?debug=1`);
    await page.getByRole('heading', { name: CHART_TEXT.multiPaneTitle(symbol) }).waitFor();
    await page.waitForFunction(() => window.__chartDebug?.chart.panes().length === 5);
    await waitForDrawn(page, 'obv');
    const keys = await page.evaluate(() => Object.keys(window.__chartDebug!.series));
    expect(keys).toEqual(expect.arrayContaining(['price', 'volume', 'rsi', 'macd', 'macd#1', 'macd#2', 'obv']));
    const obv = await seriesData(page, 'obv');
    const want = indicators.obv(Float64Array.from(candles, (c) => c.close), Float64Array.from(candles, (c) => c.volume ?? 0));
    expect(obv.at(-1)!.value).toBe(want[candles.length - 1]);
    const shot = await screenshotCandles(page, 'mchart');
    expect(shot.up).toBeGreaterThan(300);
    expect(shot.down).toBeGreaterThan(300);
  });

  it('/rchart fits a phone screen (width = min(1096, container)) and no page threw', async () => {
    const { context: phone, page: p } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: await context.storageState() });
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await openChart(p, `/rchart/${symbol}`, () => p.getByTestId('chart').locator('canvas').first().waitFor());
    const w = (await p.getByTestId('chart').boundingBox())!.width;
    expect(w).toBeLessThanOrEqual(390 - 32);
    expect(w).toBeGreaterThan(300);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shotInto(SHOTS, p, 'rchart-phone');
    await phone.close();
    expect(pageErrors).toEqual([]);
  });

  it('/rchart: a dragged pane separator keeps its size through a parameter edit and a reload', async () => {
    await openChart(page, `/rchart/${symbol}?debug=1`, () => waitForDrawn(page, 'rsi-1'));
    const before = await paneHeights(page);
    const box = (await page.getByTestId('chart').boundingBox())!;
    // The separator below the price pane: drag it 80px down (the library keeps the two panes' sum).
    const y = box.y + before[0] + 0.5;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, y + 80, { steps: 8 });
    await page.mouse.up();
    const stretch = async () => (JSON.parse((await storage(page, PANES_STORAGE_KEY))!) as { stretchFactor: number }[]).map((p) => p.stretchFactor);
    await expect.poll(async () => (await stretch())[0], { timeout: 10_000 }).toBeGreaterThan(3);
    const saved = await stretch();
    expect(saved[0] + saved[1]).toBeCloseTo(4, 2); // price + volume: what one pane gained the other lost
    expect(saved[2]).toBe(1);
    const dragged = [before[0] + 80, before[1] - 80, before[2]];
    await expect.poll(() => heightsNear(page, dragged), { timeout: 10_000 }).toBe(true);
    expect((await page.getByTestId('chart').boundingBox())!.height).toBe(box.height); // the chart keeps its height

    // A parameter edit redraws the RSI pane but leaves the sizes alone.
    const period = page.getByTestId('pane-card').nth(1).getByLabel('Period');
    await period.fill('21');
    await period.blur();
    await page.waitForFunction((n) => window.__chartDebug!.series['rsi-1'].data().length === n, candles.length - 21);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))); // a laid-out frame
    expect(await heightsNear(page, dragged)).toBe(true);

    await page.reload();
    await waitForDrawn(page, 'rsi-1');
    await expect.poll(() => heightsNear(page, dragged), { timeout: 10_000 }).toBe(true);

    await page.getByRole('button', { name: CHART_TEXT.resetLayout }).click();
    await expect.poll(() => heightsNear(page, before), { timeout: 10_000 }).toBe(true);
    expect(await stretch()).toEqual([3, 1, 1]);
  });

  it('pans 20 years of daily candles (frame times logged, not asserted)', async () => {
    // The demo market has about 12 years; this page gets a 20-year series (5,218 sessions) of the same
    // shape from the browser's network layer, so the chart draws and pans what a long real history is.
    const years20 = (() => {
      const rows: Candle[] = [];
      let price = 40;
      const start = Date.UTC(2006, 0, 2) / 1000;
      for (let i = 0; i < 5218; i++) {
        const open = price * (1 + 0.01 * Math.sin(i * 1.7));
        const close = open * (1 + 0.02 * Math.sin(i * 0.9 + 1));
        price = close;
        rows.push({ time: start + (i + 2 * Math.floor(i / 5)) * 86_400, open, high: Math.max(open, close) * 1.01, low: Math.min(open, close) * 0.99, close, volume: 1e6 + 1e5 * Math.cos(i) });
      }
      return rows;
    })();
    const { context: ctx, page: p } = await newPage(browser, { storageState: await context.storageState() });
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.route('**/api/charts/dhistory/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(years20) }));
    await openChart(p, `/rchart/LONG?debug=1`, () => waitForDrawn(p, 'rsi-1'));
    expect((await seriesData(p, 'price')).length).toBe(years20.length);
    const frames = await p.evaluate(async () => {
      const ts = window.__chartDebug!.chart.timeScale();
      ts.applyOptions({ rightOffset: 0 });
      const times: number[] = [];
      let prev = performance.now();
      for (let i = 0; i < 200; i++) {
        ts.scrollToPosition(-i * 20, false);
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        times.push(now - prev);
        prev = now;
      }
      times.sort((a, b) => a - b);
      return { median: times[100], p95: times[190], range: ts.getVisibleLogicalRange() };
    });
    console.log(`chart pan over ${years20.length} daily candles (20 years): median frame ${frames.median.toFixed(1)} ms, p95 ${frames.p95.toFixed(1)} ms; screenshots in ${SHOTS}`);
    // The view really moved back through the history: 199 steps of 20 bars from the right edge.
    expect(frames.range!.to).toBeLessThan(years20.length - 3500);
    await ctx.close();
    expect(pageErrors).toEqual([]);
  });
});
