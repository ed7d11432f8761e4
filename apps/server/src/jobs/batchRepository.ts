import type { Db } from '../db/index.ts';

// The SQL of batch runs (010_batch_runs.sql). Every state change that several processes may race
// for is one UPDATE … WHERE <expected state> RETURNING: whoever gets the row back won, the others
// see nothing and step aside. No "read, then decide, then write".
// Transactions that touch a run and its chunks lock the run's row first (lockRun), so two of them
// never wait on each other in opposite orders.

export type BatchStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface BatchRunRow {
  id: number;
  user_id: number;
  kind: string;
  spec: unknown;
  status: BatchStatus;
  chunks_total: number;
  chunks_done: number;
  result: unknown;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  now: string;
}

export interface ChunkRef {
  run_id: number;
  idx: number;
}

const RUN_COLUMNS = `id, user_id, kind, spec, status, chunks_total, chunks_done, result, error,
  created_at::text, started_at::text, finished_at::text, now()::text AS now`;

/** Runs of a user that still take a place in the queue. */
export async function countActiveRuns(db: Db, userId: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM batch_runs WHERE user_id = $1 AND status IN ('queued', 'running')`, [userId]);
  return r.n;
}

/** Runs started from a client address (by any account) that still take a place in the queue. */
export async function countActiveRunsFrom(db: Db, client: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM batch_runs WHERE client_address = $1 AND status IN ('queued', 'running')`, [client]);
  return r.n;
}

/** Serialises starts from one client address (inside the transaction), as lockUserStarts does for
 *  one user; taken between lockAllStarts and lockUserStarts, always in that order. */
export async function lockClientStarts(t: Db, client: string) {
  await t.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [0x0b47c5, client]);
}

/** Serialises starts of one user (inside the transaction), so two parallel starts cannot both pass
 *  the limit. The first key names the lock space, the second the user. */
export async function lockUserStarts(t: Db, userId: number) {
  await t.query('SELECT pg_advisory_xact_lock($1, $2)', [0x0b47c4, userId]);
}

/** Serialises every start (inside the transaction), for the site-wide limit on runs going at once.
 *  Taken before the user's lock (lockUserStarts), always in this order. */
export async function lockAllStarts(t: Db) {
  await t.query('SELECT pg_advisory_xact_lock($1, 0)', [0x0b47c4]);
}

