import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ALERT_MESSAGES, NOTIFICATION_MESSAGES, WEBHOOK_SIGNATURE_HEADER, type WatchlistRows } from '@app/contract';
import { sharedBrowser } from '../harness/browser.ts';
import { signUpAndLogIn } from '../harness/account.ts';
import { startServer, type RunningServer } from '../harness/server.ts';
import { SCANNER_MESSAGES, SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { WATCHLIST_TEXT } from '../../apps/web/src/features/watchlists/texts.ts';
import { ALERT_TEXT } from '../../apps/web/src/features/alerts/texts.ts';
import { NOTIFICATION_TEXT } from '../../apps/web/src/features/notifications/texts.ts';
import { screenshotDir, shotInto } from '../harness/shots.ts';

// Watchlists, alerts and notifications in real Chromium: star a symbol from the scanner results,
// find it on /watchlists, save a
// scan that matches nothing yet and create an alert from it, then a CLI import (`npm run data -- import`)
// of one new bar that makes the starred symbol match. The import runs as its own process against the
// same PostgreSQL database as the server, which picks the change up, runs the alerts as the market
// follow-up, and the bell and /notifications show what fired.

const root = new URL('../../', import.meta.url).pathname;
const PG = { host: '127.0.0.1', port: '5432', user: 'postgres' };
const dbName = `e2e_alerts_${process.pid}_${Date.now().toString(36)}`;
const psql = (sql: string) => execFileSync('psql', ['-h', PG.host, '-p', PG.port, '-U', PG.user, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
const databaseUrl = `postgres://${PG.user}@${PG.host}:${PG.port}/${dbName}`;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = screenshotDir('alerts');

/** Full-page screenshots at 1366 and 390 px wide; also checks the phone layout has no sideways scroll. */
async function shots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await shotInto(SHOTS, page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await shotInto(SHOTS, page, `${name}-390`);
  // What sticks out (outside a scrolling table, or positioned out of it), named in the failure message.
  const wide = await page.evaluate((w) => {
    if (document.documentElement.scrollWidth <= w) return [];
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > w && (!e.closest('.overflow-x-auto') || getComputedStyle(e).position === 'absolute'))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
  }, PHONE.width);
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

/** The weekday after an ISO date. */
function nextWeekday(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}

/** `npm run data -- import …` against the server's database; resolves with its output. */
function cliImport(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn('npm', ['run', '--silent', 'data', '--', 'import', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (b) => (out += b));
    p.stderr.on('data', (b) => (out += b));
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`import exited with ${code}: ${out}`))));
  });
}

/** A small market of our own (an import replaces the demo market, so the test starts from one):
 *  ~300 sessions of a gentle random walk per symbol, ending on LAST_DAY, prices 20 to 200. */
const MARKET = ['ALRT', 'BELL', 'STAR', 'WTCH'];
const LAST_DAY = '2026-11-20';
function writeMarket(dir: string) {
  let seed = 17;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const days: string[] = [];
  const d = new Date(`${LAST_DAY}T00:00:00Z`);
  while (days.length < 300) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.unshift(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() - 1);
  }
  MARKET.forEach((symbol, i) => {
    let close = 20 + 50 * i;
    const lines = days.map((day) => {
      const open = close;
      close = Math.max(5, close * (1 + (rand() - 0.5) * 0.04));
      return `${day},${open.toFixed(2)},${(Math.max(open, close) * 1.01).toFixed(2)},${(Math.min(open, close) * 0.99).toFixed(2)},${close.toFixed(2)},${100_000 + Math.round(rand() * 900_000)}`;
    });
    writeFileSync(join(dir, `${symbol}.csv`), `date,open,high,low,close,volume\n${lines.join('\n')}\n`);
  });
}

const bellCount = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('bell-count');

