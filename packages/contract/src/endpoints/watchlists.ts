// Watchlists: the user's lists, their symbols, the page's rows, CSV import/export and the star.
import { z } from 'zod';
import { IdParams } from '../backtest/index.ts';
import {
  Watchlist,
  WatchlistCreate,
  WatchlistExport,
  WatchlistImport,
  WatchlistImportResult,
  WatchlistListItem,
  WatchlistMembership,
  WatchlistMembershipQuery,
  WatchlistRename,
  WatchlistReorder,
  WatchlistRows,
  WatchlistSymbolParams,
  WatchlistSymbolsAdd,
  WATCHLIST_LIMITS,
  WATCHLIST_MESSAGES,
} from '../watchlists.ts';
import { endpoint } from './endpoint.ts';

const TAG = 'Watchlists';

export const watchlists = {
  list: endpoint({ method: 'GET', path: '/api/watchlists/', auth: 'user', tag: TAG, summary: "The user's watchlists, by name", status: 200, response: z.array(WatchlistListItem) }),
  create: endpoint({
    method: 'POST', path: '/api/watchlists/', auth: 'user', tag: TAG, summary: 'Create a watchlist',
    description: `Names are unique per user (400 {name: ['${WATCHLIST_MESSAGES.nameUsed}']}); at most ${WATCHLIST_LIMITS.maxWatchlists} lists ` +
      `(400 {detail}); every symbol must be listed (400 {symbols: ['symbol not found: X']}).`,
    body: WatchlistCreate, status: 201, response: Watchlist,
  }),
  membership: endpoint({
    method: 'GET', path: '/api/watchlists/membership/', auth: 'user', tag: TAG, summary: 'Every watchlist of the user and whether it holds a symbol (the star toggle)',
    query: WatchlistMembershipQuery, status: 200, response: WatchlistMembership,
  }),
  get: endpoint({
    method: 'GET', path: '/api/watchlists/{id}/', auth: 'user', tag: TAG, summary: 'A watchlist with its symbols in order',
    params: IdParams, status: 200, response: Watchlist, errors: [404],
  }),
  rename: endpoint({
    method: 'PUT', path: '/api/watchlists/{id}/', auth: 'user', tag: TAG, summary: 'Rename a watchlist',
    params: IdParams, body: WatchlistRename, status: 200, response: Watchlist, errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE', path: '/api/watchlists/{id}/', auth: 'user', tag: TAG, summary: 'Delete a watchlist',
    description: 'Template alerts on it are deleted with it.', params: IdParams, status: 204, response: null, errors: [404],
  }),
  addSymbols: endpoint({
    method: 'POST', path: '/api/watchlists/{id}/symbols/', auth: 'user', tag: TAG, summary: 'Append symbols (ones already there stay where they are)',
    description: `At most ${WATCHLIST_LIMITS.maxSymbols} per list (400 {symbols: ['${WATCHLIST_MESSAGES.tooManySymbols}']}).`,
    params: IdParams, body: WatchlistSymbolsAdd, status: 200, response: Watchlist, errors: [404],
  }),
  reorder: endpoint({
    method: 'PUT', path: '/api/watchlists/{id}/symbols/', auth: 'user', tag: TAG, summary: "Put the list's symbols in a new order",
    description: `Every symbol of the list, each once (400 {symbols: ['${WATCHLIST_MESSAGES.reorderMismatch}']}).`,
    params: IdParams, body: WatchlistReorder, status: 200, response: Watchlist, errors: [404],
  }),
  removeSymbol: endpoint({
    method: 'DELETE', path: '/api/watchlists/{id}/symbols/{symbol}/', auth: 'user', tag: TAG, summary: 'Take a symbol out of a watchlist',
    description: '404 when the symbol is not in the list.', params: WatchlistSymbolParams, status: 200, response: Watchlist, errors: [404],
  }),
  rows: endpoint({
    method: 'GET', path: '/api/watchlists/{id}/rows/', auth: 'user', tag: TAG, summary: 'The rows of the watchlists page',
    description: 'Per symbol, in list order: last close, change, % change, ~3 months of closes, RSI(14), % distance to SMA(50) and SMA(200).',
    params: IdParams, status: 200, response: WatchlistRows, errors: [404],
  }),
  importCsv: endpoint({
    method: 'POST', path: '/api/watchlists/{id}/import/', auth: 'user', tag: TAG, summary: 'Append the symbols of a CSV file',
    description: 'The first cell of each line is read as a symbol (a "symbol"/"ticker" header is skipped); unknown ones are answered, not dropped silently. ' +
      `Nothing is added when the list would exceed ${WATCHLIST_LIMITS.maxSymbols}.`,
    params: IdParams, body: WatchlistImport, status: 200, response: WatchlistImportResult, errors: [404],
  }),
  exportCsv: endpoint({
    method: 'GET', path: '/api/watchlists/{id}/export/', auth: 'user', tag: TAG, summary: 'The symbols as CSV text with a file name',
    params: IdParams, status: 200, response: WatchlistExport, errors: [404],
  }),
};
