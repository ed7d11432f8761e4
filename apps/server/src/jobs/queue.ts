import PgBoss from 'pg-boss';
import type { Db } from '../db/index.ts';
import { bulkLane } from '../db/bulkLane.ts';

// The job queue every background job goes through: the daily market update, the follow-ups of a
// market data update, and the chunks of batch runs. Jobs are rows in PostgreSQL (pg-boss, schema
// `pgboss`), so a job sent by one process is taken by a worker of any process, survives restarts,
// and is retried when its worker fails. pg-boss runs on the embedded PGlite database too, through
// the same Db (docs/benchmarks.md, "Job queue": what was measured), so one process on PGlite runs the same code.

export interface JobOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job still running after this long is failed (and retried while retries remain). */
  expireInSeconds?: number;
  startAfterSeconds?: number;
  /** Send inside this transaction: the job exists exactly when the transaction commits. */
  tx?: Db;
}

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** 0 on the first try, then 1, 2… */
  retryCount: number;
}

export interface QueueDefinition extends Omit<JobOptions, 'tx' | 'startAfterSeconds'> {
  name: string;
  /** Workers of this queue in this process (jobs at once); 0 = this process only sends. */
  concurrency: number;
  /** How often an idle worker looks for work (seconds, ≥ 0.5). */
  pollSeconds?: number;
}

export interface QueueStats {
  queued: number;
  active: number;
}

export interface JobQueue {
  readonly library: 'pg-boss';
  /** Creates the queue if it does not exist yet and starts this process's workers for it. */
  define<T>(def: QueueDefinition, handler: (job: QueuedJob<T>) => Promise<unknown>): Promise<void>;
  send<T extends object>(name: string, data: T, opts?: JobOptions): Promise<string>;
  sendMany<T extends object>(name: string, data: T[], opts?: JobOptions): Promise<void>;
  /** Wakes up to `count` idle workers of this process for a queue (after a transaction that sent
   *  jobs committed; send and sendMany without a transaction do it themselves). */
  nudge(name: string, count?: number): void;
  /** Jobs of a queue that a worker (of any process) took more than `seconds` ago and has not
   *  finished: whether their workers still run them, the queue cannot tell. */
  takenBefore<T>(name: string, seconds: number, tx?: Db): Promise<Array<{ id: string; data: T }>>;
  /** Gives jobs up: not run again, and a worker still holding one finishes it in vain. */
  cancel(name: string, ids: string[], tx?: Db): Promise<void>;
  /** Jobs waiting and running, per queue defined in this process (all processes' jobs). */
  stats(): Promise<Record<string, QueueStats>>;
  /** Workers of this process, per queue. */
  readonly workers: Record<string, number>;
  /** Stops taking new jobs; running handlers go on. */
  stopWorkers(): Promise<void>;
  /** Stops the queue; handlers still running after timeoutMs have their jobs failed (and so retried). */
  stop(timeoutMs?: number): Promise<void>;
}

/** pg-boss talks to the database through our Db: one pool per process on PostgreSQL, and the one
 *  connection of PGlite (whose exec runs pg-boss's multi-statement maintenance commands). */
function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      return { rows: values?.length ? await db.query(text, values) : await db.exec(text) };
    },
  };
}

const QUEUE_INSTALL_LOCK = 0x9b055;

