// Every string of the scanner screen that a test looks for: the spec's messages (one source, from the
// contract, shared with the server) and the screen's own labels. The e2e test imports this module.
import { SCANNER_MESSAGES } from '@app/contract';

export { SCANNER_MESSAGES };

export const SCANNER_TEXT = {
  title: 'Stock Scanner',
  intro: 'Combine basic, technical and fundamental filters to find stocks across the whole market.',
  filters: 'Filters',
  categories: 'Filter categories',
  addFilter: 'Add filter',
  savedScanRuns: (name: string) => `Saved scan “${name}”:`,
  filterType: 'Filter type',
  removeFilter: 'Remove filter',
  noFiltersInCategory: (category: string) => `No ${category} filters yet. Pick a filter type and press “Add filter”.`,
  scan: 'Scan',
  /** A scan refused because a box cannot be read (or is empty): nothing is sent. */
  fixBeforeScan: 'Nothing was scanned: a filter value cannot be read. Fix the marked box (or remove its filter), then press Scan.',
  /** A tab's count of filters a scan cannot send as they are. */
  toFix: (n: number) => `${n} to fix`,
  rescan: 'Rescan',
  loginToScan: 'Login to Scan',
  signInPrompt: 'Sign in to run scans and save queries.',
  signInLink: 'Sign in',
  /** After a scan that found nothing: the filter that on its own removed the most listings. */
  emptyReason: (filter: string, removed: number, total: number) =>
    `The ${filter} filter removed the most listings: ${removed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}. Loosen it first.`,
  loadMore: 'Load More',
  exportCsv: 'Export CSV',
  results: 'Results',
  resultsTable: 'Scan results',
  na: 'N/A',
  loginNow: 'Login now',
  dismiss: 'Dismiss',
  sessionExpiredTitle: 'Session expired',
  // query menu
  queries: 'Queries',
  saveQuery: 'Save query…',
  loadQuery: 'Load query',
  deleteQuery: 'Delete query',
  noSavedQueries: 'No saved queries yet: build some filters and choose “Save query…”.',
  loadingQueries: 'Loading…',
  queriesFailed: 'Could not load saved queries.',
  saveDialogTitle: 'Save query',
  templateName: 'Query name',
  save: 'Save',
  cancel: 'Cancel',
  saved: (name: string) => `Query “${name}” saved`,
  loaded: (name: string) => `Query “${name}” loaded`,
  loadFailed: 'Failed to load the query. Please try again.',
  presets: 'Start from a preset',
  presetLoaded: (name: string) => `Preset “${name}” filled in. Adjust the filters if you like, then press Scan.`,
} as const;

/** Column headers of the results table (spec §2), in order, with the field each one sorts on. */
export const RESULT_COLUMNS = [
  { field: 'symbol', label: 'Symbol' },
  { field: 'name', label: 'Name' },
  { field: 'price', label: 'Price' },
  { field: 'diff', label: 'Change' },
  { field: 'chg', label: '% Change' },
  { field: 'sector', label: 'Sector' },
  { field: 'market_cap', label: 'Market Cap' },
  { field: 'volume', label: 'Volume' },
] as const;

/** The columns a 390 px phone keeps on screen (the rest show in a row's details, on tap). */
export const PHONE_COLUMNS = ['symbol', 'price', 'diff', 'chg'] as const satisfies ReadonlyArray<(typeof RESULT_COLUMNS)[number]['field']>;

/** The results table's phone controls. */
export const RESULTS_PHONE_TEXT = {
  sortBy: 'Sort by',
  details: (symbol: string) => `Details of ${symbol}`,
} as const;
