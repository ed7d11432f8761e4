import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { keptSecretKey, secretKeyProblem } from './accounts/secretKey.ts';
import { SeriesCache } from './market/seriesCache.ts';
import { seedDemoMarketIfEmpty } from './market/demo/seed.ts';
import { seedBlogPostsIfEmpty } from './blog/seed.ts';
import { buildApp } from './app.ts';
import { openQueue } from './jobs/queue.ts';
import { EnginePool } from './engine/pool.ts';
import { startJobs, type Jobs } from './jobs/index.ts';
import { holdApiUntilMarketLoaded } from './market/cacheGate.ts';
import type { AppDeps } from './deps.ts';

// Starts one server process: the web app, the API and (WORKERS > 0) job workers. Several may run
// on one PostgreSQL database behind a reverse proxy (docs/deployment.md).
const config = loadConfig();
const t0 = Date.now();
// A SECRET_KEY that is too short or published as an example refuses the start before anything opens.
const keyProblem = process.env.SECRET_KEY ? secretKeyProblem(process.env.SECRET_KEY) : null;
if (keyProblem) {
  console.error(`refusing to start: ${keyProblem}`);
  process.exit(1);
}
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, serve: true });
const applied = await migrate(db);
const secret = await keptSecretKey(db, { secretKeyEnv: process.env.SECRET_KEY, dataDir: config.dataDir });
config.secretKey = secret.key;
let logError: (err: unknown, msg: string) => void = (err, msg) => console.error(msg, err);
const queue = await openQueue(db, { onError: (err) => logError(err, 'job queue error') });
// JOB_MODULES: extra modules that register batch kinds or market follow-ups and may add routes
// (the two-process tests use one). Imported before the jobs start, like every feature module.
const modules: Array<{ routes?: FastifyPluginAsync<{ deps: AppDeps }> }> = [];
for (const m of config.jobModules) modules.push(await import(pathToFileURL(resolve(m)).href));
const series = new SeriesCache();
const engine = new EnginePool({ threads: config.engineThreads });
const deps: AppDeps = { config, db, series, queue, engine };
const app = await buildApp(deps, { logger: { level: config.logLevel } });
for (const m of modules) if (m.routes) await app.register(m.routes, { deps });
logError = (err, msg) => app.log.error({ err }, msg);
if (applied.length) app.log.info({ applied }, 'migrations applied');
app.log.info(
  secret.source === 'SECRET_KEY'
    ? 'signing key: SECRET_KEY from the environment'
    : `signing key: ${secret.source === 'generated' ? 'generated a random key and kept it in' : 'loaded from'} ${secret.where}`,
);
if (secret.endedSessions) app.log.warn('signing key changed since the last start: every session has ended');
await seedDemoMarketIfEmpty(db, config, (msg) => app.log.info(msg));
await seedBlogPostsIfEmpty(db, (msg) => app.log.info(msg));
// The market cache loads while the server already listens (a later start is then quick); API
// requests wait for it and /healthz reports it as loading.
holdApiUntilMarketLoaded(app, series);
let jobs: Jobs | null = null;
let closing = false;
const started = series
  .loadInBackground(db)
  .then(async () => {
    app.log.info(`market cache: ${series.size} symbols loaded in ${Date.now() - t0} ms since start`);
    if (closing) return;
    jobs = await startJobs(deps, app.log);
    app.log.info(`jobs: ${config.workers} workers (${queue.library})`);
  })
  .catch((err) => {
    app.log.fatal({ err }, 'market cache or jobs failed to start');
    process.exit(1);
  });

/** SIGTERM/SIGINT: stop answering (requests in flight finish), let running chunks finish within
 *  SHUTDOWN_GRACE_SECONDS and hand the others back to the queue, then close the database. */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await started; // never close the database under a running load
  if (jobs) await jobs.stop(config.shutdownGraceSeconds * 1000);
  else await queue.stop(1000);
  await engine.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`ready in ${Date.now() - t0} ms on ${config.siteUrl} (${db.kind})`);
