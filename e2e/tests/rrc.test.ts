import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { RRC_TEXT } from '../../apps/web/src/features/rrc/texts.ts';

const summary = (page: Page, key: string) => page.locator(`[data-testid="${key}"]`).innerText();

async function summaryValues(page: Page) {
  const keys = ['amtPosition', 'sharesToBuy', 'stopPrice', 'target3r', 'stopAmount', 'riskEquity'];
  return Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await summary(page, k)])));
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

describe('risk-reward calculator (/rrc)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  it('computes the spec defaults once on load, with the spec colours, tables and footer', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/rrc');
    await page.getByRole('heading', { name: RRC_TEXT.title, level: 1 }).waitFor();
    expect(await field(page, 'symbol').inputValue()).toBe('AAPL');
    expect(await field(page, 'sharePrice').inputValue()).toBe('150');
    expect(await field(page, 'portfolioSize').inputValue()).toBe('100000');
    expect(await field(page, 'positionSizePercent').inputValue()).toBe('1');
    expect(await field(page, 'stopLossPercent').inputValue()).toBe('4');
    expect(await page.getByText('Stop price $144.00').count()).toBe(1);

    expect(await summaryValues(page)).toEqual({
      amtPosition: '$1,000.00',
      sharesToBuy: '6',
      stopPrice: '$144.00',
      target3r: '$168.00',
      stopAmount: '$36.00',
      riskEquity: '0.036%',
    });
    // Red for the loss side, green for the target.
    // Tailwind colours are oklch(); paint each on a canvas to read it back as RGB.
    const color = (key: string) =>
      page.locator(`[data-testid="${key}"]`).evaluate((el) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.fillStyle = getComputedStyle(el).color;
        ctx.fillRect(0, 0, 1, 1);
        return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)).join(',');
      });
    const [red, green, plain] = [await color('stopPrice'), await color('target3r'), await color('amtPosition')];
    expect(await color('stopAmount')).toBe(red);
    expect(await color('riskEquity')).toBe(red);
    const rgb = (c: string) => c.split(',').map(Number);
    expect(rgb(red)[0]).toBeGreaterThan(rgb(red)[1] + 100); // red channel dominates
    expect(rgb(green)[1]).toBeGreaterThan(rgb(green)[0] + 60); // green channel dominates
    expect(plain).not.toBe(red);

    for (const title of [RRC_TEXT.levelsLow, RRC_TEXT.levelsHigh]) await page.getByRole('table', { name: title }).waitFor();
    const low = page.getByRole('table', { name: RRC_TEXT.levelsLow });
    expect(await low.locator('thead th[data-level]').allInnerTexts()).toEqual(['1R', '2R', '3R', '4R', '5R']);
    const row = async (table: typeof low, label: string) => table.locator('tr', { has: page.getByRole('rowheader', { name: label }) }).locator('td').allInnerTexts();
    expect(await row(low, RRC_TEXT.rowDollar)).toEqual(['$36.00', '$72.00', '$108.00', '$144.00', '$180.00']);
    expect(await row(low, RRC_TEXT.rowPrice)).toEqual(['$156.00', '$162.00', '$168.00', '$174.00', '$180.00']);
    expect(await row(low, RRC_TEXT.rowGain)).toEqual(['4.00%', '8.00%', '12.00%', '16.00%', '20.00%']);
    const high = page.getByRole('table', { name: RRC_TEXT.levelsHigh });
    expect(await high.locator('thead th[data-level]').allInnerTexts()).toEqual(['6R', '7R', '8R', '9R', '10R']);
    expect(await row(high, RRC_TEXT.rowPrice)).toEqual(['$186.00', '$192.00', '$198.00', '$204.00', '$210.00']);
    expect(await row(high, RRC_TEXT.rowDollar)).toEqual(['$216.00', '$252.00', '$288.00', '$324.00', '$360.00']);

    // Only the 3R column is highlighted.
    const bg = (level: number) => low.locator(`td[data-level="${level}"]`).first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const plainBg = await bg(2);
    expect(await bg(3)).not.toBe(plainBg);
    for (const n of [1, 4, 5]) expect(await bg(n)).toBe(plainBg);

    expect(await page.getByTestId('rrc-footer').innerText()).toBe('Position Sizing management tool.');
    await context.close();
  });

  it('links stop % and stop price, steps by 0.5 in both modes, and recalculates on Calculate', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/rrc');
    await field(page, 'stopLossPercent').waitFor();

    await page.getByRole('button', { name: 'Increase stop loss by 0.5 %' }).click();
    expect(await field(page, 'stopLossPercent').inputValue()).toBe('4.5');
    await page.getByText('Stop price $143.25').waitFor();
    for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Decrease stop loss by 0.5 %' }).click();
    expect(await field(page, 'stopLossPercent').inputValue()).toBe('0.1'); // percent mode floor

    await field(page, 'stopLossPercent').fill('5');
    await page.getByText('Stop price $142.50').waitFor();
    // Valid edits wait for Calculate.
    expect(await summary(page, 'stopPrice')).toBe('$144.00');
    await page.getByRole('button', { name: RRC_TEXT.calculate }).click();
    expect(await summary(page, 'stopPrice')).toBe('$142.50');
    expect(await summary(page, 'stopAmount')).toBe('$45.00');

    // Price mode: the same stop as a price; edits and steps move the percent.
    await page.getByRole('button', { name: '$', exact: true }).click();
    expect(await field(page, 'stopLossPrice').inputValue()).toBe('142.50');
    await field(page, 'stopLossPrice').fill('140');
    await page.getByText('Stop 6.6667% below the share price').waitFor();
    await page.getByRole('button', { name: 'Decrease stop loss by 0.5 $' }).click();
    expect(await field(page, 'stopLossPrice').inputValue()).toBe('139.50');
    await field(page, 'stopLossPrice').press('Enter'); // the form submits on Enter too
    expect(await summary(page, 'stopPrice')).toBe('$139.50');
    expect(await summary(page, 'stopAmount')).toBe('$63.00'); // 6 × 10.50

    // Steps never reach the share price, and never go below 0.
    await field(page, 'stopLossPrice').fill('149.6');
    await page.getByRole('button', { name: 'Increase stop loss by 0.5 $' }).click();
    expect(await field(page, 'stopLossPrice').inputValue()).toBe('149.6');
    await field(page, 'stopLossPrice').fill('0.3');
    await page.getByRole('button', { name: 'Decrease stop loss by 0.5 $' }).click();
    expect(await field(page, 'stopLossPrice').inputValue()).toBe('0.00');

    // A stop above the share price leaves the percent as it was.
    await field(page, 'stopLossPrice').fill('160');
    await page.getByText('A stop must be below the share price; the stop % is unchanged.').waitFor();
    await page.getByRole('button', { name: '%', exact: true }).click();
    expect(await field(page, 'stopLossPercent').inputValue()).toBe('100'); // from the 0.00 stop above
    await context.close();
  });

  it('clears the results on invalid input, without a message, and computes again once fixed', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/rrc');
    await field(page, 'sharePrice').waitFor();
    const cleared = { amtPosition: '—', sharesToBuy: '—', stopPrice: '—', target3r: '—', stopAmount: '—', riskEquity: '—' };

    for (const [name, value] of [
      ['sharePrice', 'abc'],
      ['sharePrice', '0'],
      ['sharePrice', '-150'],
      ['sharePrice', ''],
      ['portfolioSize', 'lots'],
      ['positionSizePercent', ''],
      ['stopLossPercent', 'x'],
    ] as const) {
      await page.reload();
      await field(page, name).fill(value);
      expect(await summaryValues(page), `${name}=${value}`).toEqual(cleared);
      await page.getByRole('button', { name: RRC_TEXT.calculate }).click();
      expect(await summaryValues(page), `${name}=${value} after Calculate`).toEqual(cleared);
      expect(await page.locator('[role=alert]').count()).toBe(0);
    }

    await page.reload();
    await field(page, 'sharePrice').fill('abc');
    expect(await summary(page, 'sharesToBuy')).toBe('—');
    await field(page, 'sharePrice').fill('200');
    await page.getByRole('button', { name: RRC_TEXT.calculate }).click();
    expect(await summaryValues(page)).toEqual({
      amtPosition: '$1,000.00',
      sharesToBuy: '5',
      stopPrice: '$192.00',
      target3r: '$224.00',
      stopAmount: '$40.00',
      riskEquity: '0.040%',
    });
    await context.close();
  });

  it('fits a 390 px phone screen and works by touch', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/rrc');
    await page.getByRole('heading', { name: RRC_TEXT.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await field(page, 'portfolioSize').fill('250000');
    await page.getByRole('button', { name: 'Increase stop loss by 0.5 %' }).tap();
    await page.getByRole('button', { name: RRC_TEXT.calculate }).tap();
    expect(await summary(page, 'amtPosition')).toBe('$2,500.00');
    expect(await summary(page, 'sharesToBuy')).toBe('16');
    expect(await summary(page, 'stopPrice')).toBe('$143.25');
    await context.close();
  });
});
