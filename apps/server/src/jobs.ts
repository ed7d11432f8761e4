import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.ts';
import type { Db } from './db/index.ts';
import { runUpdate } from './market/importer/update.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Last day (YYYY-MM-DD, UTC) the daily update finished, kept in app_meta. */
async function lastUpdateDay(db: Db): Promise<string | null> {
  const [row] = await db.query<{ value: { day?: string } }>(`SELECT value FROM app_meta WHERE key = 'market_update'`);
  return row?.value?.day ?? null;
}

/** True when today's update is due: past the configured hour (after the US close) and not yet run. */
export function updateDue(now: Date, lastDay: string | null, hourUtc: number): boolean {
  const today = now.toISOString().slice(0, 10);
  return now.getUTCHours() >= hourUtc && lastDay !== today;
}

/** The two market jobs, as functions (startJobs runs them on timers; tests call them). */
export function marketJobs(deps: AppDeps, log: Pick<FastifyBaseLogger, 'info' | 'warn'>, now: () => Date = () => new Date()) {
  const { config, db, series } = deps;
  let seenChange: number | null = null;

  const readChange = async () => {
    const [row] = await db.query<{ value: { version: number; symbols: string[] } }>(`SELECT value FROM app_meta WHERE key = 'market_change'`);
    return row?.value ?? null;
  };

  /** Reloads the symbols an import by another process changed since the last call (the first
   *  call only remembers the current version: the cache was just loaded). */
  async function reloadChanged() {
    const change = await readChange();
    const version = change?.version ?? 0;
    if (seenChange !== null && version !== seenChange && change) {
      await series.load(db, change.symbols);
      log.info(`market cache: reloaded ${change.symbols.length} symbols changed by an import`);
    }
    seenChange = version;
  }

  /** Runs the configured network providers once a day, then reloads what changed. */
  async function dailyUpdate(): Promise<boolean> {
    if (!updateDue(now(), await lastUpdateDay(db), config.marketUpdateHourUtc)) return false;
    const report = await runUpdate(db, config);
    const s = report.summary();
    log.info({ ...s }, 'market update done');
    for (const e of report.rejected.slice(0, 20)) log.warn(`market update rejected ${e.source}: ${e.problems.join('; ')}`);
    if (report.changedSymbols.size) await series.load(db, [...report.changedSymbols]);
    seenChange = (await readChange())?.version ?? seenChange; // our own change is already loaded
    await db.query(
      `INSERT INTO app_meta (key, value) VALUES ('market_update', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify({ day: now().toISOString().slice(0, 10), summary: s })],
    );
    return true;
  }

  return { reloadChanged, dailyUpdate };
}

/** Background work of the single node:
 *  - the daily market update, when MARKET_PROVIDERS names a network provider: checked every hour,
 *    run once a day after MARKET_UPDATE_HOUR_UTC; the changed symbols are reloaded into the cache;
 *  - every minute, picks up imports made by `npm run data` against the same PostgreSQL database
 *    (the importer bumps app_meta 'market_change') and reloads those symbols. */
export function startJobs(deps: AppDeps, log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  const jobs = marketJobs(deps, log);
  let busy = false;

  // One job at a time; a failure is logged and retried at the next tick.
  const guarded = (name: string, fn: () => Promise<unknown>) => async () => {
    if (busy) return;
    busy = true;
    try {
      await fn();
    } catch (e) {
      log.error({ err: e }, `${name} failed`);
    } finally {
      busy = false;
    }
  };

  void guarded('market cache refresh', jobs.reloadChanged)(); // remember the current version
  timers.push(setInterval(guarded('market cache refresh', jobs.reloadChanged), MINUTE));
  if (deps.config.marketProviders.length) {
    const run = guarded('market update', jobs.dailyUpdate);
    timers.push(setTimeout(run, MINUTE)); // let the server finish starting first
    timers.push(setInterval(run, HOUR));
  }
  for (const t of timers) t.unref();
  return { stop: () => timers.forEach((t) => clearInterval(t)) };
}
