import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { JobQueue } from './queue.ts';
import * as repo from './batchRepository.ts';
import { bulkLane } from '../db/bulkLane.ts';
import type { BatchStatus, ChunkRef } from './batchRepository.ts';

// Batch runs: one big computation (an optimisation grid, a universe run, a portfolio run) split into
// chunks that the workers of every server process take from the job queue.
//
//   registerBatchKind('grid', { split, runChunk, finish })      once, when the feature's module loads
//   const id = await startBatch(deps, user.id, 'grid', spec, { maxActive: 2 })   from a route
//   await getBatch(deps.db, user.id, id)  /  await cancelBatch(deps.db, user.id, id)
//
// The split happens when the run starts; every chunk's result is stored as it completes
// (progress = chunks done / chunks total); when the last one completes exactly one worker runs
// finish() over the results in chunk order and stores the run's result. A chunk runs under a
// heartbeat lease: when its worker dies (kill -9, a lost host) another process takes it again once
// the lease has run out. A chunk is taken at most CHUNK_MAX_ATTEMPTS times (an error or a dead
// worker each count one), then the run fails with the chunk's error.

export interface ChunkContext {
  runId: number;
  idx: number;
  userId: number;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the run is cancelled, the chunk was given to another worker, or this process
   *  shuts down: stop early (the result is dropped either way). */
  signal: AbortSignal;
}

// The registry holds kinds of different payload types; each kind's own types hold where it is
// registered (registerBatchKind), so the defaults here are deliberately open.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface BatchKind<Spec = any, Chunk = any, ChunkResult = any, Result = any> {
  /** The chunks of a run, each a JSON value; called once, when the run starts. */
  split(spec: Spec): Chunk[] | Promise<Chunk[]>;
  /** Computes one chunk (on any process, possibly more than once: keep it free of side effects). */
  runChunk(spec: Spec, chunk: Chunk, ctx: ChunkContext): Promise<ChunkResult>;
  /** Combines the chunks' results, in chunk order, into the run's result. A run of one chunk is
   *  finished before its chunk is counted done, and the answer dropped when the run was cancelled
   *  meanwhile: keep it free of side effects too. */
  finish(spec: Spec, results: ChunkResult[]): Promise<Result>;
  /** A chunk still running after this long is given up by the queue (default one hour). */
  chunkTimeoutSeconds?: number;
}

export const CHUNK_MAX_ATTEMPTS = 3;
export const CHUNK_QUEUE = 'batch-chunk';
export const FINISH_QUEUE = 'batch-finish';

const kinds = new Map<string, BatchKind>();

/** This process's chunk workers, by the queue they serve (startBatchWorkers), for startBatch to hand
 *  them a run of one chunk directly. */
interface LocalWorker {
  id: string;
  /** running fewer chunks than its concurrency, and not stopping */
  hasRoom(): boolean;
  /** runs a chunk claimed for it */
  adopt(ref: ChunkRef, claimed: repo.ClaimedChunk): void;
}
const localWorkers = new Map<JobQueue, LocalWorker>();

/** Declares a kind of batch run. Every process must register the same kinds (buildApp registers the
 *  product's own), since a chunk may run on any of them. Registering a kind again replaces it: a
 *  process serves one app, and tests build their apps one after another. */
export function registerBatchKind<S, C, R, T>(kind: string, def: BatchKind<S, C, R, T>) {
  kinds.set(kind, def as BatchKind);
}

export function batchKinds(): string[] {
  return [...kinds.keys()];
}

/** A start refused because the user already has `max` runs queued or running (answer 429). */
export class BatchLimitError extends Error {
  constructor(
    readonly active: number,
    readonly max: number,
    /** the full share is the client address's (other accounts' runs), not the user's own */
    readonly byClient = false,
  ) {
    super(`${active} batch runs already queued or running${byClient ? ' from this address' : ''} (at most ${max})`);
  }
}

export interface BatchView {
  id: number;
  kind: string;
  status: BatchStatus;
  spec: unknown;
  chunksTotal: number;
  chunksDone: number;
  /** chunksDone / chunksTotal, 0…1 (1 once done). */
  progress: number;
  /** Seconds left at the pace so far; null before the first chunk is done and once finished. */
  etaSeconds: number | null;
  result: unknown;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** Runs a transaction again when PostgreSQL chose it as a deadlock victim (40P01) or could not
 *  serialise it (40001): rare here (row locks are taken run first), but never worth a failure. */
async function retryConflicts<T>(fn: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (i >= tries || (code !== '40P01' && code !== '40001')) throw e;
      await new Promise((r) => setTimeout(r, 20 * i));
    }
  }
}

