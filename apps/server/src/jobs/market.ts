import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/index.ts';
import { runUpdate } from '../market/importer/update.ts';
import type { JobQueue } from './queue.ts';

// The market's background work:
// - every process, on a timer: reload the symbols another process or `npm run data` changed
//   (app_meta 'market_change'), so every market cache picks up an import within a minute;
// - the daily update (MARKET_PROVIDERS): once a day after MARKET_UPDATE_HOUR_UTC, claimed by one
//   process for the day and run by one worker of the job queue, however many processes there are;
// - "after a market data update": every finished import or update (CLI or daily job) enqueues one
//   job per registered follow-up (the alerts feature plugs its evaluation in here), exactly once.

export const UPDATE_QUEUE = 'market-update';
const followUpQueue = (name: string) => `after-market-update-${name}`;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** True when today's update is due: past the configured hour (after the US close) and not yet
 *  claimed for today. */
export function updateDue(now: Date, lastDay: string | null, hourUtc: number): boolean {
  const today = now.toISOString().slice(0, 10);
  return now.getUTCHours() >= hourUtc && lastDay !== today;
}

async function claimedDay(db: Db): Promise<string | null> {
  const [row] = await db.query<{ value: { day?: string } }>(`SELECT value FROM app_meta WHERE key = 'market_update_claim'`);
  return row?.value?.day ?? null;
}

/** Claims `day` for the daily update: true for exactly one caller per day, whatever the number of
 *  processes (the row is written only when it holds another day; the loser gets no row back). */
export async function claimUpdateDay(t: Db, day: string): Promise<boolean> {
  const rows = await t.query(
    `INSERT INTO app_meta (key, value) VALUES ('market_update_claim', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
       WHERE app_meta.value->>'day' IS DISTINCT FROM EXCLUDED.value->>'day'
     RETURNING key`,
    [JSON.stringify({ day })],
  );
  return rows.length === 1;
}

/** Enqueues today's update when it is due and no process has claimed the day yet; the claim and
 *  the job commit together. True when this call enqueued it. */
export async function scheduleDailyUpdate(deps: { db: Db; queue: JobQueue; config: AppDeps['config'] }, now = new Date()): Promise<boolean> {
  if (!deps.config.marketProviders.length) return false;
  if (!updateDue(now, await claimedDay(deps.db), deps.config.marketUpdateHourUtc)) return false;
  const day = now.toISOString().slice(0, 10);
  const sent = await deps.db.tx(async (t) => {
    if (!(await claimUpdateDay(t, day))) return false;
    // A failed update is tried twice more, ten minutes apart; a worker killed mid-way is given up
    // on after three hours and the job runs again (the import resumes where it stopped).
    await deps.queue.send(UPDATE_QUEUE, { day }, { tx: t, retryLimit: 2, retryDelaySeconds: 600, expireInSeconds: 3 * 3600 });
    return true;
  });
  if (sent) deps.queue.nudge(UPDATE_QUEUE);
  return sent;
}

export interface MarketUpdateEvent {
  /** market_import_log id */
  importId: number;
  command: 'import' | 'update';
  sources: string;
  interrupted: boolean;
  finishedAt: string;
  summary: { new?: number; updated?: number; unchanged?: number; rejected?: number; [k: string]: unknown };
}

const followUps = new Map<string, (event: MarketUpdateEvent) => Promise<void>>();

/** Declares work to run once after every market data update (daily job or `npm run data --
 *  import/update`), e.g. evaluating alerts. Every process must register the same follow-ups. */
export function registerMarketFollowUp(name: string, handler: (event: MarketUpdateEvent) => Promise<void>) {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`follow-up name ${name}: lower-case letters, digits and hyphens`);
  followUps.set(name, handler);
}

/** Enqueues the follow-ups of finished imports that have none yet: the log row is marked and the
 *  jobs are sent in one transaction, and SKIP LOCKED keeps two processes off the same rows, so each
 *  update gets each follow-up once. Answers the import ids handled. */
export async function dispatchFollowUps(db: Db, queue: JobQueue): Promise<number[]> {
  const names = [...followUps.keys()];
  const rows = await db.tx(async (t) => {
    const rows = await t.query<{ id: number; command: 'import' | 'update'; sources: string; interrupted: boolean; finished_at: string; summary: Record<string, unknown> }>(
      `UPDATE market_import_log SET followups_at = now()
       WHERE id IN (SELECT id FROM market_import_log WHERE followups_at IS NULL AND finished_at IS NOT NULL
                    ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED)
       RETURNING id, command, sources, interrupted, finished_at::text, summary`,
    );
    for (const r of rows.sort((a, b) => a.id - b.id)) {
      const { rejectedSources: _, ...summary } = r.summary ?? {};
      const event: MarketUpdateEvent = { importId: r.id, command: r.command, sources: r.sources, interrupted: r.interrupted, finishedAt: r.finished_at, summary };
      for (const name of names) await queue.send(followUpQueue(name), event, { tx: t, retryLimit: 3, retryDelaySeconds: 60 });
    }
    return rows;
  });
  if (rows.length) for (const name of names) queue.nudge(followUpQueue(name), rows.length);
  return rows.map((r) => r.id);
}

/** The market jobs of one process: its cache refresh, and (with workers) the update and follow-up
 *  workers. */
export function marketJobs(deps: Pick<AppDeps, 'config' | 'db' | 'series' | 'queue'>, log: Log) {
  const { config, db, series, queue } = deps;

  /** Reloads what imports by other processes (or `npm run data`) changed since the last look. */
  async function reloadChanged() {
    const reloaded = await series.catchUp(db);
    if (reloaded?.full) log.info(`market cache: reloaded in full (${reloaded.symbols} symbols): more than one import since the last look`);
    else if (reloaded) log.info(`market cache: reloaded ${reloaded.symbols} symbols changed by an import`);
  }

  /** The daily update job: the configured network providers, then this process's cache. */
  async function runDailyUpdate(day: string) {
    const report = await runUpdate(db, config);
    const s = report.summary();
    log.info({ ...s }, 'market update done');
    for (const e of report.rejected.slice(0, 20)) log.warn(`market update rejected ${e.source}: ${e.problems.join('; ')}`);
    await reloadChanged(); // the update's own change, before its follow-ups run
    await db.query(
      `INSERT INTO app_meta (key, value) VALUES ('market_update', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify({ day, summary: s })],
    );
    await dispatchFollowUps(db, queue);
  }

  /** Creates the queues (every process) and starts their workers (when this process runs any). */
  async function defineQueues(workers: boolean) {
    await queue.define<{ day: string }>({ name: UPDATE_QUEUE, concurrency: workers ? 1 : 0, expireInSeconds: 3 * 3600 }, (job) => runDailyUpdate(job.data.day));
    for (const [name, handler] of followUps) {
      await queue.define<MarketUpdateEvent>({ name: followUpQueue(name), concurrency: workers ? 1 : 0 }, (job) => handler(job.data));
    }
  }

  return { reloadChanged, runDailyUpdate, defineQueues, scheduleDailyUpdate: () => scheduleDailyUpdate(deps), dispatchFollowUps: () => dispatchFollowUps(db, queue) };
}
