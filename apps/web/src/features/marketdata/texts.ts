// The words of the Market data page, shared with its tests.

export const MARKET_DATA_TEXT = {
  title: 'Market data',
  intro: 'What market the site has loaded, how to load real data, and how it stays current.',
  loadedTitle: 'What is loaded',
  demoLoaded: 'The demo market: generated, fictional listings with realistic prices, volumes and fundamentals. Real tickers such as AAPL are not in it.',
  realLoaded: 'Real market data, imported by the site operator.',
  listings: 'Listings',
  dateRange: 'Daily bars',
  lastUpdate: 'Last update',
  source: 'Source',
  never: 'never (the demo market is generated once, at the first start)',
  noBars: 'no bars yet',
  mostTraded: 'Most traded',
  failed: 'Could not read the market status.',
  loadTitle: 'Load real data',
  loadIntro: 'On the machine that runs the server, from the project folder. Importing real data replaces the demo market.',
  loadSteps: [
    { label: '1. Import daily bars (CSV files), and listings from a saved screener JSON or an index constituents CSV:', command: 'npm run data -- import <folder of daily CSVs, screener JSON, constituents CSV>' },
    { label: '2. Check what was loaded:', command: 'npm run data -- status' },
    { label: '3. Fetch the latest data from the network providers now (optional):', command: 'MARKET_PROVIDERS=nasdaq-trader,nasdaq-screener,yahoo,sec-edgar npm run data -- update' },
  ],
  embeddedNote: 'With the embedded database (no DATABASE_URL), stop the server before importing; the next start loads the new data. With PostgreSQL, a running server picks the change up within a minute.',
  updateTitle: 'The daily update',
  updateParagraphs: [
    'With MARKET_PROVIDERS set in the server\'s environment (e.g. nasdaq-trader,nasdaq-screener,yahoo,sec-edgar), the server updates the market once a day after MARKET_UPDATE_HOUR_UTC (22:00 UTC by default), on one worker however many processes run.',
    'It refreshes the listings, adds the new daily bars (split- and dividend-adjusted) of the imported symbols, and the fundamentals; then it evaluates every alert against the new bars, so alerts fire once per update.',
    'Without MARKET_PROVIDERS nothing is fetched: the data stays as imported.',
  ],
  copy: 'Copy',
  copied: 'Copied',
} as const;

/** "1,600". */
export const count = (n: number) => n.toLocaleString('en-US');

/** "2026-11-02 10:07 UTC" from an ISO time. */
export const utcTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