interface BatchDeps {
  db: Db;
  queue: JobQueue;
}

const chunkJob = (ref: ChunkRef) => ({ runId: ref.run_id, idx: ref.idx });
const sendChunks = (queue: JobQueue, t: Db, refs: ChunkRef[], timeoutSeconds: number, delaySeconds = 0) =>
  queue.sendMany(CHUNK_QUEUE, refs.map(chunkJob), { tx: t, expireInSeconds: timeoutSeconds, ...(delaySeconds && { startAfterSeconds: delaySeconds }) });
const timeoutOf = (kind: string) => kinds.get(kind)?.chunkTimeoutSeconds ?? 3600;

/** A start refused because `max` runs of all users together are queued or running (answer 503). */
export class SiteBusyError extends Error {
  constructor(
    readonly active: number,
    readonly max: number,
  ) {
    super(`${active} batch runs of all users queued or running (at most ${max})`);
  }
}

export interface StartLimits {
  /** runs the user may have queued or running (BatchLimitError beyond); with `client`, also the runs
   *  that accounts started from that address may have together (BatchLimitError with `byClient`) */
  maxActive?: number;
  /** the client address the run is started from (the one the rate limits see) */
  client?: string;
  /** runs all users together may have queued or running (SiteBusyError beyond) */
  maxActiveTotal?: number;
  /** runs of this kind the user keeps: the oldest finished ones beyond it are deleted */
  keep?: number;
}

/** Refuses a start at once (the errors startBatch throws) when the limits are already reached, read
 *  without a lock: a refused request then costs no spec building, which for a large grid is tens of
 *  milliseconds of the event loop that a crowd of accounts retrying could otherwise keep busy.
 *  startBatch's locked check stays the one that decides. */
export async function refuseWhenFull(db: Db, userId: number, opts: StartLimits): Promise<void> {
  if (opts.maxActiveTotal !== undefined) {
    const all = await repo.countAllActiveRuns(db);
    if (all >= opts.maxActiveTotal) throw new SiteBusyError(all, opts.maxActiveTotal);
  }
  if (opts.maxActive === undefined) return;
  const active = await repo.countActiveRuns(db, userId);
  if (active >= opts.maxActive) throw new BatchLimitError(active, opts.maxActive);
  const fromClient = opts.client == null ? 0 : await repo.countActiveRunsFrom(db, opts.client);
  if (fromClient >= opts.maxActive) throw new BatchLimitError(fromClient, opts.maxActive, true);
}

/** Starts a run: splits the spec, stores the run and its chunks and enqueues them, in one
 *  transaction. With maxActive, refuses (BatchLimitError) when the user already has that many runs
 *  queued or running; the check and the insert are one step per user (an advisory lock). */
export async function startBatch<S>(deps: BatchDeps, userId: number, kind: string, spec: S, opts: StartLimits = {}): Promise<number> {
  const def = kinds.get(kind);
  if (!def) throw new Error(`unknown batch kind ${kind}`);
  const chunks = await def.split(spec);
  // A run of one chunk is taken by this process's workers in the starting transaction when they have
  // room: no turn of the queue and no claim of its own before it runs (a small grid's whole run is a
  // few tens of milliseconds). Should this process die, the chunk's lease runs out and the sweeper
  // queues it for any process, as for a worker that died.
  const here = chunks.length === 1 ? localWorkers.get(deps.queue) : undefined;
  const taker = here?.hasRoom() ? here : undefined;
  const { id, taken } = await deps.db.tx(async (t) => {
    if (opts.maxActiveTotal !== undefined) {
      await repo.lockAllStarts(t);
      const all = await repo.countAllActiveRuns(t);
      if (all >= opts.maxActiveTotal) throw new SiteBusyError(all, opts.maxActiveTotal);
    }
    const client = opts.client ?? null;
    if (opts.maxActive !== undefined && client !== null) await repo.lockClientStarts(t, client);
    if (opts.maxActive !== undefined || opts.keep !== undefined) await repo.lockUserStarts(t, userId);
    if (opts.maxActive !== undefined) {
      const active = await repo.countActiveRuns(t, userId);
      if (active >= opts.maxActive) throw new BatchLimitError(active, opts.maxActive);
      // five accounts from one address share that address's runs, as they share its heavy requests
      const fromClient = client === null ? 0 : await repo.countActiveRunsFrom(t, client);
      if (fromClient >= opts.maxActive) throw new BatchLimitError(fromClient, opts.maxActive, true);
    }
    const runId = await repo.insertRun(t, userId, kind, spec, chunks, client);
    if (opts.keep !== undefined) await repo.dropOldestFinished(t, userId, kind, opts.keep);
    const refs = chunks.map((_, idx) => ({ run_id: runId, idx }));
    const taken = taker ? await repo.claimChunk(t, refs[0], taker.id) : null;
    if (taken) return { id: runId, taken };
    if (chunks.length) await sendChunks(deps.queue, t, refs, timeoutOf(kind));
    else await deps.queue.send(FINISH_QUEUE, { runId }, { tx: t });
    return { id: runId, taken: null };
  });
  if (taken) taker!.adopt({ run_id: id, idx: 0 }, taken);
  else deps.queue.nudge(chunks.length ? CHUNK_QUEUE : FINISH_QUEUE, chunks.length || 1);
  return id;
}

