import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { FILTER_TYPES, type ScannerCategory } from '@app/contract';
import { baseUrl, sharedBrowser, newPage } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';

// A closed select shows its chosen option in the room its box leaves for text: a box narrower than
// its longest option cut choices short ("Bollinger %B (2(" in the scanner, "% of e" in a template's
// Edit form). Every visible select must leave room for its longest option's text, measured with the
// select's own font, at 1280 px and on a 390 px phone.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SIZES = [['1280 px', { viewport: { width: 1280, height: 800 } }], ['390 px', PHONE]] as const;

interface Fit {
  label: string;
  longest: string;
  textWidth: number;
  room: number;
}

/** Each visible select whose text room (its content box, less the drop-down arrow's share of the
 *  end padding) is narrower than its longest option's text. */
async function truncatedSelects(scope: Locator): Promise<Fit[]> {
  const fits = await scope.locator('select:visible').evaluateAll((els) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    return (els as HTMLSelectElement[]).map((el) => {
      const cs = getComputedStyle(el);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      let longest = '';
      let textWidth = 0;
      for (const o of el.options) {
        const w = ctx.measureText(o.text).width;
        if (w > textWidth) [longest, textWidth] = [o.text, w];
      }
      // Chromium draws the arrow inside the end padding, which it keeps at least the arrow's width
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      return { label: el.labels?.[0]?.innerText ?? el.getAttribute('aria-label') ?? el.name, longest, textWidth, room };
    });
  });
  return fits.filter((f) => f.textWidth > f.room + 0.5);
}

/** And no select reaches past the page's right edge. */
const pageFits = async (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function addFilter(page: Page, category: ScannerCategory, type: string) {
  await page.getByRole('tab', { name: new RegExp(`^${category}`) }).click();
  await page.getByLabel(`New ${category} filter`, { exact: true }).selectOption(type);
  await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
  await page.locator(`li[data-filter-type="${type}"]`).first().waitFor();
}

describe('selects fit their longest choice', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  for (const [name, opts] of SIZES) {
    it(`${name}: the scanner's filter selects, with the longest filter type chosen`, async () => {
      const { page, context } = await newPage(browser, opts);
      await page.goto('/scanner');
      await page.getByRole('heading', { name: SCANNER_TEXT.title, level: 1 }).waitFor();
      for (const category of ['Basic', 'TA', 'FA'] as const) {
        // the longest type of the category, chosen, both in the new-filter select and as a row
        const longest = [...FILTER_TYPES[category]].sort((a, b) => b.label.length - a.label.length)[0];
        await addFilter(page, category, longest.type);
        for (const t of FILTER_TYPES[category]) if (t.type !== longest.type) await addFilter(page, category, t.type);
        const panel = page.getByRole('tabpanel');
        expect(await truncatedSelects(panel), category).toEqual([]);
      }
      expect(await pageFits(page)).toBe(true);
      await context.close();
    });

    it(`${name}: the position size unit in a template's Edit form`, async () => {
      const { page, context } = await newPage(browser, opts);
      await signUpAndLogIn(page);
      const r = await page.request.post('/api/templates/', { data: { name: 'Select widths' }, headers: { origin: baseUrl() } });
      expect(r.status()).toBe(201);
      await page.goto('/templates');
      await page.getByRole('list', { name: 'Templates' }).getByRole('button').first().click();
      await page.getByRole('button', { name: TEMPLATE_TEXT.edit, exact: true }).click();
      const unit = page.getByLabel(TEMPLATE_TEXT.positionUnit, { exact: true });
      await unit.waitFor();
      expect(await unit.evaluate((el: HTMLSelectElement) => el.selectedOptions[0].text)).toBe(TEMPLATE_TEXT.unitPercent);
      const form = unit.locator('xpath=ancestor::form[1]');
      expect(await truncatedSelects(form)).toEqual([]);
      expect(await pageFits(page)).toBe(true);
      await context.close();
    });
  }
});
