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
 *  loaded machine, for nothing the files need apart) is paid once. Every test opens its own context
 *  (own cookies and storage); a file's contexts left open are closed when it ends (setup.ts).
 *  Launched again if it went away. */
export async function sharedBrowser(): Promise<Browser> {
  const current = await shared?.catch(() => undefined);
  if (current?.isConnected()) return current;
  shared = launchBrowser();
  return shared;
}

export const baseUrl = () => inject('baseUrl');

/** A fresh context (own cookies and storage) and page at the test server. */
export async function newPage(browser: Browser, opts: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 }, ...opts });
  const page = await context.newPage();
  return { context, page };
}