describe('watchlists, alerts and notifications on the screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let symbol: string;
  /** two more symbols of the scan, for the list's own input */
  let extra: string[];
  let scanName: string;
  let scanId: string;
  const tmp = mkdtempSync(join(tmpdir(), 'e2e-alerts-'));
  /** A local webhook target (the server allows private addresses for this test) and what it got. */
  let hook: Server;
  let hookUrl: string;
  const deliveries: Array<{ body: string; signature: string | undefined }> = [];

  beforeAll(async () => {
    psql(`CREATE DATABASE ${dbName}`);
    const market = join(tmp, 'market');
    mkdirSync(market);
    writeMarket(market);
    await cliImport([market, '--create-unknown']);
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (b) => (body += b));
      req.on('end', () => {
        deliveries.push({ body, signature: req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string | undefined });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
    // Every process looks for market changes each second, so the later CLI import is seen at once.
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: databaseUrl, DEMO_SYMBOLS: '0', MARKET_REFRESH_SECONDS: '1', ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' }), sharedBrowser()]);
    context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await signUpAndLogIn(page, { base: server.url });
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    hook?.close();
    rmSync(tmp, { recursive: true, force: true });
    try {
      psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } catch (e) {
      console.warn(`could not drop ${dbName}: ${(e as Error).message}`);
    }
  });

  it('stars a symbol from the scanner results: its first star creates a list', async () => {
    await page.goto('/scanner');
    await page.getByLabel('New Basic filter', { exact: true }).selectOption('price');
    await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
    await page.locator('li[data-filter-type="price"]').getByLabel('Value', { exact: true }).fill('1');
    await page.getByRole('button', { name: SCANNER_TEXT.scan, exact: true }).click();
    await page.getByTestId('scan-status').filter({ hasNotText: SCANNER_MESSAGES.scanning }).waitFor();
    const results = page.getByRole('table', { name: SCANNER_TEXT.resultsTable }).locator('tbody tr');
    const first = results.first();
    symbol = (await first.locator('th a').innerText()).trim();
    extra = (await results.locator('th a').allInnerTexts()).map((s) => s.trim()).filter((s) => s !== symbol).slice(0, 2);
    expect(extra).toHaveLength(2);
    const star = first.getByRole('button', { name: `Add ${symbol} to a new watchlist` });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    const starred = first.locator(`[data-star="${symbol}"] button[aria-pressed="true"]`);
    await starred.waitFor();
    // Now it names the list a click takes it out of; the menu beside it lists every list.
    expect(await starred.getAttribute('aria-label')).toBe(`Remove ${symbol} from My watchlist`);
    await shots(page, 'scanner-star');
    await first.getByRole('button', { name: `Choose watchlists for ${symbol}` }).click();
    const item = page.getByRole('menuitemcheckbox', { name: 'My watchlist' });
    expect(await item.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await item.waitFor({ state: 'detached' });

    // The chart pages show the same star, filled.
    await page.goto(`/dchart/${symbol}`);
    await page.locator(`[data-star="${symbol}"] button[aria-pressed="true"]`).waitFor();
  });

  it('shows it on /watchlists with its numbers and sparkline; rows sort and reorder', async () => {
    await page.goto('/watchlists');
    const table = page.getByRole('table', { name: WATCHLIST_TEXT.table });
    const row = table.locator(`tr[data-symbol="${symbol}"]`);
    await row.waitFor();
    expect(await row.getByRole('link', { name: symbol, exact: true }).getAttribute('href')).toBe(`/rchart/${symbol}/`);
    expect(await row.locator('svg[role="img"] path').getAttribute('d')).toMatch(/^M0 [\d.]+( L[\d.]+ [\d.]+){10,}$/);
    expect(await row.locator('td').nth(1).innerText()).toMatch(/^\d+\.\d\d$/); // the last close

    // Add two more by the input (an unknown one is refused with the API's message).
    const input = page.getByLabel(WATCHLIST_TEXT.addSymbol);
    await input.fill('NOPE99');
    await page.getByRole('button', { name: WATCHLIST_TEXT.add, exact: true }).click();
    await page.getByText(/symbol not found/).waitFor();
    // The second add's reload of the lists is held back: its row shows first, and a symbol typed
    // meanwhile stays in the input (the add clears only what it sent).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    for (const [k, s] of extra.entries()) {
      if (k === 1) await page.route('**/api/watchlists/', async (route) => (route.request().method() === 'GET' ? (await held, route.continue()) : route.continue()), { times: 1 });
      await input.fill(s.toLowerCase());
      await page.getByRole('button', { name: WATCHLIST_TEXT.add, exact: true }).click();
      await table.locator(`tr[data-symbol="${s}"]`).waitFor();
    }
    await input.fill('typed-next');
    release();
    await expect.poll(() => page.getByRole('button', { name: WATCHLIST_TEXT.add, exact: true }).isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await input.inputValue()).toBe('typed-next');
    await input.fill('');
    const order = () => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol')));
    expect(await order()).toEqual([symbol, ...extra]);

    // Keyboard reorder: Alt+ArrowDown on the first row's handle moves it down, and it stays moved.
    const handle = table.getByRole('button', { name: WATCHLIST_TEXT.dragHandle(symbol) });
    await handle.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(order).toEqual([extra[0], symbol, extra[1]]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-handle'))).toBe(symbol);
    await page.reload();
    await table.locator('tbody tr').first().waitFor();
    expect(await order()).toEqual([extra[0], symbol, extra[1]]);

    // A sort by symbol, then back to the list's own order on the third click.
    const sortBy = table.locator('button[data-sort="symbol"]');
    await sortBy.click();
    expect(await order()).toEqual([...[extra[0], symbol, extra[1]]].sort());
    await sortBy.click();
    await sortBy.click();
    expect(await order()).toEqual([extra[0], symbol, extra[1]]);

    // CSV import: the fourth symbol is appended, one already there is counted, an unknown one is reported.
    const fourth = MARKET.find((s) => s !== symbol && !extra.includes(s))!;
    await page.getByRole('button', { name: WATCHLIST_TEXT.import }).click();
    const dialog = page.getByRole('dialog', { name: WATCHLIST_TEXT.importTitle });
    await dialog.getByLabel(WATCHLIST_TEXT.importText).fill(`symbol\n${fourth}\n${symbol}\nNOPE1\n`);
    await dialog.getByRole('button', { name: WATCHLIST_TEXT.importRun }).click();
    await dialog.getByText(WATCHLIST_TEXT.imported(1, 1)).waitFor();
    expect(await dialog.getByTestId('import-unknown').innerText()).toBe(WATCHLIST_TEXT.unknown(['NOPE1']));
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(order).toEqual([extra[0], symbol, extra[1], fourth]);
    await shots(page, 'watchlists');
  });

  it('saves a scan that matches nothing yet and creates an alert from it on the Scanner', async () => {
    await page.goto('/scanner');
    await page.getByLabel('New Basic filter', { exact: true }).selectOption('price');
    await page.getByRole('button', { name: SCANNER_TEXT.addFilter }).click();
    await page.locator('li[data-filter-type="price"]').getByLabel('Value', { exact: true }).fill('100000'); // no demo stock costs that much
    scanName = `Six figures ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: SCANNER_TEXT.queries }).click();
    await page.getByRole('button', { name: SCANNER_TEXT.saveQuery }).click();
    const dialog = page.getByRole('dialog', { name: SCANNER_TEXT.saveDialogTitle });
    await dialog.getByLabel(SCANNER_TEXT.templateName, { exact: true }).fill(scanName);
    await dialog.getByRole('button', { name: SCANNER_TEXT.save }).click();
    await page.getByText(SCANNER_TEXT.saved(scanName)).waitFor();

    await page.getByRole('button', { name: SCANNER_TEXT.queries }).click();
    await page.getByRole('button', { name: 'Create alert', exact: true }).click();
    await page.getByRole('link', { name: `Create alert: ${scanName}` }).click();
    await page.waitForURL((u) => u.pathname === '/alerts');
    scanId = new URL(page.url()).searchParams.get('scan')!;
    const form = page.getByRole('form', { name: ALERT_TEXT.createTitle });
    await form.waitFor();
    expect(await form.getByRole('radio', { name: ALERT_TEXT.kinds.scan }).isChecked()).toBe(true);
    const saved = form.getByLabel(ALERT_TEXT.scan, { exact: true });
    await expect.poll(() => saved.locator('option:checked').innerText()).toBe(scanName);
    expect(await form.getByLabel(ALERT_TEXT.name, { exact: true }).getAttribute('placeholder')).toBe(scanName); // the suggested name
    await shots(page, 'alert-form');
    await form.getByRole('button', { name: ALERT_TEXT.create }).click();
    await page.getByText(ALERT_TEXT.created(scanName)).waitFor();
    const card = page.locator('li[data-alert]').filter({ hasText: scanName });
    expect(await card.getByRole('switch', { name: ALERT_TEXT.on(scanName) }).getAttribute('aria-checked')).toBe('true');
    expect(await card.innerText()).toContain(ALERT_TEXT.neverFired);
    expect(await bellCount(page).count()).toBe(0);
    await shots(page, 'alerts');
  });

  it('an import of one new bar makes the starred symbol match: the bell counts it and /notifications shows it', async () => {
    // The starred symbol's last bar, read from its watchlist row, and a new one far above every price.
    const lists = (await page.request.get(`${server.url}/api/watchlists/`).then((r) => r.json())) as { id: number }[];
    const rows = (await page.request.get(`${server.url}/api/watchlists/${lists[0].id}/rows/`).then((r) => r.json())) as WatchlistRows;
    const last = rows.rows.find((r) => r.symbol === symbol)!;
    const day = nextWeekday(last.date!);
    const file = join(tmp, `${symbol}.csv`);
    writeFileSync(file, `date,open,high,low,close,volume\n${day},${last.close},123500,${last.close},123456,1000000\n`);
    const out = await cliImport([file]);
    expect(out).toMatch(/\b1 updated, 0 unchanged, 0 rejected\b/);

    // The server reloads the change and runs the alerts within seconds; the bell asks on load and focus.
    await page.goto('/alerts');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: ALERT_TEXT.title, level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
          return (await bellCount(page).count()) ? bellCount(page).innerText() : '0';
        },
        { timeout: 60_000, interval: 1500 },
      )
      .toBe('1');
    const card = page.locator('li[data-alert]').filter({ hasText: scanName });
    expect(await card.innerText()).toContain(ALERT_TEXT.lastFired);

    const bell = page.getByRole('link', { name: NOTIFICATION_TEXT.bell(1) });
    await bell.click();
    await page.waitForURL((u) => u.pathname === '/notifications');
    const item: Locator = page.locator('li[data-notification]');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    const text = await item.innerText();
    expect(text).toContain(symbol);
    expect(text).toContain(`${symbol} now matches the saved query ${scanName}`);
    expect(text).toContain('123456.00');
    expect(text).toContain(NOTIFICATION_TEXT.barOf(day));
    expect(await item.getAttribute('data-unread')).toBe('true');
    expect(await item.getByRole('link', { name: NOTIFICATION_TEXT.openChart(symbol) }).getAttribute('href')).toBe(`/rchart/${symbol}/`);
    await shots(page, 'notifications');

    await page.getByRole('button', { name: NOTIFICATION_TEXT.markAllRead }).click();
    await expect.poll(() => item.getAttribute('data-unread')).toBeNull();
    await bellCount(page).waitFor({ state: 'detached' });

    // A scan alert's "N more symbols" notification links to /scanner?template=ID: the saved query loads.
    await page.goto(`/scanner?template=${scanId}`);
    await page.getByText(SCANNER_TEXT.loaded(scanName)).waitFor();
    expect(await page.locator('li[data-filter-type="price"]').getByLabel('Value', { exact: true }).inputValue()).toBe('100000');
  });
  it('alerts: the switch turns one off for good, a price alert is made with the API\'s words for bad input, then edited', async () => {
    await page.goto('/alerts');
    const card = page.locator('li[data-alert]').filter({ hasText: scanName });
    const toggle = card.getByRole('switch', { name: ALERT_TEXT.on(scanName) });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // A row of the watchlist opens the form for a price alert on its symbol.
    await page.goto('/watchlists');
    await page.getByRole('link', { name: WATCHLIST_TEXT.alertOn(symbol) }).click();
    const form = page.getByRole('form', { name: ALERT_TEXT.createTitle });
    expect(await form.getByRole('radio', { name: ALERT_TEXT.kinds.price }).isChecked()).toBe(true);
    expect(await form.getByLabel(ALERT_TEXT.symbol, { exact: true }).inputValue()).toBe(symbol);
    await form.getByLabel(ALERT_TEXT.level, { exact: true }).fill('0');
    await form.getByLabel(ALERT_TEXT.webhook, { exact: true }).fill('ftp://example.com/hook');
    await form.getByRole('button', { name: ALERT_TEXT.create }).click();
    await form.getByText(ALERT_MESSAGES.levelPositive).waitFor();
    await form.getByText(ALERT_MESSAGES.webhookHttps).waitFor();
    await form.getByLabel(ALERT_TEXT.level, { exact: true }).fill('150');
    await form.getByLabel(ALERT_TEXT.webhook, { exact: true }).fill('');
    const name = `${symbol} above 150`;
    expect(await form.getByLabel(ALERT_TEXT.name, { exact: true }).getAttribute('placeholder')).toBe(name);
    await form.getByRole('button', { name: ALERT_TEXT.create }).click();
    await page.getByText(ALERT_TEXT.created(name)).waitFor();
    const price = page.locator('li[data-alert]').filter({ hasText: name });
    expect(await price.innerText()).toContain(ALERT_TEXT.kinds.price);

    await price.getByRole('button', { name: `${ALERT_TEXT.edit} ${name}` }).click();
    const edit = page.getByRole('form', { name: ALERT_TEXT.editTitle });
    expect(await edit.getByLabel(ALERT_TEXT.level, { exact: true }).inputValue()).toBe('150');
    await edit.getByLabel(ALERT_TEXT.direction, { exact: true }).selectOption('below');
    await edit.getByLabel(ALERT_TEXT.name, { exact: true }).fill('Dip watch');
    await edit.getByRole('button', { name: ALERT_TEXT.save }).click();
    await page.getByText(ALERT_TEXT.saved('Dip watch')).waitFor();
    const alerts = (await page.request.get(`${server.url}/api/alerts/`).then((r) => r.json())) as { name: string; direction: string | null; level: number | null }[];
    expect(alerts.find((a) => a.name === 'Dip watch')).toMatchObject({ direction: 'below', level: 150 });

    // A webhook: Test webhook sends one signed delivery to it, and the card shows the signing secret.
    const dip = page.locator('li[data-alert]').filter({ hasText: 'Dip watch' });
    await dip.getByRole('button', { name: `${ALERT_TEXT.edit} Dip watch` }).click();
    await edit.getByLabel(ALERT_TEXT.webhook, { exact: true }).fill(hookUrl);
    await edit.getByRole('button', { name: ALERT_TEXT.save }).click();
    await page.getByText(ALERT_TEXT.saved('Dip watch')).waitFor();
    await dip.getByRole('button', { name: ALERT_TEXT.testWebhook }).click();
    await page.getByText(ALERT_TEXT.testOk(200)).waitFor();
    await dip.getByText(ALERT_TEXT.secret).click();
    const secret = (await dip.locator('code').innerText()).trim();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].signature).toBe(`sha256=${createHmac('sha256', secret).update(deliveries[0].body).digest('hex')}`);
    expect(JSON.parse(deliveries[0].body)).toMatchObject({ test: true, alert: { name: 'Dip watch', kind: 'price' } });
    await shots(page, 'alerts-webhook');

    // The e-mail's unsubscribe link lands on the web; a forged token gets the API's message.
    await page.goto('/unsubscribe?token=1.forged');
    await page.getByText(NOTIFICATION_MESSAGES.badToken).waitFor();
  });
});
