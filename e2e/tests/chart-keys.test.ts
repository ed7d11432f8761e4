import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { StarterSymbol } from '@app/contract';
import { newPage, sharedBrowser } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';

// A chart is used from the keyboard as with a mouse: Tab reaches its box, the arrows scroll the view,
// + and − zoom, End goes back to the latest bars.

describe('charts from the keyboard', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ page, context } = await newPage(await sharedBrowser(), { viewport: { width: 1280, height: 900 } }));
    await signUpAndLogIn(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('scrolls and zooms the /rchart chart with the arrows, + and −, and End', async () => {
    const { symbol } = (await (await page.request.get('/api/starters/symbol/')).json()) as StarterSymbol;
    await page.goto(`/rchart/${symbol}/?debug=1`);
    await page.waitForFunction(() => !!window.__chartDebug);
    const box = page.getByTestId('chart');
    await box.waitFor();
    expect(await box.getAttribute('tabindex')).toBe('0');
    const range = () => page.evaluate(() => window.__chartDebug!.chart.timeScale().getVisibleLogicalRange()!);
    /** Presses a key on the chart and waits for its view to move (the chart applies it on its next frame). */
    const press = async (key: string) => {
      const before = await range();
      await page.keyboard.press(key);
      await page.waitForFunction(
        (b) => {
          const r = window.__chartDebug!.chart.timeScale().getVisibleLogicalRange();
          return !!r && (r.from !== b.from || r.to !== b.to);
        },
        before,
        { timeout: 5_000 },
      );
      return range();
    };
    await box.focus();
    const start = await range();
    const left = await press('ArrowLeft');
    expect(left.from).toBeLessThan(start.from);
    expect(left.to - left.from).toBeCloseTo(start.to - start.from, 6);
    const zoomed = await press('+');
    expect(zoomed.to - zoomed.from).toBeCloseTo((left.to - left.from) / 2, 6);
    const wide = await press('-');
    expect(wide.to - wide.from).toBeCloseTo(left.to - left.from, 6);
    const end = await press('End');
    expect(end.to).toBeGreaterThan(left.to);
  });
});
