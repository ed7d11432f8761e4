import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Starter, TemplateDetail, UniverseRun } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { signUpAndLogIn } from '../harness/account.ts';

// The universe result's histogram over the whole demo market: bins between the 1st and 99th
// percentiles (a few extreme symbols no longer squeeze the rest into one bar), the returns beyond them
// in overflow bars at the ends, every symbol counted once, and the median's bar marked.


describe('universe histogram', () => {
  let browser: Browser;
  let session: { page: Page; close: () => Promise<void> };
  beforeAll(async () => {
    browser = await sharedBrowser();
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    session = { page, close: () => context.close() };
    await signUpAndLogIn(page);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('bins every listed equity between robust limits, with overflow bars and the median marked', async () => {
    const { page } = session;
    const [starter] = (await (await page.request.get('/api/starters/')).json()) as Starter[];
    const template = (await (await post(page, `/api/starters/${starter.slug}/copy/`, {})).json()) as TemplateDetail;
    const started = await post(page, '/api/universe_runs/', { template_id: template.id, universe: { kind: 'all' }, start_date: '2010-01-04', end_date: '2024-12-31', floors: null });
    expect(started.status()).toBe(202);
    const { id } = (await started.json()) as UniverseRun;
    let run: UniverseRun;
    for (;;) {
      run = (await (await page.request.get(`/api/universe_runs/${id}/`)).json()) as UniverseRun;
      if (run.status === 'done' || run.status === 'failed') break;
      await page.waitForTimeout(500);
    }
    expect(run.status).toBe('done');
    const summary = run.summary!;
    const regular = summary.histogram.filter((b) => !b.overflow);
    const withReturn = summary.histogram.reduce((n, b) => n + b.count, 0);
    expect(withReturn).toBeGreaterThan(200);
    // the demo market has returns beyond both limits, and no regular bar holds most symbols
    expect(summary.histogram.some((b) => b.overflow === 'above')).toBe(true);
    expect(Math.max(...regular.map((b) => b.count))).toBeLessThan(withReturn / 2);

    await page.goto(`/many/universe/${id}`);
    const bars = page.getByTestId('histogram').locator('li');
    await bars.first().waitFor();
    const shown = await bars.evaluateAll((els) => els.map((e) => ({ count: Number(e.getAttribute('data-count')), overflow: e.getAttribute('data-overflow'), median: e.hasAttribute('data-median') })));
    expect(shown.reduce((n, b) => n + b.count, 0)).toBe(withReturn);
    expect(shown.at(-1)!.overflow).toBe('above');
    const median = shown.findIndex((b) => b.median);
    const holding = summary.histogram.findIndex((b) => !b.overflow && summary.median_return_pct! >= b.from && summary.median_return_pct! < b.to);
    expect(median).toBe(holding);
    expect(await page.getByTestId('histogram-median').count()).toBe(1);
  });
});
