import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

// The API as a test calls it beside the screens (to make a template, a period, a run), with the
// signed-in page's cookies.

/** A POST with the app's own origin, as its pages send it (the server refuses a cross-site write). */
export const post = (page: Page, url: string, data: object = {}) => page.request.post(url, { data, headers: { origin: baseUrl() } });

/** A GET's JSON answer. */
export const get = async <R>(page: Page, url: string) => (await (await page.request.get(url)).json()) as R;