/** A user's run with its progress, or null when there is none (or it is another user's). */
export async function getBatch(db: Db, userId: number, runId: number): Promise<BatchView | null> {
  const r = await repo.findRun(db, userId, runId);
  return r ? batchView(r) : null;
}

/** A user's runs of one kind with their progress, newest first. */
export async function listBatches(db: Db, userId: number, kind: string, limit = 20): Promise<BatchView[]> {
  return (await repo.listRuns(db, userId, kind, limit)).map(batchView);
}

/** PostgreSQL's text of a timestamptz ('2026-11-23 17:10:00.123+00') as the API's ISO 8601 UTC. */
const iso = (pgText: string) => new Date(pgText).toISOString();

function batchView(r: repo.BatchRunRow): BatchView {
  const total = r.chunks_total;
  const done = r.status === 'done' ? total : r.chunks_done;
  let eta: number | null = null;
  if (r.status === 'running' && r.started_at && done > 0) {
    const elapsed = (Date.parse(r.now) - Date.parse(r.started_at)) / 1000;
    eta = Math.max(0, Math.round((elapsed * (total - done)) / done));
  }
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    spec: r.spec,
    chunksTotal: total,
    chunksDone: done,
    progress: total ? done / total : r.status === 'done' ? 1 : 0,
    etaSeconds: eta,
    result: r.result,
    error: r.error,
    createdAt: iso(r.created_at),
    startedAt: r.started_at === null ? null : iso(r.started_at),
    finishedAt: r.finished_at === null ? null : iso(r.finished_at),
  };
}

/** Cancels a user's queued or running run: its remaining chunks are not run, chunks running now
 *  are told to stop at their worker's next heartbeat. Answers the run (null: not the user's). */
export async function cancelBatch(db: Db, userId: number, runId: number): Promise<BatchView | null> {
  await retryConflicts(() => db.tx((t) => repo.cancelRun(t, userId, runId)));
  return getBatch(db, userId, runId);
}

/** Runs of a user queued or running, for a route's per-user limit. */
export function countActive(db: Db, userId: number): Promise<number> {
  return repo.countActiveRuns(db, userId);
}

export interface BatchWorkerOptions {
  /** Chunks this process runs at once; 0 = this process runs no chunks (it still sweeps). */
  concurrency: number;
  leaseSeconds: number;
  staleSeconds: number;
  log: { info(msg: string): void; warn(msg: string): void; error(obj: unknown, msg: string): void };
}

/** The batch side of one process: workers for chunks and finishes (when concurrency > 0), their
 *  heartbeat, and the sweeper every process runs (stale leases, lost finishes, orphaned runs). */
