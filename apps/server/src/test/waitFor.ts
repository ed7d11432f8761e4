/** Polls `cond` until it holds; fails the test with `what` after `ms`. */
export async function waitFor(what: string, cond: () => Promise<boolean> | boolean, ms = 20_000, every = 50): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
