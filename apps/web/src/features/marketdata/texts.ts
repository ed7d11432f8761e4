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
  formatTitle: 'The CSV format',
  formatIntro: 'One file per symbol, named after it (AAPL.csv), holding its whole daily history, one bar per line, with this header:',
  formatHeader: 'date,open,high,low,close,volume',
  formatExample: ['date,open,high,low,close,volume', '2024-01-02,187.15,188.44,183.89,185.64,82488700', '2024-01-03,184.22,185.88,183.43,184.25,58414500', '2024-01-04,182.15,183.09,180.88,181.91,71983600'],
  formatRules: [
    'Dates as YYYY-MM-DD; prices adjusted for splits and dividends; volume in shares. Rows may come in any order; a bad row is skipped and named in the report.',
    'A symbol must be described by a listing (a saved screener JSON or a constituents CSV, Symbol,Name,Sector, in the same import), or the file is rejected as "unknown symbol"; --create-unknown creates it.',
    'Also read: .csv.gz and .txt files; Alpha Vantage daily_adjusted, Stooq and Yahoo layouts (told apart by the header); a ticker column instead of the file name.',
    'An import is checked in full before anything is written and replaces the market in one step: a rejected or interrupted import leaves the loaded market as it was.',
  ],
  formatMore: 'Everything the importer reads, and its options:',
  formatMoreCommand: 'npm run data -- help',
  formatMoreDoc: 'docs/cli.md and docs/market-data.md in the project folder',
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