/** Runs of every user queued or running. */
export async function countAllActiveRuns(db: Db): Promise<number> {
  const [r] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM batch_runs WHERE status IN ('queued', 'running')`);
  return r.n;
}

/** Deletes the user's oldest finished runs of a kind beyond `keep` runs of that kind (their chunks go
 *  with them); runs still going are never deleted. */
export async function dropOldestFinished(t: Db, userId: number, kind: string, keep: number): Promise<number> {
  const rows = await t.query(
    `DELETE FROM batch_runs WHERE id IN (
       SELECT id FROM batch_runs
       WHERE user_id = $1 AND kind = $2 AND status IN ('done', 'failed', 'cancelled')
       ORDER BY id
       LIMIT GREATEST(0, (SELECT count(*) FROM batch_runs WHERE user_id = $1 AND kind = $2) - $3))
     RETURNING id`,
    [userId, kind, keep],
  );
  return rows.length;
}

export async function insertRun(t: Db, userId: number, kind: string, spec: unknown, chunks: unknown[], client: string | null = null): Promise<number> {
  const [run] = await t.query<{ id: number }>(
    `INSERT INTO batch_runs (user_id, kind, spec, chunks_total, client_address) VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING id`,
    [userId, kind, JSON.stringify(spec), chunks.length, client],
  );
  await t.query(
    `INSERT INTO batch_chunks (run_id, idx, payload)
     SELECT $1, (t.ord - 1)::int, t.value FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(value, ord)`,
    [run.id, JSON.stringify(chunks)],
  );
  return run.id;
}

/** A user's run, or null when it does not exist or belongs to someone else. */
export async function findRun(db: Db, userId: number, runId: number): Promise<BatchRunRow | null> {
  const [r] = await db.query<BatchRunRow>(`SELECT ${RUN_COLUMNS} FROM batch_runs WHERE id = $1 AND user_id = $2`, [runId, userId]);
  return r ?? null;
}

/** Cancels a queued or running run and its chunks not yet done; null when nothing changed. */
export async function cancelRun(t: Db, userId: number, runId: number): Promise<number | null> {
  const [r] = await t.query<{ id: number }>(
    `UPDATE batch_runs SET status = 'cancelled', finished_at = now(), finisher = NULL
     WHERE id = $1 AND user_id = $2 AND status IN ('queued', 'running') RETURNING id`,
    [runId, userId],
  );
  if (!r) return null;
  await t.query(`UPDATE batch_chunks SET status = 'cancelled' WHERE run_id = $1 AND status IN ('queued', 'running')`, [runId]);
  return r.id;
}

/** Locks a run's row for this transaction (before any of its chunks). */
export async function lockRun(t: Db, runId: number) {
  await t.query(`SELECT 1 FROM batch_runs WHERE id = $1 FOR UPDATE`, [runId]);
}

export interface ClaimedChunk {
  kind: string;
  spec: unknown;
  user_id: number;
  payload: unknown;
  attempts: number;
  /** the run's chunks */
  chunks_total: number;
}

/** Takes a queued chunk of a live run for `worker`: it is now running under the worker's lease. */
export async function claimChunk(t: Db, ref: ChunkRef, worker: string): Promise<ClaimedChunk | null> {
  await lockRun(t, ref.run_id);
  const [c] = await t.query<{ payload: unknown; attempts: number }>(
    `UPDATE batch_chunks SET status = 'running', worker = $3, heartbeat = now(), attempts = attempts + 1, error = NULL
     WHERE run_id = $1 AND idx = $2 AND status = 'queued'
       AND EXISTS (SELECT 1 FROM batch_runs r WHERE r.id = $1 AND r.status IN ('queued', 'running'))
     RETURNING payload, attempts`,
    [ref.run_id, ref.idx, worker],
  );
  if (!c) return null;
  const [r] = await t.query<{ kind: string; spec: unknown; user_id: number; chunks_total: number }>(
    `UPDATE batch_runs SET status = 'running', started_at = COALESCE(started_at, now()), heartbeat = now()
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING kind, spec, user_id, chunks_total`,
    [ref.run_id],
  );
  return r ? { ...r, ...c } : null;
}

/** Records a chunk's result if `worker` still holds it, and counts it. Answers the run's counts
 *  after this chunk (null when the chunk was no longer ours or the run was cancelled). Exactly one
 *  caller ever sees chunks_done reach chunks_total: the row lock orders the increments. */
export async function completeChunk(t: Db, ref: ChunkRef, worker: string, result: unknown): Promise<{ chunks_done: number; chunks_total: number } | null> {
  await lockRun(t, ref.run_id);
  const [c] = await t.query(
    `UPDATE batch_chunks SET status = 'done', result = $4::jsonb, heartbeat = now()
     WHERE run_id = $1 AND idx = $2 AND worker = $3 AND status = 'running' RETURNING idx`,
    [ref.run_id, ref.idx, worker, JSON.stringify(result ?? null)],
  );
  if (!c) return null;
  const [r] = await t.query<{ chunks_done: number; chunks_total: number }>(
    `UPDATE batch_runs SET chunks_done = chunks_done + 1, heartbeat = now()
     WHERE id = $1 AND status = 'running' RETURNING chunks_done, chunks_total`,
    [ref.run_id],
  );
  return r ?? null;
}

/** Hands a chunk `worker` holds back to the queue (a retry after an error, or a shutdown).
 *  `countAttempt` false: the attempt was not the chunk's fault and is not counted. */
export async function requeueChunk(t: Db, ref: ChunkRef, worker: string, error: string | null, countAttempt: boolean): Promise<boolean> {
  await lockRun(t, ref.run_id);
  const rows = await t.query(
    `UPDATE batch_chunks SET status = 'queued', worker = NULL, error = $4, attempts = attempts - $5
     WHERE run_id = $1 AND idx = $2 AND worker = $3 AND status = 'running' RETURNING idx`,
    [ref.run_id, ref.idx, worker, error, countAttempt ? 0 : 1],
  );
  return rows.length > 0;
}

/** Fails a chunk `worker` holds (null worker: whoever holds it) and with it the run; the run's
 *  other chunks are cancelled. */
export async function failChunkAndRun(t: Db, ref: ChunkRef, worker: string | null, error: string) {
  await lockRun(t, ref.run_id);
  await t.query(
    `UPDATE batch_chunks SET status = 'failed', error = $4
     WHERE run_id = $1 AND idx = $2 AND status = 'running' AND ($3::text IS NULL OR worker = $3)`,
    [ref.run_id, ref.idx, worker, error],
  );
  await failRun(t, ref.run_id, `chunk ${ref.idx}: ${error}`);
}

export async function failRun(t: Db, runId: number, error: string) {
  const rows = await t.query(
    `UPDATE batch_runs SET status = 'failed', error = $2, finished_at = now(), finisher = NULL
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
    [runId, error.slice(0, 2000)],
  );
  if (rows.length) await t.query(`UPDATE batch_chunks SET status = 'cancelled' WHERE run_id = $1 AND status IN ('queued', 'running')`, [runId]);
}

