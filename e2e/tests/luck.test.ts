import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LUCK_MIN_TRADES, type BacktestRun, type Candle, type Optimization, type StarterSymbol, type TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { get, post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { STUDIES_TEXT } from '../../apps/web/src/features/studies/texts.ts';
import { HELP_TEXT, LUCK_TEXT, MONTE_CARLO_TEXT } from '../../apps/web/src/lib/luckText.ts';

// "Is it luck?" in real Chromium against the real server: a finished grid shows its Deflated Sharpe
// and PBO in words with the red/amber/green badge and a link to the help page; a backtest draws the
// trade Monte Carlo's band on the equity chart and its percentiles beside the statistics.


describe('is it luck?', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let template: TemplateDetail;
  let periodId: number;
  let wholePeriodId: number;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } }));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await signUpAndLogIn(page);
    const copied = await post(page, '/api/starters/rsi-reversion/copy/');
    expect(copied.status()).toBe(201);
    template = (await copied.json()) as TemplateDetail;
    const { symbol } = await get<StarterSymbol>(page, '/api/starters/symbol/');
    const candles = await get<Candle[]>(page, `/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const period = await post(page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[candles.length - 760].time), end_date: day(candles[candles.length - 1].time) });
    expect(period.status()).toBe(201);
    periodId = ((await period.json()) as { id: number }).id;
    const whole = await post(page, '/api/periods/', { stock_ticker: symbol, start_date: day(candles[0].time), end_date: day(candles[candles.length - 1].time) });
    expect(whole.status()).toBe(201);
    wholePeriodId = ((await whole.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await context?.close();
  });

  /** Starts a grid of the RSI template on a period and opens it; the panel and the run's guards. */
  async function openGrid(period: number, params: object[]) {
    const started = await post(page, '/api/optimizations/', { template_id: template.id, period_id: period, maximize: 'Return [%]', params });
    expect(started.status()).toBe(202);
    const id = ((await started.json()) as Optimization).id;
    await page.goto(`/optimize?run=${id}`);
    const panel = page.getByTestId('luck-panel');
    await panel.waitFor({ timeout: 60_000 });
    const { luck } = (await get<Optimization>(page, `/api/optimizations/${id}/`)).result!;
    return { panel, luck: luck! };
  }

  it('a finished grid with enough trades shows the badge, the Deflated Sharpe, the edge over buy and hold and the PBO in words, and links to the help page', async () => {
    // short RSI periods and an early exit over the whole history: many trades
    const { panel, luck } = await openGrid(wholePeriodId, [
      { row: 0, field: 'period', values: [2, 3, 4, 5, 6, 7] },
      { row: 1, field: 'cvalue', values: ['50', '55', '60'] },
    ]);
    expect(luck.trials).toBeGreaterThanOrEqual(10);
    expect(luck.trades).toBeGreaterThanOrEqual(LUCK_MIN_TRADES);

    const badge = panel.getByTestId('luck-badge');
    expect(await badge.getAttribute('data-verdict')).toBe(luck.verdict);
    expect(await badge.innerText()).toBe(LUCK_TEXT.verdict[luck.verdict!]);
    const dsr = luck.deflated_sharpe!;
    expect(await panel.getByTestId('luck-dsr').innerText()).toBe(`${LUCK_TEXT.dsr(dsr)} — ${LUCK_TEXT.dsrExplain(dsr, luck.trials)}`);
    expect(await panel.getByTestId('luck-dsr').innerText()).toContain('Sharpe ratio is above zero');
    const excess = luck.excess_deflated_sharpe!;
    expect(await panel.getByTestId('luck-excess').innerText()).toBe(`${LUCK_TEXT.excessDsr(excess)} — ${LUCK_TEXT.excessExplain(excess)}`);
    expect(await panel.getByTestId('luck-pbo').innerText()).toBe(`${LUCK_TEXT.pbo(luck.pbo!)} — ${LUCK_TEXT.pboExplain(luck.pbo!, 12_870)}`);
    await panel.getByText(LUCK_TEXT.thresholds).waitFor();

    await panel.getByRole('link', { name: LUCK_TEXT.learnMore }).click();
    await page.waitForURL((u) => u.pathname === '/help/overfitting');
    await page.getByRole('heading', { name: HELP_TEXT.title, level: 1 }).waitFor();
    await page.getByText(/^Too few trades: with fewer than 30 trades/).waitFor();
  });

  it('a grid whose best cell made fewer than 30 trades says so in words and prints no probability', async () => {
    const { panel, luck } = await openGrid(periodId, [
      { row: 0, field: 'period', values: [8, 10, 12, 14, 16, 18] },
      { row: 0, field: 'cvalue', values: ['25', '30', '35'] },
    ]);
    expect(luck.trades).toBeLessThan(LUCK_MIN_TRADES); // the premise: three years of a 30/70 RSI reversion
    const badge = panel.getByTestId('luck-badge');
    expect(await badge.getAttribute('data-verdict')).toBe('too_few_trades');
    expect(await badge.innerText()).toBe(LUCK_TEXT.verdict.too_few_trades);
    expect(await panel.getByTestId('luck-too-few').innerText()).toBe(LUCK_TEXT.tooFewTrades(luck.trades));
    expect(await panel.getByTestId('luck-dsr').count()).toBe(0);
    expect(await panel.innerText()).not.toMatch(/\d+ % chance/);
  });

  it("the equity axis is scaled to the equity: a 95th percentile far above the curve clips instead of flattening it", async () => {
    // a short-horizon RSI template with many trades over the whole history: its resampled 95th
    // percentile runs well above both the curve and buying and holding (the case the fix is for)
    const top = (xs: number[]) => Math.max(...xs);
    let chosen: { id: number; equityTop: number; bandTop: number } | null = null;
    for (const [period, buy, sell] of [[2, 10, 60], [3, 20, 70], [2, 30, 50], [4, 25, 65]]) {
      const t = (await (await post(page, '/api/templates/', { name: `Band ${period}/${buy}/${sell} ${Date.now().toString(36)}`, position_size: 0.99 })).json()) as TemplateDetail;
      for (const [type, compare, cvalue] of [['BUY', '<', buy], ['SELL', '>', sell]] as const) {
        expect((await post(page, '/api/indicators/', { template: t.id, name: 'RSI', indicator_type: type, period, compare, cvalue })).status()).toBe(201);
      }
      const run = (await (await post(page, '/api/submit_selection/', { period_id: wholePeriodId, template_id: t.id })).json()) as BacktestRun;
      const equityTop = Math.max(top(run.equity.equity), top(run.equity.buy_hold));
      const bandTop = run.monte_carlo ? top(run.monte_carlo.band.p95) : 0;
      if (bandTop > equityTop * 1.2) {
        chosen = { id: t.id, equityTop, bandTop };
        break;
      }
    }
    expect(chosen, 'a template whose band runs well above its curve').not.toBeNull();

    await page.goto('/studies?debug=1');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(chosen!.id));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(wholePeriodId));
    await page.getByRole('button', { name: STUDIES_TEXT.run }).click();
    await page.getByTestId('mc-band-legend').getByText(MONTE_CARLO_TEXT.band).waitFor();
    // the equity pane's visible price range as the chart draws it
    const axisTop = await page
      .waitForFunction(() => {
        const chart = window.__chartDebug?.chart;
        const series = chart?.panes()[0]?.getSeries() ?? [];
        return series.length >= 4 ? (chart!.priceScale('right', 0).getVisibleRange()?.to ?? null) : null;
      })
      .then((h) => h.jsonValue() as Promise<number>);
    // the curve fills the pane and the band's top is cut off above it
    expect(axisTop).toBeGreaterThanOrEqual(chosen!.equityTop);
    expect(axisTop).toBeLessThan(chosen!.bandTop);
  });

  it('a backtest shows the Monte Carlo band on the equity chart and the percentiles beside the statistics', async () => {
    await page.goto('/studies');
    await page.getByLabel(STUDIES_TEXT.template).selectOption(String(template.id));
    await page.getByLabel(STUDIES_TEXT.period).selectOption(String(periodId));
    await page.getByRole('button', { name: STUDIES_TEXT.run }).click();
    await page.getByRole('table', { name: STUDIES_TEXT.statsTitle }).waitFor();
    await page.getByTestId('equity-chart').locator('canvas').first().waitFor();
    await page.getByTestId('mc-band-legend').getByText(MONTE_CARLO_TEXT.band).waitFor();

    const run = (await (await post(page, '/api/submit_selection/', { period_id: periodId, template_id: template.id })).json()) as BacktestRun;
    const mc = run.monte_carlo!;
    expect(mc.trades).toBe(run.trades.length);
    const panel = page.getByTestId('monte-carlo');
    await panel.getByText(MONTE_CARLO_TEXT.subtitle(mc.resamples, mc.trades)).waitFor();
    const table = panel.getByRole('table', { name: MONTE_CARLO_TEXT.title });
    const first = table.getByRole('row', { name: new RegExp(`^${MONTE_CARLO_TEXT.bootstrap}: ${MONTE_CARLO_TEXT.finalReturn}`) });
    expect(await first.innerText()).toContain(`${mc.bootstrap.return_pct.p5.toFixed(2)} %`);
    expect(await first.innerText()).toContain(`${mc.bootstrap.return_pct.p95.toFixed(2)} %`);
    expect(await panel.getByTestId('mc-loss-share').innerText()).toBe(`${(mc.bootstrap.loss_share * 100).toFixed(2)} %`);
  });
});
