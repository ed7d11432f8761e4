// Every setting comes from the environment; .env.example lists them with these defaults.
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null; // null → embedded PGlite in dataDir
  dataDir: string;
  siteUrl: string; // public origin, used for Origin checks and links in mails
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
  trustProxy: boolean; // honour X-Forwarded-For only behind a proxy you run
}

const env = (k: string, d: string) => (process.env[k] ?? '') || d;

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const port = Number(env('PORT', '8000'));
  return {
    port,
    host: env('HOST', '0.0.0.0'),
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: env('DATA_DIR', './data'),
    siteUrl: env('SITE_URL', `http://localhost:${port}`),
    secretKey: env('SECRET_KEY', 'dev-only-secret-change-me-in-production-0123456789'),
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
    trustProxy: env('TRUST_PROXY', 'false') === 'true',
    webDist: env('WEB_DIST', new URL('../../web/dist', import.meta.url).pathname),
    ...overrides,
  };
}
