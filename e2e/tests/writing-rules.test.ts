import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { USER_LIMITS, type Candle, type Indicator, type StarterSymbol, type TemplateDetail } from '@app/contract';
import { newPage, sharedBrowser } from '../harness/browser.ts';
import { post } from '../harness/api.ts';
import { logInViaApi, signUpAndLogIn, TEST_PASSWORD } from '../harness/account.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';
import { PERIOD_ERRORS, PERIOD_TEXT } from '../../apps/web/src/features/periods/texts.ts';

// Writing rules as a trader does, in real Chromium against the real server: a row edited in place,
// duplicated, moved up, down and to another block (the order kept on reload); a price on the left
// ("Close crosses below BB lower"); each side's OR blocks shown from the start; a period's ticker
// checked on leaving the field and on Save; and a template built, edited and reordered with the
// keyboard alone.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = screenshotDir('writing-rules');
const shot = (page: Page, name: string) => shotInto(SHOTS, page, name);
const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

let made = 0;
/** A template of the user's with these rows, under a name no retry has used. */
async function newTemplate(page: Page, name: string, rows: object[] = []): Promise<TemplateDetail> {
  const r = await post(page, '/api/templates/', { name: `${name} ${Date.now().toString(36)}${++made}` });
  expect(r.status()).toBe(201);
  const t = (await r.json()) as TemplateDetail;
  for (const row of rows) expect((await post(page, '/api/indicators/', { template: t.id, ...row })).status()).toBe(201);
  return t;
}
const rowsOf = async (page: Page, id: number) => ((await (await page.request.get(`/api/templates/${id}/`)).json()) as TemplateDetail).indicators;
const rowTexts = (scope: Page | Locator) => scope.getByTestId('indicator-row').evaluateAll((els) => els.map((el) => el.querySelector('[data-testid=condition-text]')!.textContent));
const rsi = (type: string, compare: string, cvalue: number, group = 0) => ({ name: 'RSI', indicator_type: type, compare, cvalue, group });
const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('writing rules', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ page, context } = await newPage(browser));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    email = (await signUpAndLogIn(page)).email;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('edits a row in place, duplicates it, moves it up, down and to another block, and keeps the order on reload', async () => {
    const t = await newTemplate(page, 'Edit rows', [rsi('BUY', '<', 30), rsi('BUY', '<', 40), rsi('SELL', '>', 70)]);
    await page.goto(`/templates?template=${t.id}`);
    const buy = page.getByTestId('side-BUY');
    await buy.getByTestId('indicator-row').nth(1).waitFor();

    // Edit: the Add dialog, filled with the row's values; Save changes that row, not a new one.
    await page.getByRole('button', { name: 'Edit BUY RSI(14) < 30' }).click();
    const form = page.getByRole('form', { name: TEMPLATE_TEXT.editFormTitle });
    expect(await form.getByLabel('Indicator', { exact: true }).inputValue()).toBe('RSI');
    expect(await form.getByLabel('Comparison', { exact: true }).inputValue()).toBe('<');
    expect(await form.getByLabel('Compare value', { exact: true }).inputValue()).toBe('30');
    await form.getByLabel('Compare value', { exact: true }).fill('25');
    await form.getByLabel('Period', { exact: true }).fill('7');
    expect(await form.getByTestId('condition-preview').innerText()).toBe('BUY when RSI(7) < 25');
    await form.getByRole('button', { name: TEMPLATE_TEXT.submitEdit, exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await buy.getByText('RSI(7) < 25').waitFor();
    const [first] = await rowsOf(page, t.id);
    expect(first).toMatchObject({ period: 7, cvalue: '25' });
    expect((await rowsOf(page, t.id)).length).toBe(3);

    // Duplicate: a copy last in its block.
    await page.getByRole('button', { name: 'Duplicate BUY RSI(7) < 25' }).click();
    await buy.getByTestId('indicator-row').nth(2).waitFor();
    expect(await rowTexts(buy)).toEqual(['RSI(7) < 25', 'RSI(14) < 40', 'RSI(7) < 25']);

    // Move up and down within the block.
    await page.getByRole('button', { name: 'Move up BUY RSI(14) < 40' }).click();
    await expect.poll(() => rowTexts(buy)).toEqual(['RSI(14) < 40', 'RSI(7) < 25', 'RSI(7) < 25']);
    expect(await page.getByRole('button', { name: 'Move up BUY RSI(14) < 40' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Move down BUY RSI(14) < 40' }).click();
    await expect.poll(() => rowTexts(buy)).toEqual(['RSI(7) < 25', 'RSI(14) < 40', 'RSI(7) < 25']);

    // Move to another block: a new one, then back.
    const row40 = buy.getByTestId('indicator-row').filter({ hasText: 'RSI(14) < 40' });
    await row40.getByRole('button', { name: TEMPLATE_TEXT.moveToBlock }).click();
    await page.getByRole('menuitem', { name: TEMPLATE_TEXT.newBlock }).click();
    await buy.getByTestId('block').nth(1).waitFor();
    expect(await page.getByTestId('rule-text').first().innerText()).toBe('BUY when RSI(7) < 25 and RSI(7) < 25, or when RSI(14) < 40');
    await shot(page, 'rows-two-blocks-1280');

    await page.reload();
    await buy.getByTestId('block').nth(1).waitFor();
    expect(await rowTexts(buy.getByTestId('block').nth(1))).toEqual(['RSI(14) < 40']);
    const stored = await rowsOf(page, t.id);
    expect(stored.filter((r) => r.indicator_type === 'BUY').map((r) => [r.cvalue, r.group])).toEqual([['25', 0], ['25', 0], ['40', 1]]);

    await row40.getByRole('button', { name: TEMPLATE_TEXT.moveToBlock }).click();
    await page.getByRole('menuitem', { name: TEMPLATE_TEXT.blockTitle(1) }).click();
    await expect.poll(() => buy.getByTestId('block').count()).toBe(1);
    expect(await rowTexts(buy)).toEqual(['RSI(7) < 25', 'RSI(7) < 25', 'RSI(14) < 40']);
  });

  it('keeps the per-template row limit on Duplicate', async () => {
    const rows = Array.from({ length: USER_LIMITS.indicatorsPerTemplate }, (_, k) => rsi('BUY', '<', 10 + k));
    const t = await newTemplate(page, 'Full template', rows);
    await page.goto(`/templates?template=${t.id}`);
    await page.getByTestId('indicator-row').nth(USER_LIMITS.indicatorsPerTemplate - 1).waitFor();
    expect(await page.getByRole('button', { name: 'Duplicate BUY RSI(14) < 10' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `${TEMPLATE_TEXT.addOrBlock} to Buy when` }).isDisabled()).toBe(true);
    // the server refuses a 21st row however it is sent
    const copy = await post(page, '/api/indicators/', { template: t.id, ...rsi('BUY', '<', 99) });
    expect(copy.status()).toBe(400);
  });

  it('edits rows in a dialog that fits a 390 px phone, and moves them there', async () => {
    const t = await newTemplate(page, 'Phone rows', [rsi('BUY', '<', 30), rsi('BUY', '<', 40), rsi('SELL', '>', 70)]);
    const phone = await newPage(browser, PHONE);
    await logInViaApi(phone.page, email, TEST_PASSWORD);
    await phone.page.goto(`/templates?template=${t.id}`);
    const buy = phone.page.getByTestId('side-BUY');
    await buy.getByTestId('indicator-row').nth(1).waitFor();
    await fitsWidth(phone.page, 390);
    await phone.page.getByRole('button', { name: 'Move down BUY RSI(14) < 30' }).tap();
    await expect.poll(() => rowTexts(buy)).toEqual(['RSI(14) < 40', 'RSI(14) < 30']);
    await phone.page.getByRole('button', { name: 'Edit SELL RSI(14) > 70' }).tap();
    const form = phone.page.getByRole('form', { name: TEMPLATE_TEXT.editFormTitle });
    await form.getByLabel('Compare value', { exact: true }).fill('65');
    await fitsWidth(phone.page, 390);
    await shot(phone.page, 'edit-row-390');
    await form.getByRole('button', { name: TEMPLATE_TEXT.submitEdit, exact: true }).tap();
    await form.waitFor({ state: 'detached' });
    await phone.page.getByTestId('side-SELL').getByText('RSI(14) > 65').waitFor();
    await shot(phone.page, 'rows-390');
    await phone.context.close();
  });

  it('writes a price on the left ("Close crosses below BB lower"), stored mirrored and read back as written', async () => {
    const t = await newTemplate(page, 'Band bounce');
    await page.goto(`/templates?template=${t.id}`);
    await page.getByRole('button', { name: `${TEMPLATE_TEXT.addRow} to Buy when ${TEMPLATE_TEXT.blockTitle(1)}` }).click();
    const form = page.getByRole('form', { name: TEMPLATE_TEXT.indicatorFormTitle });
    await form.getByLabel(TEMPLATE_TEXT.leftSide, { exact: true }).selectOption('price');
    await form.getByLabel(TEMPLATE_TEXT.leftPrice, { exact: true }).selectOption('CLOSE');
    await form.getByLabel('Comparison', { exact: true }).selectOption('crosses_below');
    const right = form.getByRole('group', { name: 'Compared with indicator' });
    // only lines drawn on the price can face a price
    expect(await right.getByLabel('Indicator', { exact: true }).locator('option').allInnerTexts()).not.toContain('RSI');
    await right.getByLabel('Indicator', { exact: true }).selectOption('BBANDS');
    await right.getByLabel('Output', { exact: true }).selectOption('lower');
    expect(await right.getByLabel('Output', { exact: true }).locator('option').allInnerTexts()).not.toContain('%B');
    expect(await form.getByTestId('condition-preview').innerText()).toBe('BUY when Close crosses below BB lower(20, 2)');
    await form.getByRole('button', { name: TEMPLATE_TEXT.submitIndicator, exact: true }).click();
    await form.waitFor({ state: 'detached' });

    expect(await rowTexts(page)).toEqual(['Close crosses below BB lower(20, 2)']);
    expect(await page.getByTestId('rule-text').first().innerText()).toBe('BUY when Close crosses below BB lower(20, 2)');
    const [row] = await rowsOf(page, t.id);
    expect(row).toMatchObject({ name: 'BBANDS', output: 'lower', compare: 'crosses_above', cprice: 'CLOSE', price_left: true });

    // Edit shows it as written.
    await page.getByRole('button', { name: 'Edit BUY Close crosses below BB lower(20, 2)' }).click();
    const edit = page.getByRole('form', { name: TEMPLATE_TEXT.editFormTitle });
    expect(await edit.getByLabel(TEMPLATE_TEXT.leftSide, { exact: true }).inputValue()).toBe('price');
    expect(await edit.getByLabel('Comparison', { exact: true }).inputValue()).toBe('crosses_below');
    await edit.getByLabel(TEMPLATE_TEXT.leftPrice, { exact: true }).selectOption('LOW');
    await edit.getByRole('button', { name: TEMPLATE_TEXT.submitEdit, exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByTestId('condition-text').filter({ hasText: 'Low crosses below BB lower(20, 2)' }).waitFor();
    await shot(page, 'price-left-1280');

    // The same dialog on a phone.
    const phone = await newPage(browser, PHONE);
    await logInViaApi(phone.page, email, TEST_PASSWORD);
    await phone.page.goto(`/templates?template=${t.id}`);
    await phone.page.getByRole('button', { name: 'Edit BUY Low crosses below BB lower(20, 2)' }).tap();
    const phoneForm = phone.page.getByRole('form', { name: TEMPLATE_TEXT.editFormTitle });
    expect(await phoneForm.getByTestId('condition-preview').innerText()).toBe('BUY when Low crosses below BB lower(20, 2)');
    await fitsWidth(phone.page, 390);
    await shot(phone.page, 'price-left-390');
    await phone.context.close();
  });

  it('shows each side\'s OR blocks from the start, with "Add an OR block", and the intro in the same words', async () => {
    for (const [width, viewport] of [[1280, { viewport: { width: 1280, height: 900 } }], [390, PHONE]] as const) {
      const t = await newTemplate(page, `Blocks at ${width}`);
      const view = await newPage(browser, viewport);
      await logInViaApi(view.page, email, TEST_PASSWORD);
      const p = view.page;
      await p.goto(`/templates?template=${t.id}`);
      await p.getByTestId('side-BUY').waitFor();
      expect(await p.getByText(TEMPLATE_TEXT.intro).count()).toBe(1);
      expect(TEMPLATE_TEXT.intro).toContain(TEMPLATE_TEXT.anyBlock);
      expect(TEMPLATE_TEXT.intro).not.toContain('every BUY condition');
      for (const side of ['BUY', 'SELL']) {
        const s = p.getByTestId(`side-${side}`);
        expect(await s.getByTestId('blocks-rule').innerText()).toBe(TEMPLATE_TEXT.anyBlock);
        expect(await s.getByTestId('block').count()).toBe(1);
        expect(await s.getByRole('button', { name: new RegExp(`^${TEMPLATE_TEXT.addOrBlock}`) }).isVisible()).toBe(true);
      }
      await fitsWidth(p, width);

      // two rows in two blocks: an OR, not an AND
      for (const [k, value] of [[0, '30'], [1, '20']] as const) {
        const button = k === 0 ? p.getByRole('button', { name: `${TEMPLATE_TEXT.addRow} to Buy when ${TEMPLATE_TEXT.blockTitle(1)}` }) : p.getByRole('button', { name: `${TEMPLATE_TEXT.addOrBlock} to Buy when` });
        await button.click();
        const form = p.getByRole('form', { name: TEMPLATE_TEXT.indicatorFormTitle });
        if (k === 1) expect(await form.getByLabel('Block', { exact: true }).locator('option:checked').innerText()).toBe('New block 2 (or)');
        await form.getByLabel('Indicator', { exact: true }).selectOption('RSI');
        await form.getByLabel('Comparison', { exact: true }).selectOption('<');
        await form.getByLabel('Compare value', { exact: true }).fill(value);
        await fitsWidth(p, width);
        await form.getByRole('button', { name: TEMPLATE_TEXT.submitIndicator, exact: true }).click();
        await form.waitFor({ state: 'detached' });
      }
      await p.getByTestId('side-BUY').getByTestId('block').nth(1).waitFor();
      expect(await p.getByTestId('rule-text').first().innerText()).toBe('BUY when RSI(14) < 30, or when RSI(14) < 20');
      await shot(p, `or-blocks-${width}`);
      await view.context.close();
    }
  });

  it('checks a period\'s ticker on leaving the field and on Save; an unknown one is said at the field and not saved', async () => {
    const symbol = ((await (await page.request.get('/api/starters/symbol/')).json()) as StarterSymbol).symbol!;
    const candles = (await (await page.request.get(`/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`)).json()) as Candle[];
    const start = day(candles[candles.length - 300].time);
    const end = day(candles[candles.length - 10].time);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/periods/')) posts.push(r.url());
    });

    await page.goto('/stockperiod');
    const ticker = page.getByRole('combobox', { name: PERIOD_TEXT.ticker });
    // unknown: Save checks it, says so at the field, and sends nothing
    await ticker.fill('ZZQX');
    await page.getByLabel(PERIOD_TEXT.startDate).fill(start);
    await page.getByLabel(PERIOD_TEXT.endDate).fill(end);
    await page.getByRole('button', { name: PERIOD_TEXT.create }).click();
    await page.getByText(PERIOD_ERRORS.symbolNotFound, { exact: true }).waitFor();
    await page.getByText(PERIOD_ERRORS.notValidated).waitFor();
    expect(await ticker.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    expect(await page.getByTestId('period-row').count()).toBe(0);

    // known, Check never pressed: Save checks and saves
    await ticker.fill(symbol);
    await page.getByRole('button', { name: PERIOD_TEXT.create }).click();
    await page.getByTestId('period-row').filter({ hasText: symbol }).waitFor();
    expect(posts.length).toBe(1);

    // leaving the field checks it
    await ticker.fill(symbol);
    await ticker.press('Tab');
    await page.getByTestId('symbol-info').waitFor();
    await ticker.fill('QQQQZ');
    await ticker.press('Tab');
    await page.getByText(PERIOD_ERRORS.symbolNotFound, { exact: true }).waitFor();
  });

  it('builds a template with two rows in two OR blocks, edits one and reorders them with the keyboard alone', async () => {
    const kb = page.keyboard;
    /** Tab (forward) until the focused element matches `selector` (inside the row that reads
     *  `rowText`, if given); fails after `max` presses. */
    const tabTo = async (selector: string, rowText?: string, max = 80) => {
      for (let k = 0; k < max; k++) {
        const there = await page.evaluate(
          ([s, text]) => {
            const el = document.activeElement;
            return !!el?.matches(s) && (!text || el.closest('[data-row]')?.querySelector('[data-testid=condition-text]')?.textContent === text);
          },
          [selector, rowText ?? ''] as const,
        );
        if (there) return;
        await kb.press('Tab');
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    /** Arrow keys on the focused select until it holds `value`. */
    const arrowTo = async (value: string, max = 30) => {
      for (let k = 0; k < max; k++) {
        if (await page.evaluate((v) => (document.activeElement as HTMLSelectElement).value === v, value)) return;
        await kb.press('ArrowDown');
      }
      throw new Error(`arrows never picked ${value}`);
    };
    const form = (title: string) => page.getByRole('form', { name: title });
    /** Fills the open row dialog (focus on its Indicator) with RSI < value and presses Enter. */
    const fillRsi = async (title: string, value: string) => {
      await form(title).waitFor();
      await tabTo('select[name=name]');
      await arrowTo('RSI');
      await tabTo('select[name=compare]');
      await arrowTo('<');
      await tabTo('input[name=cvalue]');
      await kb.press('Control+A');
      await kb.type(value);
      await kb.press('Enter');
      await form(title).waitFor({ state: 'detached' });
    };

    await page.goto('/templates');
    await page.getByLabel('Template name').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const name = `Keyboard rules ${Date.now().toString(36)}`;
    await tabTo('input[aria-label="Template name"]');
    await kb.type(name);
    await kb.press('Enter');
    await page.getByTestId('template-name').filter({ hasText: new RegExp(`^${name}$`) }).waitFor();
    const id = ((await (await page.request.get('/api/templates/')).json()) as { id: number; name: string }[]).find((x) => x.name === name)!.id;

    // block 1: RSI < 30; an OR block: RSI < 20; then a second row in block 2: RSI < 25
    await tabTo(`button[aria-label="${TEMPLATE_TEXT.addRow} to Buy when ${TEMPLATE_TEXT.blockTitle(1)}"]`);
    await kb.press('Enter');
    await fillRsi(TEMPLATE_TEXT.indicatorFormTitle, '30');
    await tabTo(`button[aria-label="${TEMPLATE_TEXT.addOrBlock} to Buy when"]`);
    await kb.press('Space');
    await fillRsi(TEMPLATE_TEXT.indicatorFormTitle, '20');
    await page.getByTestId('side-BUY').getByTestId('block').nth(1).waitFor();
    await tabTo(`button[aria-label="${TEMPLATE_TEXT.addRow} to Buy when ${TEMPLATE_TEXT.blockTitle(2)}"]`);
    await kb.press('Enter');
    await fillRsi(TEMPLATE_TEXT.indicatorFormTitle, '25');
    await expect.poll(async () => (await rowsOf(page, id)).length).toBe(3);
    expect(await page.getByTestId('rule-text').first().innerText()).toBe('BUY when RSI(14) < 30, or when RSI(14) < 20 and RSI(14) < 25');

    // edit the first row: 30 → 35
    await tabTo('button[aria-label="Edit BUY RSI(14) < 30"]');
    await kb.press('Enter');
    await form(TEMPLATE_TEXT.editFormTitle).waitFor();
    await tabTo('input[name=cvalue]');
    await kb.press('Control+A');
    await kb.type('35');
    await kb.press('Enter');
    await form(TEMPLATE_TEXT.editFormTitle).waitFor({ state: 'detached' });
    await page.getByTestId('condition-text').filter({ hasText: 'RSI(14) < 35' }).waitFor();

    // reorder: RSI < 25 up within block 2; the focus stays on the row, so a second Enter does nothing more
    await tabTo('button[aria-label="Move up BUY RSI(14) < 25"]');
    await kb.press('Enter');
    await expect.poll(() => rowTexts(page.getByTestId('side-BUY').getByTestId('block').nth(1))).toEqual(['RSI(14) < 25', 'RSI(14) < 20']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid=indicator-row]')?.querySelector('[data-testid=condition-text]')?.textContent)).toBe('RSI(14) < 25');

    // and RSI < 20 to block 1, through the "Move to block…" menu (arrows and Enter)
    const row20 = page.getByTestId('indicator-row').filter({ hasText: 'RSI(14) < 20' });
    await row20.getByRole('button', { name: TEMPLATE_TEXT.moveToBlock }).waitFor();
    await tabTo('[aria-haspopup=menu]', 'RSI(14) < 20');
    await kb.press('ArrowDown');
    await page.getByRole('menuitem', { name: TEMPLATE_TEXT.blockTitle(1) }).waitFor();
    await kb.press('Enter');
    await expect.poll(() => rowTexts(page.getByTestId('side-BUY').getByTestId('block').first())).toEqual(['RSI(14) < 35', 'RSI(14) < 20']);

    const stored = await rowsOf(page, id);
    // the stored order: RSI < 25 took RSI < 20's place; RSI < 20 went last, into block 1
    expect(stored.map((r: Indicator) => [r.cvalue, r.group])).toEqual([['35', 0], ['25', 1], ['20', 0]]);
    await page.goto(`/templates?template=${id}`);
    await page.getByTestId('indicator-row').nth(2).waitFor();
    expect(await rowTexts(page)).toEqual(['RSI(14) < 35', 'RSI(14) < 20', 'RSI(14) < 25']);
  });
});