/** Takes the finishing of a run whose chunks are all done: one worker at a time, under the lease. */
export async function claimFinish(t: Db, runId: number, worker: string, leaseSeconds: number): Promise<{ kind: string; spec: unknown } | null> {
  const [r] = await t.query<{ kind: string; spec: unknown }>(
    `UPDATE batch_runs SET finisher = $2, heartbeat = now(), status = 'running', started_at = COALESCE(started_at, now())
     WHERE id = $1 AND status IN ('queued', 'running') AND chunks_done = chunks_total
       AND (finisher IS NULL OR heartbeat < now() - make_interval(secs => $3))
     RETURNING kind, spec`,
    [runId, worker, leaseSeconds],
  );
  return r ?? null;
}

export async function chunkResults(db: Db, runId: number): Promise<unknown[]> {
  const rows = await db.query<{ result: unknown }>(`SELECT result FROM batch_chunks WHERE run_id = $1 ORDER BY idx`, [runId]);
  return rows.map((r) => r.result);
}

export async function finishRun(db: Db, runId: number, worker: string, result: unknown): Promise<boolean> {
  const rows = await db.query(
    `UPDATE batch_runs SET status = 'done', result = $3::jsonb, finished_at = now(), finisher = NULL, heartbeat = now()
     WHERE id = $1 AND finisher = $2 AND status = 'running' RETURNING id`,
    [runId, worker, JSON.stringify(result ?? null)],
  );
  return rows.length > 0;
}

/** The heartbeat of one worker process: renews the lease of the chunks it is running (of runs
 *  still running; a chunk it holds but no longer runs, after an error, is left to expire) and of
 *  runs it is finishing. Answers the chunks still held: any other chunk it runs was taken away
 *  (cancelled, or given to another worker after a pause). */
export async function beat(db: Db, worker: string, running: ChunkRef[]): Promise<ChunkRef[]> {
  const held = running.length
    ? await db.query<ChunkRef>(
        `UPDATE batch_chunks c SET heartbeat = now() FROM batch_runs r
         WHERE c.worker = $1 AND c.status = 'running' AND r.id = c.run_id AND r.status = 'running'
           AND (c.run_id, c.idx) IN (SELECT * FROM unnest($2::int[], $3::int[]))
         RETURNING c.run_id, c.idx`,
        [worker, running.map((r) => r.run_id), running.map((r) => r.idx)],
      )
    : [];
  await db.query(
    `UPDATE batch_runs SET heartbeat = now() WHERE status = 'running' AND (finisher = $1 OR id = ANY($2::int[]))`,
    [worker, [...new Set(held.map((h) => h.run_id))]],
  );
  return held;
}

export async function registerWorker(db: Db, worker: { id: string; host: string; pid: number; concurrency: number }) {
  await db.query(
    `INSERT INTO job_workers (id, host, pid, concurrency) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET heartbeat = now()`,
    [worker.id, worker.host, worker.pid, worker.concurrency],
  );
}

export async function unregisterWorker(db: Db, id: string) {
  await db.query(`DELETE FROM job_workers WHERE id = $1`, [id]);
}

/** Worker processes alive within the lease (their heartbeat is recent). */
export async function liveWorkers(db: Db, leaseSeconds: number): Promise<{ processes: number; concurrency: number }> {
  const [r] = await db.query<{ processes: number; concurrency: number }>(
    `SELECT count(*)::int AS processes, COALESCE(sum(concurrency), 0)::int AS concurrency
     FROM job_workers WHERE heartbeat > now() - make_interval(secs => $1)`,
    [leaseSeconds],
  );
  return r;
}

/** Chunks whose worker stopped beating: back to the queue, or failed (with their run) once they
 *  have been taken maxAttempts times. Answers what it did. */
export async function reclaimStaleChunks(t: Db, leaseSeconds: number, maxAttempts: number) {
  await t.query(
    `SELECT r.id FROM batch_runs r WHERE r.status = 'running' AND EXISTS (
       SELECT 1 FROM batch_chunks c WHERE c.run_id = r.id AND c.status = 'running' AND c.heartbeat < now() - make_interval(secs => $1))
     ORDER BY r.id FOR UPDATE OF r`,
    [leaseSeconds],
  );
  const rows = await t.query<ChunkRef & { status: 'queued' | 'failed'; attempts: number }>(
    `UPDATE batch_chunks c SET
       status = CASE WHEN c.attempts >= $2 THEN 'failed' ELSE 'queued' END,
       error = $3,
       worker = NULL
     FROM batch_runs r
     WHERE r.id = c.run_id AND r.status = 'running' AND c.status = 'running'
       AND c.heartbeat < now() - make_interval(secs => $1)
     RETURNING c.run_id, c.idx, c.status, c.attempts`,
    [leaseSeconds, maxAttempts, `its worker stopped (no heartbeat for ${leaseSeconds} s)`],
  );
  for (const f of rows.filter((r) => r.status === 'failed')) {
    await failRun(t, f.run_id, `chunk ${f.idx}: its worker stopped ${f.attempts} times (a chunk may be taken ${maxAttempts} times)`);
  }
  return rows;
}

