import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DATA_DIR_TEMPLATE_ENV, migratedDataDir } from '@app/server/testing';
import { startServer, type RunningServer } from './harness/server.ts';

let server: RunningServer | undefined;
let template: string | undefined;

/** One migrated data directory that every server of the run starts on a copy of, and one real
 *  server (embedded database, small demo market) for every browser test file. */
export async function setup(project: TestProject) {
  template = mkdtempSync(join(tmpdir(), 'e2e-template-'));
  await migratedDataDir(template);
  // the test files' workers inherit the environment, and with it the template
  process.env[DATA_DIR_TEMPLATE_ENV] = template;
  server = await startServer();
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
  if (template) rmSync(template, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
