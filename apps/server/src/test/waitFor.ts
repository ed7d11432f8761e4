/** Polls `cond` until it holds; fails the test with `what` after `ms`. */
export async function waitFor(what: string, cond: () => Promise<boolean> | boolean, ms = 20_000, every = 50): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A logger that says nothing, for batch workers and queues a test starts. */
export const quietLog = { info() {}, warn() {}, error() {} };

/** Reads a batch run (an optimisation, a universe or rotation run) until it is done, failed or
 *  cancelled, and answers that reading. */
export async function finishedRun<T extends { status: string }>(what: string, read: () => Promise<T>, ms = 60_000): Promise<T> {
  let run!: T;
  await waitFor(what, async () => {
    run = await read();
    return run.status === 'done' || run.status === 'failed' || run.status === 'cancelled';
  }, ms);
  return run;
}
