// The engine's worker threads: every backtest, chart series and optimisation cell of a request runs
// here, never on the event loop that answers everyone else. One pool per process, sized to the
// cores, with a bounded queue: when it is full the caller is told at once (the API answers 503 with
// Retry-After) instead of waiting without end.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

export interface EnginePoolOptions {
  /** worker threads; default: the cores */
  threads?: number;
  /** tasks waiting for a thread before new ones are refused; default: 16 per thread */
  maxQueue?: number;
  /** start every thread now and warm its compiled code on small grids (a server, a CLI timing its
   *  grid) rather than on first use (tests); default true */
  warm?: boolean;
}

/** The queue is full: try again shortly. */
export class EngineBusyError extends Error {
  override name = 'EngineBusyError';
  constructor(readonly retryAfterSeconds = 2) {
    super('The engine is busy; try again in a few seconds.');
  }
}

export class EnginePool {
  private readonly piscina: Piscina;

  constructor(opts: EnginePoolOptions = {}) {
    const threads = Math.max(1, opts.threads ?? availableParallelism());
    this.piscina = new Piscina({
      filename: new URL('./worker.mjs', import.meta.url).href,
      minThreads: opts.warm === false ? 0 : threads,
      maxThreads: threads,
      // at least 1: with piscina's 0 (no queue) a pool refuses every task after its first refusal
      maxQueue: Math.max(1, opts.maxQueue ?? threads * 16),
      // workers register the TypeScript loader themselves (worker.mjs): inherit no loader flags
      execArgv: [],
      workerData: { warm: opts.warm !== false },
      // A small young generation: the engine's per-cell series are recycled, so little is short-lived,
      // and V8's default (tens of MB per thread) was memory the server kept and never used; the grids
      // ran no slower with 8 MB in the benchmarks.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
      idleTimeout: 60_000,
    });
  }

  get threads(): number {
    return this.piscina.maxThreads;
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.piscina.queueSize;
  }

  /** Runs one task on a worker thread; rejects with EngineBusyError when the queue is full. A grid
   *  request for no cells (a caller warming the engine before it times a grid) first waits until
   *  every thread is up and warm, so the timed grid's chunks find none still starting. */
  async run<K extends TaskName>(name: K, input: TaskInput<K>, opts: { signal?: AbortSignal } = {}): Promise<TaskOutput<K>> {
    if (name === 'optimizeCells') {
      const cells = input as TaskInput<'optimizeCells'>;
      if (cells.to <= cells.from) await this.everyThreadWarm();
    }
    try {
      return await this.piscina.run({ name, input }, { signal: opts.signal ?? null });
    } catch (e) {
      if (e instanceof Error && e.message === 'Task queue is at limit') throw new EngineBusyError();
      throw e;
    }
  }

  /** One `meet` task per thread: each waits (briefly) for all the others, so they land on distinct
   *  threads, and each warms its thread first. */
  private async everyThreadWarm(): Promise<void> {
    const arrived = new Int32Array(new SharedArrayBuffer(4));
    const threads = this.threads;
    await Promise.all(Array.from({ length: threads }, () => this.piscina.run({ name: 'meet', input: { arrived, threads } })));
  }

  async close(): Promise<void> {
    await this.piscina.close();
  }
}
