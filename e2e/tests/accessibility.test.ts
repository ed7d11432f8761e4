import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buildScanQuery, defaultFilterRow, type Candle, type ScanPage, type StarterSymbol, type TemplateDetail } from '@app/contract';
import { sharedBrowser, newPage } from '../harness/browser.ts';
import { get, post } from '../harness/api.ts';
import { logInViaApi, signUpViaApi, uniqueEmail } from '../harness/account.ts';
import { axeViolations, describeFinding, type A11yFinding } from '../harness/axe.ts';
import { TEMPLATE_TEXT } from '../../apps/web/src/features/templates/texts.ts';
import { ALERT_TEXT } from '../../apps/web/src/features/alerts/texts.ts';
import { CHART_TEXT } from '../../apps/web/src/features/charts/texts.ts';
import { WATCHLIST_TEXT } from '../../apps/web/src/features/watchlists/texts.ts';
import { SCANNER_TEXT } from '../../apps/web/src/features/scanner/texts.ts';
import { PERIOD_TEXT } from '../../apps/web/src/features/periods/texts.ts';

// The app keeps WCAG 2.1 levels A and AA. axe-core's rules for them run over every route of the app
// (apps/web/src/app/router.tsx), signed out and signed in, at 1280 px (light scheme) and 390 px (dark
// scheme), and inside the open dialogs; any violation fails and is named by its rule, the page and the
// element. The dialogs keep the keyboard inside them and hand it back to their opener; every
// focusable control shows a focus ring.

const DESKTOP = { viewport: { width: 1280, height: 900 }, colorScheme: 'light' as const };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' as const };
const WIDTHS = [
  { name: '1280 px', opts: DESKTOP },
  { name: '390 px', opts: PHONE },
];
const BLOG_SLUG = 'position-sizing-with-r-multiples';
const ALERT_NAME = 'Level check';

/** What the signed-in pages show: a template with rows, a period, finished runs, an alert, a watchlist. */
interface Fixture {
  email: string;
  symbol: string;
  templateId: number;
  periodId: number;
  optimizationId: number;
  universeRunId: number;
  portfolioRunId: number;
  rotationRunId: number;
}

/** A screen to check: its address, the route pattern of router.tsx it stands for, and what shows it is
 *  ready (besides its h1 and no "Loading"). */
interface Screen {
  route: string;
  path: (f: Fixture) => string;
  ready?: (page: Page) => Promise<unknown>;
  /** Only for a signed-in user (the route sends a visitor to /login). */
  guarded?: boolean;
}

