// Symbol lookup and chart history (spec §3 Candle / Symbol check result, §7 check_symbol, charts
// history and dhistory). Query strings are validated with these schemas on the server; error
// messages are DRF's wording, since the spec's client reads DRF bodies.
import { z } from 'zod';

/** One bar: the one candle type of the API, the charts and the backtest chart. `time` is Unix
 *  seconds at UTC midnight of the session (the bar's first session for weekly and monthly candles);
 *  prices are split- and dividend-adjusted, volume split-adjusted. */
export const Candle = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number().optional(),
});
export type Candle = z.infer<typeof Candle>;

/** GET /api/check_symbol/: the listing and its last move. `price` is the last close, `diff` the
 *  change from the previous close and `chg` that change in percent (2.5 = 2.5 %); null when the
 *  listing has no bars yet (diff and chg also when it has only one). */
export const CheckSymbolResult = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number().nullable(),
  market: z.string(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  diff: z.number().nullable(),
  chg: z.number().nullable(),
});
export type CheckSymbolResult = z.infer<typeof CheckSymbolResult>;

/** The history calls answer candles, or this when there are none to show (HTTP 200). */
export const HistoryStatus = z.object({ s: z.enum(['no_data', 'error']), errmsg: z.string().optional() });
export type HistoryStatus = z.infer<typeof HistoryStatus>;
export const HistoryResponse = z.union([z.array(Candle), HistoryStatus]);
export type HistoryResponse = z.infer<typeof HistoryResponse>;
export const isHistoryStatus = (r: HistoryResponse): r is HistoryStatus => !Array.isArray(r);

/** check_symbol's 404 detail, and the errmsg of a history call for an unknown symbol. */
export const SYMBOL_NOT_FOUND = 'symbol not found';
export const NO_DATA_MESSAGE = 'No data available';

/** Spec §9 chart frequencies: Daily 0, Weekly 1, Monthly 2. */
export const FREQUENCY_IDS = { daily: 0, weekly: 1, monthly: 2 } as const;
export type FrequencyId = (typeof FREQUENCY_IDS)[keyof typeof FREQUENCY_IDS];

const REQUIRED = 'This field is required.';
const requiredString = (invalid: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : invalid) });

/** A ticker as typed: trimmed, case-insensitive (answered upper-case), letters, digits and . - ^ /. */
export const symbolParam = requiredString('Enter a valid symbol.')
  .trim()
  .min(1, { error: 'This field may not be blank.', abort: true })
  .max(20, 'Ensure this field has no more than 20 characters.')
  .regex(/^[A-Za-z0-9.\-^/]+$/, 'Enter a valid symbol.')
  .transform((s) => s.toUpperCase());

const resolutionParam = z
  .string({ error: 'Only daily resolution "D" is supported.' })
  .refine((s) => s.toUpperCase() === 'D', 'Only daily resolution "D" is supported.')
  .optional();

/** A whole number of Unix seconds, as the query string spells it. */
const unixSecondsParam = z
  .string({ error: 'A valid integer is required.' })
  .trim()
  .regex(/^-?\d{1,12}$/, 'A valid integer is required.')
  .transform(Number)
  .refine((n) => n >= 0, 'Ensure this value is greater than or equal to 0.');

export const checkSymbolQuery = z.object({ symbol: symbolParam });
export type CheckSymbolQuery = z.infer<typeof checkSymbolQuery>;

export const historyQuery = z.object({
  symbol: symbolParam,
  resolution: resolutionParam,
  frequencyID: z
    .string({ error: 'A valid integer is required.' })
    .trim()
    .refine((s) => s === '0' || s === '1' || s === '2', { error: (iss) => `"${String(iss.input)}" is not a valid choice.` })
    .transform((s) => Number(s) as FrequencyId)
    .optional()
    .transform((v) => v ?? FREQUENCY_IDS.daily),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** `from` defaults to 0 and `to` to now (the server fills it); both inclusive. */
export const dhistoryQuery = z
  .object({
    symbol: symbolParam,
    resolution: resolutionParam,
    from: unixSecondsParam.optional().transform((v) => v ?? 0),
    to: unixSecondsParam.optional(),
  })
  .refine((q) => q.to === undefined || q.to >= q.from, { path: ['to'], message: 'to must not be before from.' });
export type DhistoryQuery = z.infer<typeof dhistoryQuery>;

/** GET /api/symbols/search/: what a symbol box offers as the user types. `q` matches the start of a
 *  ticker or of words of the company name ("app" → AAPL, Apple Inc.; "bank am" → Bank of America). */
export const SYMBOL_SEARCH_MAX = 50;
export const symbolSearchQuery = z.object({
  q: requiredString('Not a valid string.')
    .trim()
    .min(1, { error: 'This field may not be blank.', abort: true })
    .max(50, 'Ensure this field has no more than 50 characters.'),
  limit: z
    .string({ error: 'A valid integer is required.' })
    .trim()
    .regex(/^\d{1,4}$/, 'A valid integer is required.')
    .transform(Number)
    .refine((n) => n >= 1, 'Ensure this value is greater than or equal to 1.')
    .refine((n) => n <= SYMBOL_SEARCH_MAX, `Ensure this value is less than or equal to ${SYMBOL_SEARCH_MAX}.`)
    .optional()
    .transform((v) => v ?? 8),
});
export type SymbolSearchQuery = z.infer<typeof symbolSearchQuery>;

export const SymbolMatch = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  instr_type: z.enum(['EQUITY', 'ETF']),
});
export type SymbolMatch = z.infer<typeof SymbolMatch>;

/** Matches best first: the exact ticker, then tickers starting with `q`, then names with words
 *  starting with `q`'s words, each group by average dollar volume (most traded first). `demo` is true
 *  when the loaded market is the generated demo one (fictional listings); `listings` its size. */
export const SymbolSearchResult = z.object({
  demo: z.boolean(),
  listings: z.number().int(),
  results: z.array(SymbolMatch),
});
export type SymbolSearchResult = z.infer<typeof SymbolSearchResult>;

/** GET /api/market/status/: what market the server has loaded. `demo` is true for the generated
 *  demo market (fictional listings); `first_date`/`last_date` the first and last session with bars
 *  (ISO dates, null without bars); `updated_at` when the last import or daily update finished (ISO
 *  time, null when none has); `source` where the data came from (the demo market, or the last
 *  import's files or providers); `most_traded` up to three tickers by average dollar volume. */
export const MarketStatus = z.object({
  demo: z.boolean(),
  listings: z.number().int(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  updated_at: z.string().nullable(),
  source: z.string(),
  most_traded: z.array(z.string()),
});
export type MarketStatus = z.infer<typeof MarketStatus>;
