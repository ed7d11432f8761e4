import { afterAll } from 'vitest';
import { sharedBrowser } from './harness/browser.ts';

// Each browser test file leaves the run's shared Chromium as it found it: contexts a failed test
// could not close (with their pages, which would go on polling the server) are closed at its end,
// which for a context newPage can hand on means wiped and kept as a spare (harness/browser.ts).
afterAll(async () => {
  const browser = await sharedBrowser();
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => {})));
});