const canvas = (page: Page) => page.locator('main canvas').first().waitFor();
const SCREENS: Screen[] = [
  { route: '/', path: () => '/' },
  { route: 'templates', path: (f) => `/templates?template=${f.templateId}`, guarded: true, ready: (p) => p.getByTestId('indicator-row').first().waitFor() },
  { route: 'stockperiod', path: () => '/stockperiod', guarded: true, ready: (p) => p.getByTestId('period-row').first().waitFor() },
  { route: 'studies', path: (f) => `/studies?template_id=${f.templateId}&period_id=${f.periodId}&run=1`, guarded: true, ready: (p) => p.getByTestId('equity-chart').locator('canvas').first().waitFor() },
  { route: 'optimize', path: (f) => `/optimize?run=${f.optimizationId}`, guarded: true, ready: (p) => p.getByTestId('luck-panel').waitFor() },
  { route: 'many/universe/:runId?', path: (f) => `/many/universe/${f.universeRunId}`, guarded: true, ready: (p) => p.getByTestId('rows-range').waitFor() },
  { route: 'many/portfolio/:runId?', path: (f) => `/many/portfolio/${f.portfolioRunId}`, guarded: true, ready: (p) => p.getByTestId('exposure').waitFor() },
  { route: 'rotation/:runId?', path: (f) => `/rotation/${f.rotationRunId}`, guarded: true, ready: (p) => p.getByTestId('holdings-table').waitFor() },
  { route: 'profile', path: () => '/profile', guarded: true },
  { route: 'login', path: () => '/login' },
  { route: 'signup', path: () => '/signup' },
  { route: 'forgot-password', path: () => '/forgot-password' },
  { route: 'password-reset-confirm/:uidb64/:token', path: () => '/password-reset-confirm/MQ/not-a-real-token' },
  { route: 'oauth/callback', path: () => '/oauth/callback?error=access_denied' },
  { route: 'scanner', path: () => '/scanner' },
  { route: 'chart/:symbol/:frequencyID?', path: (f) => `/chart/${f.symbol}`, ready: canvas },
  { route: 'dchart/:symbol', path: (f) => `/dchart/${f.symbol}/`, ready: canvas },
  { route: 'rchart/:symbol', path: (f) => `/rchart/${f.symbol}/`, guarded: true, ready: (p) => p.getByTestId('legend-ohlc').waitFor() },
  { route: 'mchart/:symbol', path: (f) => `/mchart/${f.symbol}/`, guarded: true, ready: canvas },
  { route: 'rrc/*', path: () => '/rrc' },
  { route: 'watchlists', path: () => '/watchlists', guarded: true, ready: (p) => p.locator('main table tbody tr').first().waitFor() },
  { route: 'alerts', path: () => '/alerts', guarded: true, ready: (p) => p.getByRole('button', { name: ALERT_TEXT.edit }).first().waitFor() },
  { route: 'notifications', path: () => '/notifications', guarded: true },
  { route: 'unsubscribe', path: () => '/unsubscribe?token=not-a-real-token' },
  { route: 'market-data', path: () => '/market-data' },
  { route: 'help/overfitting', path: () => '/help/overfitting' },
  { route: 'blog', path: () => '/blog', ready: (p) => p.getByTestId('post-card').first().waitFor() },
  { route: 'blog/:slug', path: () => `/blog/${BLOG_SLUG}`, ready: (p) => p.getByTestId('post-content').waitFor() },
];
/** The screens a new user sees before saving anything: empty lists, and forms that say what to make first. */
const EMPTY_SCREENS: Screen[] = ['/templates', '/stockperiod', '/studies', '/optimize', '/many/universe', '/many/portfolio', '/rotation', '/watchlists', '/alerts', '/notifications'].map((path) => ({
  route: path.slice(1),
  path: () => path,
}));
/** Routes with no screen of their own. */
const NOT_SCREENS = new Set(['*']); // any unknown address: sent to / (checked above)

/** Waits until the page shows its heading and nothing is still loading. */
async function settled(page: Page, screen?: Screen) {
  await page.locator('main h1').first().waitFor();
  await screen?.ready?.(page);
  await page.waitForFunction(() => ![...document.querySelectorAll('[role=status]')].some((s) => /^Loading|…$/.test(s.textContent?.trim() ?? '')), undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => {});
}

