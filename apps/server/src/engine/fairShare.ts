// Fair share of the engine's threads between users (issue 20). Each user has at most `perUser` heavy
// requests admitted at once (more answer 429 with Retry-After), and of those at most `lanes` run on
// the pool together; `lanes` is below the thread count, so one user can never hold every thread and
// another user's run always finds one free soon. Per process: each API process has its own pool.
import { HttpError } from '../http/errors.ts';

/** Seconds a client is told to wait when refused. */
export const HEAVY_RETRY_AFTER_SECONDS = 2;

export const tooManyHeavy = (max: number) =>
  new HttpError(
    429,
    { detail: `You already have ${max} ${max === 1 ? 'backtest or chart' : 'backtests or charts'} computing; wait for one to finish.` },
    { 'Retry-After': String(HEAVY_RETRY_AFTER_SECONDS) },
  );

interface UserShare {
  admitted: number;
  running: number;
  waiting: Array<() => void>;
}

export class FairShare {
  private readonly users = new Map<number, UserShare>();
  /** how many of one user's admitted requests may run on the pool at once */
  readonly lanes: number;

  constructor(
    readonly perUser: number,
    threads: number,
  ) {
    this.lanes = Math.max(1, Math.min(perUser, threads - 1));
  }

  /** Heavy requests the user has admitted now (running or waiting for their lane). */
  admitted(userId: number): number {
    return this.users.get(userId)?.admitted ?? 0;
  }

  /** Runs `work` for the user once one of their lanes is free; 429 when they already have perUser. */
  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    let u = this.users.get(userId);
    if (!u) this.users.set(userId, (u = { admitted: 0, running: 0, waiting: [] }));
    if (u.admitted >= this.perUser) throw tooManyHeavy(this.perUser);
    u.admitted++;
    try {
      // a lane is handed over directly by the request that frees it (see below), so none is taken twice
      if (u.running < this.lanes) u.running++;
      else await new Promise<void>((resolve) => u.waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = u.waiting.shift();
        if (next) next();
        else u.running--;
      }
    } finally {
      if (--u.admitted === 0) this.users.delete(userId);
    }
  }
}