/** Of `refs`, the chunks still queued in runs not over, their runs locked first (in id order, as
 *  every transaction here locks runs). */
export async function queuedAmong(t: Db, refs: ChunkRef[]): Promise<ChunkRef[]> {
  if (!refs.length) return [];
  const runs = [...new Set(refs.map((r) => r.run_id))].sort((a, b) => a - b);
  await t.query(`SELECT id FROM batch_runs WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [runs]);
  return t.query<ChunkRef>(
    `SELECT DISTINCT c.run_id, c.idx FROM batch_chunks c JOIN batch_runs r ON r.id = c.run_id
     JOIN unnest($1::int[], $2::int[]) AS x(run_id, idx) ON x.run_id = c.run_id AND x.idx = c.idx
     WHERE c.status = 'queued' AND r.status IN ('queued', 'running')`,
    [refs.map((r) => r.run_id), refs.map((r) => r.idx)],
  );
}

/** Runs whose chunks are all done but whose finisher stopped beating (or whose finish job was
 *  never taken): answered so that a finish job is sent again. */
export async function reclaimStaleFinishes(t: Db, leaseSeconds: number): Promise<number[]> {
  const rows = await t.query<{ id: number }>(
    `UPDATE batch_runs SET finisher = NULL, heartbeat = now()
     WHERE status IN ('queued', 'running') AND chunks_done = chunks_total
       AND COALESCE(heartbeat, created_at) < now() - make_interval(secs => $1)
     RETURNING id`,
    [leaseSeconds],
  );
  return rows.map((r) => r.id);
}

/** With no worker process alive, a run that has not moved for staleSeconds will not move again
 *  (say every process restarted with WORKERS=0): it is marked failed rather than left "running". */
export async function failOrphanedRuns(t: Db, leaseSeconds: number, staleSeconds: number): Promise<number[]> {
  const rows = await t.query<{ id: number }>(
    `SELECT id FROM batch_runs
     WHERE status IN ('queued', 'running') AND COALESCE(heartbeat, created_at) < now() - make_interval(secs => $2)
       AND NOT EXISTS (SELECT 1 FROM job_workers WHERE heartbeat > now() - make_interval(secs => $1))
     FOR UPDATE SKIP LOCKED`,
    [leaseSeconds, staleSeconds],
  );
  for (const r of rows) await failRun(t, r.id, `interrupted: no worker process has run it for ${staleSeconds} s (start one with WORKERS > 0)`);
  // Presence rows of processes gone for long (kill -9, crashed hosts).
  await t.query(`DELETE FROM job_workers WHERE heartbeat < now() - make_interval(secs => $1)`, [Math.max(600, 20 * leaseSeconds)]);
  return rows.map((r) => r.id);
}

/** Chunks a stopping worker still holds go back to the queue (not counted as attempts), and runs
 *  it was finishing are released; answered so that jobs are sent for them. */
export async function releaseWorker(t: Db, worker: string): Promise<{ chunks: ChunkRef[]; finishes: number[] }> {
  const chunks = await t.query<ChunkRef>(
    `UPDATE batch_chunks SET status = 'queued', worker = NULL, attempts = GREATEST(attempts - 1, 0)
     WHERE worker = $1 AND status = 'running' RETURNING run_id, idx`,
    [worker],
  );
  const finishes = await t.query<{ id: number }>(`UPDATE batch_runs SET finisher = NULL WHERE finisher = $1 AND status = 'running' RETURNING id`, [worker]);
  return { chunks, finishes: finishes.map((r) => r.id) };
}

/** A user's runs of one kind, newest first, without their results (which may be large). */
export async function listRuns(db: Db, userId: number, kind: string, limit: number): Promise<BatchRunRow[]> {
  return db.query<BatchRunRow>(
    `SELECT ${RUN_COLUMNS.replace('result,', 'NULL::jsonb AS result,')} FROM batch_runs WHERE user_id = $1 AND kind = $2 ORDER BY id DESC LIMIT $3`,
    [userId, kind, limit],
  );
}
