import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './harness/server.ts';

let server: RunningServer | undefined;

/** One real server (embedded database, small demo market) for every browser test file. */
export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
