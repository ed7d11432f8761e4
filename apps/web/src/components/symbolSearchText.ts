// The words of the symbol box (components/SymbolSearch.tsx), shared with its tests.
import { MARKET_DATA_LINK } from './marketDataText.ts';

export const SYMBOL_SEARCH_TEXT = {
  /** Read out with the box: what it accepts. */
  hint: 'Type a ticker or a company name',
  /** The list's name (not the box's label, so a search by that label finds the box alone). */
  listLabel: 'Matching listings',
  suggestionsLabel: 'Listings to pick instead',
  searching: 'Searching…',
  noMatches: (q: string) => `No listing matches “${q}”.`,
  failed: 'Could not search the listings.',
  /** Under the spec's 'symbol not found': which market is loaded, and what to pick instead. */
  notInMarket: (symbol: string, demo: boolean, listings: number) =>
    demo
      ? `${symbol} is not in the loaded market: the demo market has fictional listings (see ${MARKET_DATA_LINK} to load real ones). Pick one of these:`
      : `${symbol} is not among the ${listings.toLocaleString('en-US')} listings of the loaded market. Pick one of these:`,
  count: (n: number) => `${n} ${n === 1 ? 'match' : 'matches'}, arrow keys to choose`,
} as const;
