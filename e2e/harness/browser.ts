import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

let shared: Promise<Browser> | undefined;

/** The run's one Chromium, launched at the first call: the browser files run one after another in
 *  one worker that keeps its modules (vitest.config.ts), so a launch per file (a second or two on a
 *  loaded machine, for nothing the files need apart) is paid once. Every test gets a context with
 *  no cookies and no storage of its own (newPage); a file's contexts left open are closed when it
 *  ends (setup.ts). Launched again if it went away. */
export async function sharedBrowser(): Promise<Browser> {
  const current = await shared?.catch(() => undefined);
  if (current?.isConnected()) return current;
  shared = launchBrowser();
  return shared;
}

export const baseUrl = () => inject('baseUrl');

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

// A new context costs Chromium a new renderer process and the app's scripts fetched and compiled
// again: 0.7 to 0.9 CPU-seconds a test on this 2-core machine, for nothing the test needs. So a
// context a test closes is wiped (its pages closed, its cookies, storage and permissions cleared)
// and handed to the next test that asks for the same options: the next test starts signed out with
// empty storage, as on a new context, with the app's scripts in the cache. A context a test changed
// in a way that cannot be wiped (an init script, a route, a listener, headers, offline) is closed
// for real, as is one on a server of the test's own.
const LASTING_CHANGES = ['addInitScript', 'exposeBinding', 'exposeFunction', 'route', 'routeFromHAR', 'routeWebSocket', 'on', 'once', 'addListener', 'prependListener', 'setExtraHTTPHeaders', 'setGeolocation', 'setHTTPCredentials', 'setOffline'] as const;

/** A wiped context waiting for the next test with its options; `take` hands it out. */
interface Spare {
  context: BrowserContext;
  take(): void;
}
const spares = new Map<string, Spare[]>();

/** Makes `context.close()` wipe the context and keep it among the spares for `key`, unless the test
 *  changed it lastingly or the wipe fails (then it is closed). Closing a spare does nothing: setup.ts
 *  closes every context at a file's end, and the spares are kept for the next file. */
function reuseOnClose(context: BrowserContext, key: string): void {
  let changed = false;
  let isSpare = false;
  const target = context as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of LASTING_CHANGES) {
    const original = target[name];
    target[name] = (...args: unknown[]) => {
      changed = true;
      return original.apply(context, args);
    };
  }
  const closeForReal = context.close.bind(context);
  context.close = async () => {
    if (isSpare) return;
    if (changed || !context.browser()?.isConnected()) return closeForReal();
    try {
      await wipe(context);
    } catch {
      return closeForReal();
    }
    isSpare = true;
    spares.set(key, [...(spares.get(key) ?? []), { context, take: () => (isSpare = false) }]);
  };
}

/** Leaves `context` as a new one would be: no pages, no cookies, no site storage, no permissions. */
async function wipe(context: BrowserContext): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  // the browser side of the context's storage (local and session storage, IndexedDB, caches,
  // service workers, cookies) for the app's origin, whatever its pages did
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl()).origin, storageTypes: 'all' });
  await cdp.detach();
  await Promise.all(context.pages().map((p) => p.close()));
  await context.clearCookies();
  await context.clearPermissions();
}

/** A page in a context with no cookies and no storage (a new one, or a wiped one made with the same
 *  options), at the test server. */
export async function newPage(browser: Browser, opts: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const reusable = opts.baseURL === undefined || opts.baseURL === baseUrl();
  const key = JSON.stringify(opts);
  // a spare of a browser that went away is dropped with it
  const spare = reusable ? spares.get(key)?.pop() : undefined;
  let context = spare?.context.browser() === browser ? spare.context : undefined;
  if (context) spare!.take();
  else {
    context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 }, ...opts });
    if (reusable) reuseOnClose(context, key);
  }
  const page = await context.newPage();
  return { context, page };
}
