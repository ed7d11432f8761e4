// Entry of every engine worker thread. Workers start as plain Node (the pool gives them no execArgv),
// so the TypeScript loader is registered here before the tasks load; tests, the CLI and the server
// all start workers the same way. A warm pool's threads also run small grids before their first task,
// so the first real grid runs compiled code.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Engine work (grids, whole-market runs, chart series) yields the cores to the threads that answer
// requests: the event loop and the embedded database's thread. With every core busy with heavy work,
// a session check or a list would otherwise wait for its share of time behind it. Linux applies a
// priority to one thread when given its id (/proc/thread-self names it); on a quiet machine a lower
// priority costs nothing, and elsewhere (no /proc) the thread keeps the process's priority.
const ENGINE_NICE = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), ENGINE_NICE);
} catch {
  // not Linux, or not allowed: run at the process's priority
}

register();
const { runTask } = await import('./tasks.ts');

// A warm pool's thread compiles the engine's hot code before it takes its first task (warmup.ts).
if (workerData?.warm) {
  const { warmEngine } = await import('./warmup.ts');
  warmEngine();
}

export default runTask;