export async function openQueue(db: Db, opts: { onError?: (err: Error) => void } = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    // its polls, fetches and maintenance are background work: on the bulk lane, behind requests (a
    // job sent inside a request's transaction goes through that transaction, see toSend)
    db: bossDb(bulkLane(db)),
    // Cron scheduling is not used (the daily update claims its day itself, see market.ts), so the
    // timekeeper's polling stays off; maintenance (expiring jobs of dead workers, archiving) runs.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (err) => opts.onError?.(err));
  // pg-boss creates its schema on the first start and a table per queue on its creation; two
  // processes doing either at once on a new database fail (a duplicate schema, a deadlock between
  // two create_queue calls), so both are serialised by a lock one of our connections holds
  // meanwhile. PGlite has one process, and one connection that the lock's transaction would keep
  // from pg-boss.
  const installing = async (fn: () => Promise<unknown>) => {
    if (db.kind !== 'postgres') return void (await fn());
    await db.tx(async (t) => {
      await t.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_INSTALL_LOCK]);
      await fn();
    });
  };
  await installing(() => boss.start());

  const workerIds = new Map<string, string[]>();
  const workers: Record<string, number> = {};
  const defined = new Set<string>();
  const toSend = (o: JobOptions = {}): PgBoss.SendOptions => ({
    ...(o.retryLimit !== undefined && { retryLimit: o.retryLimit }),
    ...(o.retryDelaySeconds !== undefined && { retryDelay: o.retryDelaySeconds }),
    ...(o.expireInSeconds !== undefined && { expireInSeconds: o.expireInSeconds }),
    ...(o.startAfterSeconds !== undefined && { startAfter: o.startAfterSeconds }),
    ...(o.tx && { db: bossDb(o.tx) }),
  });
  // A job sent by this process wakes one of its own idle workers at once instead of at its next poll.
  let turn = 0;
  const nudge = (name: string, count = 1) => {
    const ids = workerIds.get(name) ?? [];
    for (let i = 0; i < Math.min(count, ids.length); i++) boss.notifyWorker(ids[turn++ % ids.length]);
  };

  return {
    library: 'pg-boss',
    workers,
    nudge,
    async define(def, handler) {
      await installing(() => boss.createQueue(def.name, {
        name: def.name,
        ...(def.retryLimit !== undefined && { retryLimit: def.retryLimit }),
        ...(def.retryDelaySeconds !== undefined && { retryDelay: def.retryDelaySeconds }),
        ...(def.expireInSeconds !== undefined && { expireInSeconds: def.expireInSeconds }),
      }));
      defined.add(def.name);
      const ids: string[] = [];
      for (let i = 0; i < def.concurrency; i++) {
        let id = '';
        // job data is JSON of the queue's own kind; the handler's type checks it where it is defined
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        id = await boss.work<any>(def.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: def.pollSeconds ?? 2 }, async ([job]) => {
          try {
            return await handler({ id: job.id, data: job.data, retryCount: job.retryCount });
          } finally {
            // A worker that just finished a job looks for the next one at once, not at its next poll.
            boss.notifyWorker(id);
          }
        });
        ids.push(id);
      }
      workerIds.set(def.name, ids);
      workers[def.name] = def.concurrency;
    },
    async send(name, data, opts) {
      const id = await boss.send(name, data, toSend(opts));
      // pg-boss answers null when the queue does not exist: a job silently lost, so throw (and roll
      // back the transaction that expected it).
      if (!id) throw new Error(`job queue ${name} does not exist (define it first)`);
      if (!opts?.tx) nudge(name);
      return id;
    },
    async sendMany(name, data, opts) {
      if (!data.length) return;
      const o = toSend(opts);
      const jobs = data.map((d) => ({
        name,
        data: d,
        ...(o.retryLimit !== undefined && { retryLimit: o.retryLimit }),
        ...(o.retryDelay !== undefined && { retryDelay: o.retryDelay }),
        ...(o.expireInSeconds !== undefined && { expireInSeconds: o.expireInSeconds }),
        ...(opts?.startAfterSeconds && { startAfter: new Date(Date.now() + opts.startAfterSeconds * 1000) }),
      }));
      await boss.insert(jobs, o.db ? { db: o.db } : {});
      if (!opts?.tx) nudge(name, data.length);
    },
    async takenBefore<T>(name: string, seconds: number, tx?: Db) {
      // pg-boss has no call that lists jobs; its job table (schema `pgboss`, pinned major version)
      // is read directly, by the columns its own fetch writes.
      return (tx ?? db).query<{ id: string; data: T }>(
        `SELECT id::text, data FROM pgboss.job WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2)`,
        [name, seconds],
      );
    },
    async cancel(name, ids, tx) {
      if (ids.length) await boss.cancel(name, ids, tx ? { db: bossDb(tx) } : {});
    },
    async stats() {
      const out: Record<string, QueueStats> = {};
      for (const name of defined) {
        const queued = await boss.getQueueSize(name, { before: 'active' });
        const notDone = await boss.getQueueSize(name, { before: 'completed' });
        out[name] = { queued, active: notDone - queued };
      }
      return out;
    },
    async stopWorkers() {
      for (const name of workerIds.keys()) await boss.offWork(name);
      workerIds.clear();
    },
    async stop(timeoutMs = 30_000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
