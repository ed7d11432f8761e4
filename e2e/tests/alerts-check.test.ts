import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Alert, StarterSymbol, SymbolSearchResult } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { ALERT_TEXT } from '../../apps/web/src/features/alerts/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// The price alert form on the demo market at 1280 and 390 px: Enter in the Symbol box picks the first
// listing offered (the form is not sent half filled), a blank Name becomes the name its placeholder
// shows, and Check now says whether the alert would fire on the latest bar, without firing it.

const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
const SHOTS = screenshotDir('alerts-check');

describe('price alerts: Enter, a blank name and Check now', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  /** The last close and the one before it, from the symbol check (price and its change). */
  async function lastCloses(page: Page, symbol: string) {
    const info = await (await page.request.get(`/api/check_symbol/?symbol=${symbol}`)).json();
    return { close: info.price as number, prev: Math.round((info.price - info.diff) * 10_000) / 10_000 };
  }

  async function createPriceAlert(page: Page, typed: string, level: number, direction: 'above' | 'below') {
    await page.getByRole('button', { name: ALERT_TEXT.newAlert }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(ALERT_TEXT.kinds.price, { exact: true }).click();
    const box = dialog.getByRole('combobox', { name: ALERT_TEXT.symbol });
    await box.pressSequentially(typed, { delay: 20 });
    await dialog.getByRole('option').first().waitFor();
    const first = (await dialog.getByRole('option').first().locator('span').first().innerText()).trim();
    await box.press('Enter');
    // Enter picked the listing and the dialog is still open, with no error shown
    expect(await box.inputValue()).toBe(first);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('This field may not be blank.').count()).toBe(0);
    await dialog.getByLabel(ALERT_TEXT.direction, { exact: true }).selectOption(direction);
    await dialog.getByLabel(ALERT_TEXT.level, { exact: true }).fill(String(level));
    const name = dialog.getByLabel(ALERT_TEXT.name, { exact: true });
    const placeholder = await name.getAttribute('placeholder');
    expect(placeholder).toBe(`${first} ${direction} ${level}`);
    await dialog.getByRole('button', { name: ALERT_TEXT.create }).click();
    await page.getByText(ALERT_TEXT.created(placeholder!)).waitFor();
    return { symbol: first, name: placeholder! };
  }

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`Check now says a crossed level would fire and a far one would not (${size})`, async () => {
      const { page, context } = await newPage(browser, { viewport });
      await signUpAndLogIn(page);
      const liquid: StarterSymbol = await (await page.request.get('/api/starters/symbol/')).json();
      const typed = liquid.symbol!.slice(0, 3);
      const offered: SymbolSearchResult = await (await page.request.get(`/api/symbols/search/?q=${typed}`)).json();
      const symbol = offered.results[0].symbol;
      const { close, prev } = await lastCloses(page, symbol);
      expect(close).not.toBe(prev);
      const direction = close > prev ? 'above' : 'below';
      const crossed = Math.round(((close + prev) / 2) * 100) / 100;
      await page.goto('/alerts');
      await page.getByRole('heading', { name: ALERT_TEXT.title, level: 1 }).waitFor();

      const hit = await createPriceAlert(page, typed, crossed, direction);
      expect(hit.symbol).toBe(symbol);
      const far = await createPriceAlert(page, typed, direction === 'above' ? Math.ceil(close * 10) : Math.max(0.01, Math.floor(close / 10)), direction);

      await page.getByRole('button', { name: `${ALERT_TEXT.checkNow}: ${hit.name}`, exact: true }).click();
      const notice = page.getByTestId('alert-notice');
      await notice.filter({ hasText: `${hit.name}: Would fire now: 1 event.` }).waitFor();
      expect(await page.getByTestId('alert-check-events').innerText()).toContain(`${symbol} closed ${direction} ${crossed}`);
      if (size === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shotInto(SHOTS, page, `would-fire-${size}`);

      await page.getByRole('button', { name: `${ALERT_TEXT.checkNow}: ${far.name}`, exact: true }).click();
      await notice.filter({ hasText: `${far.name}: Would not fire now: ${symbol} closed at ${close} after ${prev}` }).waitFor();
      await shotInto(SHOTS, page, `would-not-fire-${size}`);

      // checking fired nothing
      const alerts: Alert[] = await (await page.request.get('/api/alerts/')).json();
      expect(alerts.map((a) => a.last_fired_at)).toEqual([null, null]);
      expect(await (await page.request.get('/api/notifications/unread_count/')).json()).toEqual({ unread: 0 });
      await context.close();
    });
  }
});
