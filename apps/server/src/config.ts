import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';

// Every setting comes from the environment; .env.example lists them with these defaults.
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null; // null → embedded PGlite in dataDir
  dataDir: string;
  siteUrl: string; // public origin, used for Origin checks and links in mails
  // SECRET_KEY; unset: a random key for this process only, which main.ts replaces with the kept one
  // (accounts/secretKey.ts). Tools and tests that never start main.ts thus sign with a throwaway key.
  secretKey: string;
  authBasePath: string; // the spec's {base} for dj-rest-auth paths
  smtpUrl: string | null;
  mailFrom: string;
  googleClientId: string | null;
  googleClientSecret: string | null;
  googleAuthUrl: string;
  googleTokenUrl: string;
  googleIssuer: string;
  googleJwksUrl: string;
  resetTokenTtlSeconds: number;
  supportEmail: string;
  disclaimer: string;
  demoSeed: number;
  demoSymbols: number;
  logLevel: string;
  marketProviders: string[]; // network providers for the daily update job
  nasdaqScreenerUrl: string;
  nasdaqTraderUrl: string;
  yahooChartUrl: string;
  secFilesUrl: string;
  secDataUrl: string;
  secUserAgent: string; // the SEC asks for "Name contact@example.com"
  marketUpdateHourUtc: number; // the daily update runs once a day after this hour (after the US close)
  webDist: string;
  // Honour X-Forwarded-For only behind a proxy you run: true (every hop), a number of proxy hops
  // (1 = the address your proxy appended), or a comma-separated list of proxy addresses/CIDRs.
  trustProxy: boolean | number | string;
  workers: number; // job-queue workers in this process (chunks at once); 0 = API only
  engineThreads: number; // worker threads that run backtests, charts and optimisation cells
  heavyPerUser: number; // backtests and charts one user may have computing at once (more answer 429)
  runsQueuedMax: number; // background runs of all users queued or running at once (more answer 503)
  accountsPerAddressPerDay: number; // accounts one client address may create a day (more answer 429)
  batchLeaseSeconds: number; // a chunk whose worker has not beaten for this long is taken by another
  batchStaleSeconds: number; // a run with no progress and no live worker for this long is marked failed
  shutdownGraceSeconds: number; // SIGTERM waits this long for running chunks, then hands them back
  marketRefreshSeconds: number; // how often each process looks for market data changed by others
  jobModules: string[]; // extra modules that register job kinds (tests)
  // Alert webhooks: private, loopback and link-local targets (and plain http) are refused unless
  // this is on (a self-hosted setup posting to its own network; tests).
  alertWebhookAllowPrivate: boolean;
  alertWebhookTimeoutMs: number; // one delivery attempt gives up after this long
  alertWebhookRetries: number; // attempts after the first failed one
  alertWebhookBackoffMs: number; // wait before the first retry; doubles after each
  alertWebhookConcurrency: number; // webhook attempts at once per process (at most one per user)
}

/** TRUST_PROXY: 'true' / 'false', a hop count, or addresses (see Config.trustProxy). */
function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

const env = (k: string, d: string) => (process.env[k] ?? '') || d;
/** A whole number setting; a typo stops the start with its name rather than running with NaN. */
const count = (k: string, d: number, min = 0) => {
  const v = Number(env(k, String(d)));
  if (!Number.isInteger(v) || v < min) throw new Error(`${k} must be a whole number of at least ${min} (got "${process.env[k]}")`);
  return v;
};

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const port = Number(env('PORT', '8000'));
  return {
    port,
    host: env('HOST', '0.0.0.0'),
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: env('DATA_DIR', './data'),
    siteUrl: env('SITE_URL', `http://localhost:${port}`),
    secretKey: env('SECRET_KEY', randomBytes(32).toString('base64url')),
    authBasePath: env('AUTH_BASE_PATH', ''),
    smtpUrl: process.env.SMTP_URL || null,
    mailFrom: env('MAIL_FROM', 'Stockbench <no-reply@localhost>'),
    googleClientId: process.env.GOOGLE_CLIENT_ID || null,
    googleClientSecret: process.env.GOOGLE_CLIENT_SECRET || null,
    googleAuthUrl: env('GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
    googleTokenUrl: env('GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
    googleIssuer: env('GOOGLE_ISSUER', 'https://accounts.google.com'),
    googleJwksUrl: env('GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs'),
    resetTokenTtlSeconds: Number(env('RESET_TOKEN_TTL_SECONDS', '3600')),
    supportEmail: env('SUPPORT_EMAIL', 'support@example.com'),
    disclaimer: env(
      'DISCLAIMER',
      'This site is not responsible for how its features, calculations or results are used. Nothing here is investment advice.',
    ),
    demoSeed: Number(env('DEMO_SEED', '20260101')),
    demoSymbols: Number(env('DEMO_SYMBOLS', '1600')),
    logLevel: env('LOG_LEVEL', 'info'),
    marketProviders: env('MARKET_PROVIDERS', '').split(',').map((s) => s.trim()).filter(Boolean),
    nasdaqScreenerUrl: env('NASDAQ_SCREENER_URL', 'https://api.nasdaq.com'),
    nasdaqTraderUrl: env('NASDAQ_TRADER_URL', 'https://www.nasdaqtrader.com/dynamic/SymDir'),
    yahooChartUrl: env('YAHOO_CHART_URL', 'https://query1.finance.yahoo.com'),
    secFilesUrl: env('SEC_FILES_URL', 'https://www.sec.gov'),
    secDataUrl: env('SEC_DATA_URL', 'https://data.sec.gov'),
    secUserAgent: env('SEC_USER_AGENT', 'Stockbench admin@example.com'),
    marketUpdateHourUtc: Number(env('MARKET_UPDATE_HOUR_UTC', '22')),
    trustProxy: parseTrustProxy(env('TRUST_PROXY', 'false')),
    workers: count('WORKERS', availableParallelism()),
    engineThreads: count('ENGINE_THREADS', availableParallelism(), 1),
    heavyPerUser: count('HEAVY_PER_USER', 2, 1),
    runsQueuedMax: count('RUNS_QUEUED_MAX', 20, 1),
    accountsPerAddressPerDay: count('ACCOUNTS_PER_ADDRESS_PER_DAY', 50, 1),
    batchLeaseSeconds: count('BATCH_LEASE_SECONDS', 30, 1),
    batchStaleSeconds: count('BATCH_STALE_SECONDS', 600, 1),
    shutdownGraceSeconds: count('SHUTDOWN_GRACE_SECONDS', 20),
    marketRefreshSeconds: count('MARKET_REFRESH_SECONDS', 60, 1),
    alertWebhookAllowPrivate: env('ALERT_WEBHOOK_ALLOW_PRIVATE', 'false') === 'true',
    alertWebhookTimeoutMs: count('ALERT_WEBHOOK_TIMEOUT_MS', 5000, 1),
    alertWebhookRetries: count('ALERT_WEBHOOK_RETRIES', 3),
    alertWebhookBackoffMs: count('ALERT_WEBHOOK_BACKOFF_MS', 2000),
    alertWebhookConcurrency: count('ALERT_WEBHOOK_CONCURRENCY', 4, 1),
    jobModules: env('JOB_MODULES', '').split(',').map((s) => s.trim()).filter(Boolean),
    webDist: env('WEB_DIST', new URL('../../web/dist', import.meta.url).pathname),
    ...overrides,
  };
}