export async function startBatchWorkers(deps: BatchDeps, opts: BatchWorkerOptions) {
  // claims, results, heartbeats and sweeps are background work: on the bulk lane, behind requests
  const db = bulkLane(deps.db);
  const { queue } = deps;
  const worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const running = new Map<string, { ref: ChunkRef; abort: AbortController }>();
  const keyOf = (ref: ChunkRef) => `${ref.run_id}:${ref.idx}`;
  let stopping = false;
  let finishing = 0;
  let beatTimer: NodeJS.Timeout | undefined;

  async function runChunkJob(ref: ChunkRef) {
    if (stopping) {
      // Taken while this process stops: give the job back for another process.
      await queue.send(CHUNK_QUEUE, chunkJob(ref));
      return;
    }
    const claimed = await retryConflicts(() => db.tx((t) => repo.claimChunk(t, ref, worker)));
    if (!claimed) return; // done, cancelled, or queued again with a newer job
    await runClaimed(ref, claimed);
  }

  /** Runs a chunk this worker holds (claimed from the queue, or taken when its run started here). */
  async function runClaimed(ref: ChunkRef, claimed: repo.ClaimedChunk) {
    const def = kinds.get(claimed.kind);
    if (!def) {
      await db.tx((t) => repo.failChunkAndRun(t, ref, worker, `unknown batch kind ${claimed.kind} on ${worker}`));
      return;
    }
    const abort = new AbortController();
    running.set(keyOf(ref), { ref, abort });
    let result: unknown;
    try {
      result = await def.runChunk(claimed.spec, claimed.payload, { runId: ref.run_id, idx: ref.idx, userId: claimed.user_id, attempt: claimed.attempts, signal: abort.signal });
    } catch (e) {
      if (abort.signal.aborted) return; // handed back or cancelled meanwhile
      const message = e instanceof Error ? e.message : String(e);
      opts.log.warn(`batch ${ref.run_id} chunk ${ref.idx} failed (attempt ${claimed.attempts}): ${message}`);
      await db.tx(async (t) => {
        if (claimed.attempts >= CHUNK_MAX_ATTEMPTS) return repo.failChunkAndRun(t, ref, worker, message);
        if (await repo.requeueChunk(t, ref, worker, message, true)) await sendChunks(queue, t, [ref], timeoutOf(claimed.kind), 2 ** claimed.attempts);
      });
      return;
    } finally {
      running.delete(keyOf(ref));
    }
    if (abort.signal.aborted) return;
    // counted from here, so that a stop waits for the finish this completion may claim
    finishing++;
    try {
      await completeAndFinish(ref, claimed, def, result);
    } finally {
      finishing--;
    }
  }

  async function completeAndFinish(ref: ChunkRef, claimed: repo.ClaimedChunk, def: BatchKind, result: unknown) {
    if (claimed.chunks_total === 1 && (await finishOneChunkRun(ref, claimed, def, result))) return;
    let finish: { kind: string; spec: unknown } | null = null;
    try {
      // The chunk that completes the run takes its finishing in the same transaction and finishes
      // it here at once: a finish job would wait for a turn of the queue. Only one transaction sees
      // the last count (the run's row lock orders them), so exactly one process finishes; should
      // it die before storing the result, its finishing lease runs out and the sweeper queues a
      // finish job as for a finisher that died.
      finish = await retryConflicts(() =>
        db.tx(async (t) => {
          const c = await repo.completeChunk(t, ref, worker, result);
          return c && c.chunks_done === c.chunks_total ? repo.claimFinish(t, ref.run_id, worker, opts.leaseSeconds) : null;
        }),
      );
    } catch (e) {
      await handBackUnstored(ref, claimed.kind, e);
      return;
    }
    if (finish) await finishRun(ref.run_id, finish);
  }

  /** A run of one chunk: finished here on the chunk's result (as the database would give it back:
   *  JSON, where −0 is 0), then the chunk counted done and the run's result stored in one
   *  transaction. The chunk's own result is not stored: nothing reads it once the run is done, and
   *  storing it (a grid's block sums are thousands of numbers) held the event loop while the finish
   *  waited for it. Should this process die before that transaction, the chunk's lease runs out and
   *  it runs again, as any chunk whose worker died. False when the finish failed: the caller then
   *  stores the chunk and finishes the run the usual way (which records the failure). */
  async function finishOneChunkRun(ref: ChunkRef, claimed: repo.ClaimedChunk, def: BatchKind, result: unknown): Promise<boolean> {
    // the chunk is still this worker's while the finish runs: its lease is kept beating
    const key = keyOf(ref);
    const entry = { ref, abort: new AbortController() };
    running.set(key, entry);
    try {
      return await finishAndStore(ref, claimed, def, result);
    } finally {
      if (running.get(key) === entry) running.delete(key);
    }
  }

  async function finishAndStore(ref: ChunkRef, claimed: repo.ClaimedChunk, def: BatchKind, result: unknown): Promise<boolean> {
    let answer: unknown;
    try {
      answer = await def.finish(claimed.spec, [JSON.parse(JSON.stringify(result ?? null))]);
    } catch {
      return false;
    }
    try {
      await retryConflicts(() =>
        db.tx(async (t) => {
          const c = await repo.completeChunk(t, ref, worker, null);
          if (!c || c.chunks_done !== c.chunks_total) return; // cancelled meanwhile: the answer is dropped
          if (await repo.claimFinish(t, ref.run_id, worker, opts.leaseSeconds)) await repo.finishRun(t, ref.run_id, worker, answer);
        }),
      );
    } catch (e) {
      await handBackUnstored(ref, claimed.kind, e);
    }
    return true;
  }

  /** A chunk whose result could not be stored is handed back to the queue; failing that, it is no
   *  longer beaten for (not in `running`), so its lease runs out and the sweeper queues it again. */
  async function handBackUnstored(ref: ChunkRef, kind: string, e: unknown) {
    opts.log.warn(`batch ${ref.run_id} chunk ${ref.idx}: storing the result failed: ${(e as Error).message}`);
    await db.tx(async (t) => {
      if (await repo.requeueChunk(t, ref, worker, null, false)) await sendChunks(queue, t, [ref], timeoutOf(kind));
    }).catch(() => {});
  }

  async function finishJob(runId: number) {
    if (stopping) {
      await queue.send(FINISH_QUEUE, { runId });
      return;
    }
    finishing++;
    try {
      const claimed = await db.tx((t) => repo.claimFinish(t, runId, worker, opts.leaseSeconds));
      if (claimed) await finishRun(runId, claimed);
    } finally {
      finishing--;
    }
  }

  /** Combines the results of a run whose finishing this worker has claimed, and stores the run's result. */
  async function finishRun(runId: number, claimed: { kind: string; spec: unknown }) {
    const def = kinds.get(claimed.kind);
    try {
      if (!def) throw new Error(`unknown batch kind ${claimed.kind} on ${worker}`);
      const result = await def.finish(claimed.spec, await repo.chunkResults(db, runId));
      await repo.finishRun(db, runId, worker, result);
    } catch (e) {
      // finish() is deterministic over stored results: trying it again would fail again.
      const message = e instanceof Error ? e.message : String(e);
      opts.log.warn(`batch ${runId} finish failed: ${message}`);
      await db.tx((t) => repo.failRun(t, runId, `finish: ${message}`));
    }
  }

  /** Renews this process's leases and stops chunks that were taken away from it. */
  async function heartbeat() {
    await repo.registerWorker(db, { id: worker, host: hostname(), pid: process.pid, concurrency: opts.concurrency });
    // Only the chunks this beat asked about: one taken while it waited was not among them, and
    // stopping it would abort a chunk this process had just rightly claimed.
    const asked = [...running.entries()];
    const held = new Set((await repo.beat(db, worker, asked.map(([, r]) => r.ref))).map(keyOf));
    for (const [key, r] of asked) if (!held.has(key) && running.get(key) === r) r.abort.abort(new Error('the chunk was cancelled or given to another worker'));
  }

  /** One job per chunk, their kinds' timeouts looked up by run. */
  async function sendAgain(t: Db, refs: ChunkRef[]) {
    if (!refs.length) return;
    const kindsOf = await t.query<{ id: number; kind: string }>(`SELECT id, kind FROM batch_runs WHERE id = ANY($1::int[])`, [[...new Set(refs.map((r) => r.run_id))]]);
    for (const { id, kind } of kindsOf) await sendChunks(queue, t, refs.filter((r) => r.run_id === id), timeoutOf(kind));
  }

  async function sweep() {
    const { requeued, finishes, orphaned } = await db.tx(async (t) => {
      const stale = await repo.reclaimStaleChunks(t, opts.leaseSeconds, CHUNK_MAX_ATTEMPTS);
      const requeued = stale.filter((s) => s.status === 'queued');
      await sendAgain(t, requeued);
      const finishes = await repo.reclaimStaleFinishes(t, opts.leaseSeconds);
      for (const runId of finishes) await queue.send(FINISH_QUEUE, { runId }, { tx: t });
      const orphaned = await repo.failOrphanedRuns(t, opts.leaseSeconds, opts.staleSeconds);
      return { requeued, finishes, orphaned };
    });
    // A worker that took a chunk's job and died before claiming the chunk (kill -9 between the two)
    // leaves the chunk queued under a job the queue counts as taken for the job's whole timeout (an
    // hour): a job taken more than a lease ago whose chunk is still queued is given up and sent
    // again. Its own transaction, since it locks other runs than the one above (locks in id order).
    const lost = await db.tx(async (t) => {
      const taken = (await queue.takenBefore<{ runId: number; idx: number }>(CHUNK_QUEUE, opts.leaseSeconds, t)).map((j) => ({ id: j.id, ref: { run_id: j.data.runId, idx: j.data.idx } }));
      const queued = await repo.queuedAmong(t, taken.map((j) => j.ref));
      const keys = new Set(queued.map(keyOf));
      await queue.cancel(CHUNK_QUEUE, taken.filter((j) => keys.has(keyOf(j.ref))).map((j) => j.id), t);
      await sendAgain(t, queued);
      return queued;
    });
    if (requeued.length) opts.log.warn(`batch: ${requeued.length} chunks of stopped workers queued again`);
    if (lost.length) opts.log.warn(`batch: ${lost.length} chunks taken by stopped workers before they began queued again`);
    if (finishes.length) opts.log.warn(`batch: finishing of runs ${finishes.join(', ')} queued again`);
    if (orphaned.length) opts.log.warn(`batch: runs ${orphaned.join(', ')} failed: no worker process`);
    queue.nudge(CHUNK_QUEUE, requeued.length + lost.length);
    queue.nudge(FINISH_QUEUE, finishes.length);
  }

  // One call at a time; a failure is logged and the next tick tries again.
  const guarded = (name: string, fn: () => Promise<void>) => {
    let busy = false;
    return async () => {
      if (busy) return;
      busy = true;
      try {
        await fn();
      } catch (err) {
        opts.log.error({ err }, `batch ${name} failed`);
      } finally {
        busy = false;
      }
    };
  };

  const every = (seconds: number, fn: () => Promise<void>) => setInterval(fn, seconds * 1000).unref();

  const workers = Math.max(0, opts.concurrency);
  await queue.define<{ runId: number; idx: number }>({ name: CHUNK_QUEUE, concurrency: workers, expireInSeconds: 3600, retryLimit: 2, retryDelaySeconds: 5, pollSeconds: 1 }, (job) =>
    runChunkJob({ run_id: job.data.runId, idx: job.data.idx }),
  );
  await queue.define<{ runId: number }>({ name: FINISH_QUEUE, concurrency: workers ? 1 : 0, retryLimit: 2, retryDelaySeconds: 5, pollSeconds: 1 }, (job) => finishJob(job.data.runId));
  if (workers) {
    await heartbeat();
    beatTimer = every(Math.max(1, opts.leaseSeconds / 3), guarded('heartbeat', heartbeat));
  }
  const sweepTimer = every(Math.max(1, opts.leaseSeconds / 2), guarded('sweep', sweep));
  const local: LocalWorker = {
    id: worker,
    hasRoom: () => !stopping && running.size < workers,
    adopt(ref, claimed) {
      runClaimed(ref, claimed).catch((err) => opts.log.error({ err }, `batch ${ref.run_id} chunk ${ref.idx} failed`));
    },
  };
  if (workers) localWorkers.set(queue, local);

  return {
    worker,
    /** Chunks running in this process now. */
    get running() {
      return running.size;
    },
    sweep,
    /** Stops taking chunks, waits up to graceMs for running ones, then hands the rest back to the
     *  queue (not counted as attempts) so that other processes take them at once. */
    async stop(graceMs: number) {
      stopping = true;
      if (localWorkers.get(queue) === local) localWorkers.delete(queue);
      clearInterval(sweepTimer);
      await queue.stopWorkers();
      const deadline = Date.now() + graceMs;
      while ((running.size || finishing) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      clearInterval(beatTimer); // kept beating meanwhile, so no lease ran out under a finishing chunk
      for (const r of running.values()) r.abort.abort(new Error('this process is shutting down'));
      const released = await db.tx(async (t) => {
        const r = await repo.releaseWorker(t, worker);
        if (r.chunks.length) await queue.sendMany(CHUNK_QUEUE, r.chunks.map(chunkJob), { tx: t });
        for (const runId of r.finishes) await queue.send(FINISH_QUEUE, { runId }, { tx: t });
        return r;
      });
      if (released.chunks.length) opts.log.info(`batch: ${released.chunks.length} running chunks handed back to the queue`);
      await repo.unregisterWorker(db, worker);
    },
  };
}

export type BatchWorkers = Awaited<ReturnType<typeof startBatchWorkers>>;
