import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

// Screenshots for a look by eye. They assert nothing and took half a minute of every run (about 140
// full-page PNGs), so a run takes them only when SCREENSHOT_DIR says where to put them, e.g.
// `SCREENSHOT_DIR=/tmp/shots npm test -- --project e2e`.

/** The folder for one test file's screenshots (made when needed), or null when they are off. */
export function screenshotDir(name: string): string | null {
  const root = process.env.SCREENSHOT_DIR;
  if (!root) return null;
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Saves the page as `dir`/`file`.png (the whole page unless fullPage is false) when screenshots are on. */
export async function shotInto(dir: string | null, page: Page, file: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (dir) await page.screenshot({ path: join(dir, `${file}.png`), fullPage: opts.fullPage ?? true });
}
