-- Batch runs (issue 16): a big computation (an optimisation grid, a universe or portfolio run) split
-- into chunks that workers on any server process take from the job queue. The queue (pg-boss, in
-- its own schema) delivers "run chunk k of run r"; these tables are the truth about each run:
-- progress, results, and which worker holds which chunk under a heartbeat lease.
CREATE TABLE batch_runs (
  id            serial PRIMARY KEY,
  user_id       int  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind          text NOT NULL,
  spec          jsonb NOT NULL,
  status        text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  chunks_total  int  NOT NULL CHECK (chunks_total >= 0),
  chunks_done   int  NOT NULL DEFAULT 0,
  result        jsonb,
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  started_at    timestamptz,
  finished_at   timestamptz,
  heartbeat     timestamptz,               -- last sign of progress: a chunk started, beat or finished
  finisher      text,                      -- the worker running finish() (under the same lease)
  CHECK (chunks_done <= chunks_total)
);
CREATE INDEX batch_runs_user_idx ON batch_runs (user_id, id DESC);
CREATE INDEX batch_runs_active_idx ON batch_runs (id) WHERE status IN ('queued', 'running');

CREATE TABLE batch_chunks (
  run_id     int  NOT NULL REFERENCES batch_runs (id) ON DELETE CASCADE,
  idx        int  NOT NULL,
  payload    jsonb NOT NULL,
  status     text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  result     jsonb,
  attempts   int  NOT NULL DEFAULT 0,      -- times a worker took it (a kill -9 counts)
  worker     text,                         -- who holds or finished it
  heartbeat  timestamptz,                  -- the holder's last beat; older than the lease = holder gone
  error      text,
  PRIMARY KEY (run_id, idx)
);
CREATE INDEX batch_chunks_running_idx ON batch_chunks (heartbeat) WHERE status = 'running';

-- Processes that run workers, each beating every few seconds: "is any worker alive?" decides
-- whether a stalled run can still be picked up or must be marked failed; /healthz counts them.
CREATE TABLE job_workers (
  id           text PRIMARY KEY,           -- host:pid:random
  host         text NOT NULL,
  pid          int  NOT NULL,
  concurrency  int  NOT NULL,
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat    timestamptz NOT NULL DEFAULT now()
);
