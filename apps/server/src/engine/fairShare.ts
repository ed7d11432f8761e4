// Fair share of the engine's threads. Each account AND each client address has at most `perUser`
// heavy requests admitted at once (more answer 429 with Retry-After), and of those at most `lanes`
// run on the pool together. Counting the address as well as the account is what stops five accounts
// opened from one address from taking five shares: they all draw on the one share of their address,
// while an account signed in from several addresses still has only its own. `lanes` is below the
// thread count, so neither one account nor one address can hold every thread, and a request from
// anyone else always finds one free soon. The address is the one the rate limits see (req.ip:
// TRUST_PROXY decides whether X-Forwarded-For counts). Per process: each API process has its own pool.
import { HttpError } from '../http/errors.ts';

/** Seconds a client is told to wait when refused. */
export const HEAVY_RETRY_AFTER_SECONDS = 2;

const plural = (max: number) => `${max} ${max === 1 ? 'backtest or chart' : 'backtests or charts'}`;

export const tooManyHeavy = (max: number) =>
  new HttpError(429, { detail: `You already have ${plural(max)} computing; wait for one to finish.` }, { 'Retry-After': String(HEAVY_RETRY_AFTER_SECONDS) });

/** The same refusal when the share that is full is the address's (other accounts behind it). */
export const tooManyHeavyFromAddress = (max: number) =>
  new HttpError(429, { detail: `Your network address already has ${plural(max)} computing; wait for one to finish.` }, { 'Retry-After': String(HEAVY_RETRY_AFTER_SECONDS) });

/** Who a heavy request counts against. */
export interface HeavyOwner {
  userId: number;
  address: string;
}

interface Share {
  admitted: number;
  running: number;
}

interface Waiter {
  keys: string[];
  start(): void;
}

export class FairShare {
  private readonly shares = new Map<string, Share>();
  /** admitted requests waiting for a lane, oldest first */
  private readonly waiting: Waiter[] = [];
  /** how many of one account's (one address's) admitted requests may run on the pool at once */
  readonly lanes: number;

  constructor(
    readonly perUser: number,
    threads: number,
  ) {
    this.lanes = Math.max(1, Math.min(perUser, threads - 1));
  }

  /** Heavy requests the account has admitted now (running or waiting for their lane). */
  admitted(userId: number): number {
    return this.shares.get(userKey(userId))?.admitted ?? 0;
  }

  /** Heavy requests admitted now for the client address, whichever accounts sent them. */
  admittedFrom(address: string): number {
    return this.shares.get(addressKey(address))?.admitted ?? 0;
  }

  /** Runs `work` once a lane of the account and of its address is free; 429 when either already has
   *  perUser admitted. */
  async run<T>(owner: HeavyOwner, work: () => Promise<T>): Promise<T> {
    const keys = [userKey(owner.userId), addressKey(owner.address)];
    if (this.share(keys[0]).admitted >= this.perUser) throw tooManyHeavy(this.perUser);
    if (this.share(keys[1]).admitted >= this.perUser) throw tooManyHeavyFromAddress(this.perUser);
    for (const k of keys) this.share(k).admitted++;
    try {
      // oldest first: a request waiting for its lanes is never overtaken by a later one that needs them
      if (!this.waiting.some((w) => w.keys.some((k) => keys.includes(k))) && this.free(keys)) this.take(keys);
      else await new Promise<void>((start) => this.waiting.push({ keys, start }));
      try {
        return await work();
      } finally {
        for (const k of keys) this.shares.get(k)!.running--;
        this.startWaiting();
      }
    } finally {
      for (const k of keys) {
        const s = this.shares.get(k)!;
        if (--s.admitted === 0) this.shares.delete(k);
      }
    }
  }

  private share(key: string): Share {
    let s = this.shares.get(key);
    if (!s) this.shares.set(key, (s = { admitted: 0, running: 0 }));
    return s;
  }

  private free(keys: string[]): boolean {
    return keys.every((k) => (this.shares.get(k)?.running ?? 0) < this.lanes);
  }

  private take(keys: string[]) {
    for (const k of keys) this.share(k).running++;
  }

  /** Starts the waiting requests whose lanes are now free, oldest first; a request behind one of the
   *  same account or address that must still wait waits too (first come, first served per key). */
  private startWaiting() {
    const blocked = new Set<string>();
    for (let i = 0; i < this.waiting.length; ) {
      const w = this.waiting[i];
      if (!w.keys.some((k) => blocked.has(k)) && this.free(w.keys)) {
        this.waiting.splice(i, 1);
        this.take(w.keys);
        w.start();
      } else {
        for (const k of w.keys) blocked.add(k);
        i++;
      }
    }
  }
}

const userKey = (id: number) => `user:${id}`;
const addressKey = (address: string) => `address:${address}`;