/** Tabbable controls on the page that show neither an outline nor a ring when focused from the keyboard. */
async function withoutFocusRing(page: Page, scope = 'body'): Promise<string[]> {
  await page.keyboard.press('Shift'); // what follows is keyboard focus (:focus-visible)
  return page.evaluate((scope) => {
    const root = document.querySelector(scope)!;
    const was = document.activeElement as HTMLElement | null;
    const tabbable = [...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')].filter(
      (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.checkVisibility({ visibilityProperty: true }) && !el.closest('[inert]'),
    );
    const bare: string[] = [];
    const look = (el: HTMLElement) => {
      const s = getComputedStyle(el);
      return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}|${s.boxShadow}`;
    };
    for (const el of tabbable.slice(0, 80)) {
      const before = look(el);
      el.focus();
      const visible = el.matches(':focus-visible');
      const after = look(el);
      const s = getComputedStyle(el);
      const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && after !== before);
      if (!visible || !ring) bare.push(el.outerHTML.slice(0, 120));
      el.blur();
    }
    was?.focus();
    return bare;
  }, scope);
}

/** Charts (a canvas) with no words for a screen reader: each must sit in a box of role "img" whose
 *  aria-describedby names a text that says its series' last values. */
async function chartsWithoutText(page: Page): Promise<string[]> {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('main canvas')].flatMap((canvas) => {
      const box = canvas.closest('[role=img]');
      const described = box?.getAttribute('aria-describedby');
      const text = described ? document.getElementById(described)?.textContent ?? '' : '';
      const testid = canvas.closest('[data-testid]')?.getAttribute('data-testid') ?? 'canvas';
      return /^Last values, \d{4}-\d\d-\d\d: .+\d/.test(text) ? [] : [`${testid}: "${text}"`];
    }),
  );
  return [...new Set(found)]; // a chart draws on several canvases
}

describe('accessibility: WCAG 2.1 A/AA (axe-core) on every screen and dialog', () => {
  let browser: Browser;
  let fixture: Fixture;
  const sessions = new Map<string, { page: Page; context: BrowserContext }>();

  beforeAll(async () => {
    browser = await sharedBrowser();
    // One user and their data, made through the API in a context of its own: the checks start signed out.
    const { page, context } = await newPage(browser);
    const email = uniqueEmail('a11y');
    await signUpViaApi(page, email);
    await logInViaApi(page, email);
    const template = (await (await post(page, '/api/starters/rsi-reversion/copy/')).json()) as TemplateDetail;
    const symbol = (await get<StarterSymbol>(page, '/api/starters/symbol/')).symbol!;
    const candles = await get<Candle[]>(page, `/api/charts/dhistory/?symbol=${symbol}&resolution=D&from=0&to=${Math.floor(Date.now() / 1000)}`);
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const [start, end] = [day(candles[candles.length - 500].time), day(candles[candles.length - 1].time)];
    const period = (await (await post(page, '/api/periods/', { stock_ticker: symbol, start_date: start, end_date: end })).json()) as { id: number };
    const anyPrice = { ...defaultFilterRow('price'), value1: 0 };
    const scan = (await get<ScanPage>(page, `/api/scanner/stocks/?${buildScanQuery([anyPrice], { ordering: '-volume' })}`)).results.slice(0, 4).map((r) => r.symbol);
    const universe = [...new Set([symbol, ...scan])].slice(0, 4);
    const runBody = { template_id: template.id, universe: { kind: 'symbols', symbols: universe }, start_date: start, end_date: end };
    const watchlist = await post(page, '/api/watchlists/', { name: 'Checked', symbols: universe });
    expect(watchlist.status()).toBe(201);
    const alert = await post(page, '/api/alerts/', { kind: 'price', name: ALERT_NAME, symbol, direction: 'above', level: 1e6 });
    expect(alert.status(), await alert.text()).toBe(201);
    /** Starts a run and waits until it is done (a user's runs go one at a time). */
    const finished = async (url: string, body: object) => {
      const started = await post(page, url, body);
      expect(started.status(), await started.text()).toBe(202);
      const { id } = (await started.json()) as { id: number };
      const deadline = Date.now() + 90_000;
      for (;;) {
        const { status } = await get<{ status: string }>(page, `${url}${id}/`);
        if (status === 'done') return id;
        if (status === 'failed' || status === 'cancelled' || Date.now() > deadline) throw new Error(`${url}${id}/ ended ${status}`);
        await new Promise((r) => setTimeout(r, 300));
      }
    };
    const optimizationId = await finished('/api/optimizations/', {
      template_id: template.id,
      period_id: period.id,
      maximize: 'Return [%]',
      params: [
        { row: 0, field: 'period', values: [10, 14, 18] },
        { row: 0, field: 'cvalue', values: ['25', '30', '35'] },
      ],
    });
    const universeRunId = await finished('/api/universe_runs/', runBody);
    const portfolioRunId = await finished('/api/portfolio_runs/', runBody);
    const rotationRunId = await finished('/api/rotation_runs/', {
      universe: { kind: 'symbols', symbols: universe }, start_date: start, end_date: end, rebalance: 'monthly', top: 2, score: { kind: 'momentum', period: 20 }, floors: null,
    });
    fixture = { email, symbol, templateId: template.id, periodId: period.id, optimizationId, universeRunId, portfolioRunId, rotationRunId };
    await context.close();
    // one context per width, signed out at first
    for (const w of WIDTHS) {
      const session = await newPage(browser, w.opts);
      session.page.on('pageerror', (e) => console.error(`page error (${w.name}):`, e.message));
      sessions.set(w.name, session);
    }
  });
  afterAll(async () => {
    for (const s of sessions.values()) await s.context.close();
  });

  it('checks every route of the router (a new route gets a screen here)', () => {
    const router = readFileSync(new URL('../../apps/web/src/app/router.tsx', import.meta.url), 'utf8');
    const routes = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((r) => r !== '/');
    expect(routes.length).toBeGreaterThan(20);
    expect(SCREENS.map((s) => s.route).filter((r) => r !== '/').sort()).toEqual(routes.filter((r) => !NOT_SCREENS.has(r)).sort());
  });

  /** The page as it is now, named `where` in what it finds (a test collects them all, so one run names every one). */
  const check = (page: Page, where: string) => axeViolations(page, where);

  /** Opens each screen in turn and collects what fails: axe's findings, controls without a focus
   *  ring, charts without words. Empty lists when all is well. */
  async function checkScreens(page: Page, screens: Screen[], who: string) {
    const problems = { axe: [] as string[], withoutFocusRing: [] as string[], chartsWithoutText: [] as string[] };
    for (const screen of screens) {
      const path = screen.path(fixture);
      await page.goto(path);
      await settled(page, screen);
      problems.axe.push(...(await check(page, `${path} (${who})`)).map(describeFinding));
      problems.withoutFocusRing.push(...(await withoutFocusRing(page)).map((el) => `${path}: ${el}`));
      problems.chartsWithoutText.push(...(await chartsWithoutText(page)).map((c) => `${path}: ${c}`));
    }
    return problems;
  }
  const NONE = { axe: [], withoutFocusRing: [], chartsWithoutText: [] };

  for (const w of WIDTHS) {
    it(`signed out at ${w.name}: every open screen, and the guarded ones send to /login`, async () => {
      const { page } = sessions.get(w.name)!;
      const problems = await checkScreens(page, SCREENS.filter((s) => !s.guarded), `signed out, ${w.name}`);
      await page.goto('/templates');
      await page.waitForURL((u) => u.pathname === '/login');
      expect(problems).toEqual(NONE);
    }, 300_000);

    it(`signed in with nothing saved yet at ${w.name}: the empty screens and forms`, async () => {
      const { page } = sessions.get(w.name)!;
      const email = uniqueEmail('a11y-new');
      await signUpViaApi(page, email);
      await logInViaApi(page, email);
      expect(await checkScreens(page, EMPTY_SCREENS, `a new user, ${w.name}`)).toEqual(NONE);
    }, 300_000);

    it(`signed in at ${w.name}: every screen`, async () => {
      const { page } = sessions.get(w.name)!;
      await logInViaApi(page, fixture.email);
      expect(await checkScreens(page, SCREENS, `signed in, ${w.name}`)).toEqual(NONE);
    }, 300_000);

    if (w.opts === DESKTOP)
      it('a chart’s text alternative says the last value of each series it draws, and changes with them', async () => {
        const { page } = sessions.get(w.name)!;
        await logInViaApi(page, fixture.email);
        await page.goto(`/rchart/${fixture.symbol}/?debug=1`);
        await page.waitForFunction(() => (window.__chartDebug?.series['rsi-1']?.data().length ?? 0) > 0);
        const last = await page.evaluate(() => {
          const at = (key: string) => window.__chartDebug!.series[key].data().at(-1) as { close?: number; value?: number };
          return { close: at('price').close!, rsi: at('rsi-1').value! };
        });
        const text = page.getByTestId('chart-text');
        expect(await text.getAttribute('aria-live')).toBe('polite');
        expect(await page.getByRole('img', { name: `${fixture.symbol} chart` }).getAttribute('aria-describedby')).toBe(await text.getAttribute('id'));
        await page.waitForFunction(() => document.querySelector('[data-testid=chart-text]')?.textContent?.includes('RSI'));
        const said = (await text.textContent())!;
        expect(said).toContain(`${fixture.symbol} open `);
        expect(said).toContain(`close ${last.close.toFixed(2)}`);
        expect(said).toContain(`RSI 14 ${last.rsi.toFixed(2)}`);
      });

    it(`signed in at ${w.name}: inside every dialog, which keeps the keyboard in and hands it back`, async () => {
      const { page } = sessions.get(w.name)!;
      await logInViaApi(page, fixture.email);
      const found: A11yFinding[] = [];
      /** Opens a dialog from `opener`, checks it, walks Tab and Shift+Tab round it, closes it with Escape. */
      const dialog = async (where: string, opener: Locator, returnTo = opener) => {
        await opener.click();
        const open = page.locator('dialog[open]');
        await open.waitFor();
        await page.waitForLoadState('networkidle').catch(() => {});
        await expectFocusTrapped(page, where);
        found.push(...(await check(page, `${where} (${w.name})`)));
        expect(await withoutFocusRing(page, 'dialog[open]'), `${where}: controls without a focus ring`).toEqual([]);
        await page.keyboard.press('Escape');
        await open.waitFor({ state: 'detached' }).catch(() => open.waitFor({ state: 'hidden' }));
        expect(await returnTo.evaluate((el) => el === document.activeElement), `${where}: focus back on its opener`).toBe(true);
      };

      await page.goto(`/templates?template=${fixture.templateId}`);
      await settled(page, SCREENS[1]);
      await dialog('the template row dialog', page.getByRole('button', { name: `+ ${TEMPLATE_TEXT.addIndicator}` }));
      await dialog('the delete template dialog', page.getByRole('button', { name: TEMPLATE_TEXT.delete, exact: true }).first());

      await page.goto('/alerts');
      await page.getByRole('button', { name: ALERT_TEXT.edit }).first().waitFor();
      await dialog('the new alert dialog', page.getByRole('button', { name: ALERT_TEXT.newAlert }));
      await dialog('the edit alert dialog', page.getByRole('button', { name: `${ALERT_TEXT.edit} ${ALERT_NAME}` }));
      await dialog('the delete alert dialog', page.getByRole('button', { name: `${ALERT_TEXT.delete} ${ALERT_NAME}` }));

      await page.goto(`/rchart/${fixture.symbol}/`);
      await page.getByTestId('legend-ohlc').waitFor();
      await dialog('the chart settings dialog', page.getByRole('button', { name: CHART_TEXT.settingsTitle }));

      await page.goto('/watchlists');
      await page.locator('main table tbody tr').first().waitFor();
      await dialog('the new watchlist dialog', page.getByRole('button', { name: WATCHLIST_TEXT.newList }));
      await dialog('the rename watchlist dialog', page.getByRole('button', { name: WATCHLIST_TEXT.rename }));
      await dialog('the import dialog', page.getByRole('button', { name: WATCHLIST_TEXT.import }));
      await dialog('the delete watchlist dialog', page.getByRole('button', { name: WATCHLIST_TEXT.delete, exact: true }));

      await page.goto('/scanner');
      await settled(page);
      // opened from the query menu, which closes: focus goes back to the menu's button
      const queries = page.getByRole('button', { name: SCANNER_TEXT.queries });
      await queries.click();
      await dialog('the save query dialog', page.getByRole('button', { name: SCANNER_TEXT.saveQuery }), queries);

      // The period form opens in place (no dialog): editing a period, with the symbol suggestions open.
      await page.goto('/stockperiod');
      await settled(page, SCREENS[2]);
      await page.getByRole('button', { name: new RegExp(`^${PERIOD_TEXT.edit} `) }).first().click();
      const ticker = page.getByRole('combobox', { name: PERIOD_TEXT.ticker });
      await ticker.fill(fixture.symbol.slice(0, 1));
      await page.getByRole('listbox').waitFor();
      found.push(...(await check(page, `the period form, editing, with suggestions (${w.name})`)));

      expect(found.map(describeFinding)).toEqual([]);
    }, 300_000);
  }
});

/** Tab from the dialog's last control wraps to its first, Shift+Tab from the first to the last: the
 *  keyboard never leaves an open dialog for the page behind it or the browser's own controls. Walks
 *  once round each way; every focus move is logged in the page and read at the end. */
async function expectFocusTrapped(page: Page, where: string) {
  const count = await page.evaluate(() => {
    const w = window as unknown as { focusLog?: string[] };
    if (!w.focusLog) {
      const name = (el: EventTarget | null) => (el instanceof Element ? (el.closest('dialog[open]') ? 'in' : `out: ${el.outerHTML.slice(0, 80)}`) : 'out: nothing');
      document.addEventListener('focusin', (e) => w.focusLog!.push(name(e.target)), true);
      // focus leaving the page (for the browser's toolbar) moves to nothing
      document.addEventListener('focusout', (e) => e.relatedTarget === null && w.focusLog!.push('out: left the page'), true);
    }
    w.focusLog = [document.activeElement?.closest('dialog[open]') ? 'in' : 'out: focus not moved into the dialog'];
    return document.querySelectorAll('dialog[open] :is(a[href], button, input, select, textarea)').length;
  });
  for (let i = 0; i <= count; i++) await page.keyboard.press('Tab');
  for (let i = 0; i <= count; i++) await page.keyboard.press('Shift+Tab');
  const log = await page.evaluate(() => (window as unknown as { focusLog: string[] }).focusLog);
  expect(log.filter((l) => l !== 'in'), `${where}: focus stays in the dialog (${log.length} moves)`).toEqual([]);
  expect(log.length, `${where}: Tab moves the focus`).toBeGreaterThan(count);
}
