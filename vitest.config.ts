import { defineConfig } from 'vitest/config';

// One run covers every workspace: unit tests sit next to their code, API tests in apps/server,
// browser journeys in e2e (they start the real server and drive Debian's Chromium).
export default defineConfig({
  test: {
    // Most of a test's time is spent waiting (on PostgreSQL, a server process, the browser): three
    // files at once keep both cores of a small machine busy where one file at a time left them idle.
    maxWorkers: 3,
    projects: [
      // The unit and API test files share their worker's loaded modules (isolate: false): loading the
      // server's modules afresh for every file was a third of the API tests' CPU time. No test
      // mocks a module or changes the environment, and every file opens its own databases and apps
      // (an in-memory one may be a database an earlier test emptied: apps/server/src/test/templateDb.ts).
      // Some quant tests check the engine against a brute-force reference (a plain CSCV walks 12,870
      // splits): a second or two alone, past Vitest's default 5 s beside the whole run on two cores.
      { test: { name: 'quant', include: ['packages/quant/src/**/*.test.ts'], isolate: false, testTimeout: 30_000 } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], isolate: false } },
      { test: { name: 'server', include: ['apps/server/src/**/*.test.ts'], globalSetup: ['apps/server/src/test/globalSetup.ts'], testTimeout: 60_000, hookTimeout: 120_000, isolate: false } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], isolate: false } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          setupFiles: ['e2e/setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // One file at a time (beside the unit and API tests, see scripts/test.mjs): two at a time
          // beside them loaded the machine so that journeys needed their retry, a process test timed
          // out, and in a clean-clone run two journeys failed both tries (docs/testing.md, "Test-suite time").
          // Their shared modules (playwright, the harness) are loaded once.
          fileParallelism: false,
          isolate: false,
          // after the other projects when one Vitest run has them all (`npx vitest run`)
          sequence: { groupOrder: 1 },
          // A browser journey on a loaded 2-core machine can stall once; a real failure fails twice.
          retry: 1,
        },
      },
    ],
  },
});
