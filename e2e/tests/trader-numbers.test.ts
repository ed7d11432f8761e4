import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';

// Numbers as traders read them: market cap as 1.2B / 340M in the scanner, the position size typed as a
// percentage of equity (like the commission beside it), and a daily chart's crosshair without "00:00".


describe('numbers as traders read them', () => {
  let browser: Browser;
  let session: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    browser = await sharedBrowser();
    session = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    session.page.on('pageerror', (e) => console.error('page error:', e.message));
    await signUpAndLogIn(session.page);
  });
  afterAll(async () => {
    await session?.context.close();
  });

  it('shows market cap as 1.2B and 340M, the full figure in the cell’s title', async () => {
    const { page } = session;
    const row = (symbol: string, market_cap: number | null) => ({
      symbol, name: `${symbol} Corp`, price: 10, diff: 0.1, chg: 1, sector: 'Technology', market: 'NASDAQ', market_cap, volume: 5000,
      vol_avg: null, sma: null, ema: null, rsi: null, quickratio: null, roe: null,
    });
    const results = [row('BIG', 1_234_567_890), row('MID', 340_000_000), row('NONE', null)];
    await page.route('**/api/scanner/stocks/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ count: 3, next: null, previous: null, results }) }));
    await page.goto('/scanner');
    await page.getByRole('tab', { name: /^Basic/ }).click();
    await page.getByLabel('New Basic filter', { exact: true }).selectOption('instr_type');
    await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
    await page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).click();
    const caps = page.getByRole('table', { name: SCANNER_TEXT.resultsTable }).getByTestId('market-cap');
    await caps.first().waitFor();
    expect(await caps.allInnerTexts()).toEqual(['1.2B', '340M', SCANNER_TEXT.na]);
    expect(await caps.first().getAttribute('title')).toBe('1,234,567,890');
    await page.unroute('**/api/scanner/stocks/**');
  });

  it('takes the position size as a percentage of equity, like the commission', async () => {
    const { page } = session;
    const template = (await (await post(page, '/api/templates/', { name: 'Sizing', position_size: 0.99 })).json()) as TemplateDetail;
    await page.goto(`/templates?template=${template.id}`);
    await page.getByTestId('template-settings').waitFor();
    await page.getByRole('button', { name: TEMPLATE_TEXT.edit }).click();
    const size = page.getByLabel(TEMPLATE_TEXT.positionSizePercent, { exact: true });
    expect(await size.inputValue()).toBe('99');
    await size.fill('50');
    await page.getByRole('button', { name: TEMPLATE_TEXT.save }).click();
    await page.getByTestId('template-settings').filter({ hasText: '50% of equity' }).waitFor();
    const saved = (await (await page.request.get(`/api/templates/${template.id}/`)).json()) as TemplateDetail;
    expect(saved.position_size).toBe(0.5);
    // 100 % or more is not a percentage of equity; shares are whole
    await page.getByRole('button', { name: TEMPLATE_TEXT.edit }).click();
    await page.getByLabel(TEMPLATE_TEXT.positionSizePercent, { exact: true }).fill('150');
    await page.getByRole('button', { name: TEMPLATE_TEXT.save }).click();
    await page.getByText('A percentage of equity above 0 and below 100.').waitFor();
    await page.getByLabel(TEMPLATE_TEXT.positionUnit).selectOption('shares');
    await page.getByLabel(TEMPLATE_TEXT.positionSizeShares, { exact: true }).fill('150');
    await page.getByRole('button', { name: TEMPLATE_TEXT.save }).click();
    await page.getByTestId('template-settings').filter({ hasText: '150 shares' }).waitFor();
    expect(((await (await page.request.get(`/api/templates/${template.id}/`)).json()) as TemplateDetail).position_size).toBe(150);
  });

  it('labels a daily bar on the crosshair with its date and no "00:00"', async () => {
    const { page } = session;
    const { symbol } = (await (await page.request.get('/api/starters/symbol/')).json()) as { symbol: string };
    await page.goto(`/rchart/${symbol}/?debug=1`);
    await page.waitForFunction(() => window.__chartDebug !== undefined);
    const label = await page.evaluate(() => {
      const d = window.__chartDebug!;
      const bar = (d.series.price.data() as unknown as { time: number }[]).at(-1)!;
      const format = d.chart.options().localization.timeFormatter as (t: number) => string;
      return format(bar.time);
    });
    expect(label).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(label).not.toContain('00:00');
  });

  // Every series' highest and lowest point sits at least half an axis label inside its pane, so the
  // labels at one pane's edge (the RSI's 100, the drawdown's 0 %) never run into the next pane's.
  const tightestLabelRoom = (page: Page) =>
    page.evaluate(() => {
      const { chart } = window.__chartDebug!;
      const half = (chart.options().layout.fontSize + 4) / 2;
      // what is on screen: the bars of the visible time range (a chart opens on its recent bars)
      const range = chart.timeScale().getVisibleRange() as { from: number; to: number } | null;
      let room = Infinity;
      const where: string[] = [];
      chart.panes().forEach((pane, p) => {
        const height = pane.getHeight();
        for (const s of pane.getSeries()) {
          const values = (s.data() as unknown as { time: number; value?: number; high?: number; low?: number }[])
            .filter((d) => !range || (d.time >= range.from && d.time <= range.to))
            .flatMap((d) => [d.value, d.high, d.low])
            .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
          if (!values.length) continue;
          const top = s.priceToCoordinate(Math.max(...values));
          const bottom = s.priceToCoordinate(Math.min(...values));
          if (top === null || bottom === null) continue;
          const r = Math.min(top, height - bottom);
          if (r < room) room = r;
          where.push(`pane ${p} (${height}px): ${top.toFixed(1)}..${bottom.toFixed(1)}`);
        }
      });
      return { room, half, where };
    });

  for (const width of [1280, 390]) {
    it(`keeps every pane's axis labels inside the pane on the backtest chart and /rchart at ${width} px`, async () => {
      const { page } = session;
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      try {
        const { symbol } = (await (await page.request.get('/api/starters/symbol/')).json()) as { symbol: string };
        const candles = (await (await page.request.get(`/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`)).json()) as { time: number }[];
        const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
        const template = (await (await post(page, '/api/templates/', { name: `Labels ${width} ${Date.now()}` })).json()) as TemplateDetail;
        await post(page, '/api/indicators/', { template: template.id, name: 'RSI', indicator_type: 'BUY', compare: '<', cvalue: '40' });
        await post(page, '/api/indicators/', { template: template.id, name: 'RSI', indicator_type: 'SELL', compare: '>', cvalue: '60' });
        const period = (await (await post(page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[Math.max(0, candles.length - 1260)].time), end_date: day(candles[candles.length - 1].time) })).json()) as { id: number };

        await page.goto(`/public/chart.html?period_id=${period.id}&template_id=${template.id}&debug=1`);
        // every pane laid out (a pane can exist a frame before it has its height)
        await page.waitForFunction(() => window.__chartDebug !== undefined && window.__chartDebug.chart.panes().length >= 4 && window.__chartDebug.chart.panes().every((p) => p.getHeight() > 0));
        const backtest = await tightestLabelRoom(page);
        expect(backtest.room, backtest.where.join('; ')).toBeGreaterThanOrEqual(backtest.half);

        await page.goto(`/rchart/${symbol}/?debug=1`);
        await page.waitForFunction(() => window.__chartDebug !== undefined && window.__chartDebug.chart.panes().length >= 2 && window.__chartDebug.chart.panes().every((p) => p.getHeight() > 0));
        const rchart = await tightestLabelRoom(page);
        expect(rchart.room, rchart.where.join('; ')).toBeGreaterThanOrEqual(rchart.half);
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    });
  }
});
