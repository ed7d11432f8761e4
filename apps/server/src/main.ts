import { mkdirSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { SeriesCache } from './market/seriesCache.ts';
import { seedDemoMarketIfEmpty } from './market/demo/seed.ts';
import { seedBlogPostsIfEmpty } from './blog/seed.ts';
import { buildApp } from './app.ts';
import { startJobs } from './jobs.ts';
import { holdApiUntilMarketLoaded } from './market/cacheGate.ts';

// Starts the one process that serves the web app and the API.
const config = loadConfig();
const t0 = Date.now();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(db);
const series = new SeriesCache();
const app = await buildApp({ config, db, series }, { logger: { level: config.logLevel } });
if (applied.length) app.log.info({ applied }, 'migrations applied');
await seedDemoMarketIfEmpty(db, config, (msg) => app.log.info(msg));
await seedBlogPostsIfEmpty(db, (msg) => app.log.info(msg));
// The market cache loads while the server already listens (a later start is then quick); API
// requests wait for it and /healthz reports it as loading.
holdApiUntilMarketLoaded(app, series);
let jobs: ReturnType<typeof startJobs> | null = null;
let closing = false;
const cacheLoaded = series.loadInBackground(db).then(
  () => {
    app.log.info(`market cache: ${series.size} symbols loaded in ${Date.now() - t0} ms since start`);
    if (!closing) jobs = startJobs({ config, db, series }, app.log);
  },
  (err) => {
    app.log.fatal({ err }, 'market cache failed to load');
    process.exit(1);
  },
);

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  jobs?.stop();
  await app.close();
  await cacheLoaded; // never close the database under a running load
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`ready in ${Date.now() - t0} ms on ${config.siteUrl} (${db.kind})`);
