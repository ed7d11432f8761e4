// Watchlists: a user's named, ordered lists of symbols, the rows the /watchlists page shows
// (last move, a 3-month close sparkline, RSI(14), distance to SMA(50)/SMA(200)) and CSV import/export.
import { z } from 'zod';
import { Id, RowId, Timestamp } from './backtest/fields.ts';
import { symbolParam } from './market.ts';

export const WATCHLIST_LIMITS = {
  /** symbols in one list */
  maxSymbols: 500,
  /** lists per user */
  maxWatchlists: 50,
  nameMax: 100,
  /** characters of an imported CSV */
  csvMax: 100_000,
  /** closes in a row's sparkline (about 3 months of sessions) */
  sparklineBars: 63,
} as const;

export const WATCHLIST_MESSAGES = {
  nameUsed: 'You already have a watchlist with this name.',
  tooManyWatchlists: `You can have at most ${WATCHLIST_LIMITS.maxWatchlists} watchlists. Delete one first.`,
  tooManySymbols: `A watchlist holds at most ${WATCHLIST_LIMITS.maxSymbols} symbols.`,
  symbolNotFound: 'symbol not found',
  symbolNotInList: 'This symbol is not in the watchlist.',
  reorderMismatch: 'Send every symbol of the watchlist exactly once.',
  duplicateSymbol: 'A symbol may appear only once.',
  controlCharacters: 'Control characters are not allowed.',
  csvEmpty: 'The file holds no symbols.',
} as const;

/** C0 controls (NUL included) and DEL: PostgreSQL text cannot hold NUL, and none belongs in a name. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A user-written one-line name: trimmed, not blank, at most `max` characters, no control characters. */
export const nameField = (max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'This field is required.' : 'Not a valid string.') })
    .refine((s) => !CONTROL_CHARACTERS.test(s), WATCHLIST_MESSAGES.controlCharacters)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'This field may not be blank.').max(max, `Ensure this field has no more than ${max} characters.`));

/** A list of tickers (upper-cased), each at most once. */
const symbolList = (min: number) =>
  z
    .array(symbolParam)
    .min(min, min === 1 ? 'Send at least one symbol.' : undefined)
    .max(WATCHLIST_LIMITS.maxSymbols, WATCHLIST_MESSAGES.tooManySymbols)
    .refine((a) => new Set(a).size === a.length, WATCHLIST_MESSAGES.duplicateSymbol);

/** POST /api/watchlists/ body: a name and, optionally, its first symbols (all must be listed). */
export const WatchlistCreate = z.object({
  name: nameField(WATCHLIST_LIMITS.nameMax),
  symbols: symbolList(0).default([]),
});
export type WatchlistCreate = z.input<typeof WatchlistCreate>;

/** PUT /api/watchlists/{id}/ body: rename. */
export const WatchlistRename = z.object({ name: nameField(WATCHLIST_LIMITS.nameMax) });
export type WatchlistRename = z.input<typeof WatchlistRename>;

/** POST /api/watchlists/{id}/symbols/ body: symbols appended in order (ones already in the list stay where they are). */
export const WatchlistSymbolsAdd = z.object({ symbols: symbolList(1) });
export type WatchlistSymbolsAdd = z.input<typeof WatchlistSymbolsAdd>;

/** PUT /api/watchlists/{id}/symbols/ body: the list's symbols in their new order (every one, once). */
export const WatchlistReorder = z.object({ symbols: symbolList(0) });
export type WatchlistReorder = z.input<typeof WatchlistReorder>;

/** DELETE /api/watchlists/{id}/symbols/{symbol}/ path. */
export const WatchlistSymbolParams = z.object({ id: Id, symbol: symbolParam });

export const Watchlist = z.object({
  id: RowId,
  name: z.string(),
  /** in the user's order */
  symbols: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Watchlist = z.infer<typeof Watchlist>;

export const WatchlistListItem = Watchlist.omit({ symbols: true }).extend({ symbol_count: z.number().int() });
export type WatchlistListItem = z.infer<typeof WatchlistListItem>;

/** POST /api/watchlists/{id}/import/ body: CSV text; the first column of each line is a symbol (a header
 *  line whose first cell is "symbol" or "ticker" is skipped). */
export const WatchlistImport = z.object({
  csv: z
    .string({ error: (iss) => (iss.input === undefined ? 'This field is required.' : 'Not a valid string.') })
    .max(WATCHLIST_LIMITS.csvMax, `Ensure this field has no more than ${WATCHLIST_LIMITS.csvMax} characters.`)
    .refine((s) => !s.includes('\u0000'), 'Null characters are not allowed.'),
});
export type WatchlistImport = z.input<typeof WatchlistImport>;

export const WatchlistImportResult = z.object({
  watchlist: Watchlist,
  /** symbols appended, in file order */
  added: z.array(z.string()),
  /** symbols already in the list */
  already_present: z.array(z.string()),
  /** cells that are not a listed symbol, as written (nothing is dropped silently) */
  unknown: z.array(z.string()),
});
export type WatchlistImportResult = z.infer<typeof WatchlistImportResult>;

/** GET /api/watchlists/{id}/export/ answer: the symbols as CSV ("symbol" header, one per line). */
export const WatchlistExport = z.object({ filename: z.string(), csv: z.string() });
export type WatchlistExport = z.infer<typeof WatchlistExport>;

/** One row of the /watchlists page; numbers are null where the symbol has too little history. */
export const WatchlistRow = z.object({
  symbol: z.string(),
  name: z.string().nullable(),
  /** date of the last bar (YYYY-MM-DD); null for a symbol no longer in the market data */
  date: z.string().nullable(),
  close: z.number().nullable(),
  /** last close − previous close */
  change: z.number().nullable(),
  /** change ÷ previous close × 100 */
  change_pct: z.number().nullable(),
  /** the last ~3 months of closes, oldest first */
  sparkline: z.array(z.number()),
  rsi14: z.number().nullable(),
  /** (close − SMA(50)) ÷ SMA(50) × 100 */
  sma50_dist_pct: z.number().nullable(),
  /** (close − SMA(200)) ÷ SMA(200) × 100 */
  sma200_dist_pct: z.number().nullable(),
});
export type WatchlistRow = z.infer<typeof WatchlistRow>;

export const WatchlistRows = z.object({ id: RowId, name: z.string(), rows: z.array(WatchlistRow) });
export type WatchlistRows = z.infer<typeof WatchlistRows>;

/** GET /api/watchlists/membership/?symbol=X: every list of the user and whether it holds X (the star). */
export const WatchlistMembershipQuery = z.object({ symbol: symbolParam });
export const WatchlistMembership = z.object({
  symbol: z.string(),
  watchlists: z.array(z.object({ id: RowId, name: z.string(), contains: z.boolean() })),
});
export type WatchlistMembership = z.infer<typeof WatchlistMembership>;
