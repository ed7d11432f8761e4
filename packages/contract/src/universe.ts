// Many-symbol runs: one template over a universe of symbols — a saved scan point in time (or its
// matches today), a typed or pasted list, or every listed equity, each day cut by price and
// liquidity floors — as a table of single-symbol backtests
// (universe run) or as one account trading them all (portfolio run). Both run in the background.
import { z } from 'zod';
import { MAX_PORTFOLIO_POSITIONS, RANK_BY } from '@app/quant';
import { FIELD_MESSAGES, Id, IsoDate, RowId, Timestamp } from './backtest/fields.ts';
import { BacktestStats, BacktestTrade } from './backtest/run.ts';

export { MAX_PORTFOLIO_POSITIONS, RANK_BY };
export { RANK_BY_TEXT } from '@app/quant';
/** The ranking a run takes when none is given: the strongest 3-month trend fills a free slot first
 *  (an alphabetical default would fill slots with whatever sorts first). */
export const DEFAULT_RANK_BY: (typeof RANK_BY)[number] = 'momentum_high';
/** Symbols one run may cover. */
export const MAX_UNIVERSE_SYMBOLS = 10_000;
/** A typed list's length. */
export const MAX_LISTED_SYMBOLS = 2_000;

export const UNIVERSE_MESSAGES = {
  empty: 'The universe is empty: no symbol to run on.',
  unknownSymbols: (symbols: string[]) => `Unknown symbols: ${symbols.slice(0, 20).join(', ')}${symbols.length > 20 ? ` and ${symbols.length - 20} more` : ''}.`,
  tooMany: (n: number) => `The universe has ${n.toLocaleString('en-US')} symbols; at most ${MAX_UNIVERSE_SYMBOLS.toLocaleString('en-US')}.`,
  endAfterStart: 'End date must be after start date.',
  tooManyListed: `Type or paste at most ${MAX_LISTED_SYMBOLS.toLocaleString('en-US')} symbols, or use a saved scan.`,
  maxPositions: `Max. positions must be a whole number from 1 to ${MAX_PORTFOLIO_POSITIONS}.`,
  /** the point-in-time universes (a saved scan, every listed equity) */
  survivorship:
    'The universe is point in time: on each day it holds the symbols that traded that day and passed the scan and floors as of that close, delisted ones included while they traded. It is only as complete as the market data: a listing missing from it cannot be in the universe (survivorship bias).',
  /** a saved scan's matches today */
  hindsight:
    "Hindsight: the universe is the scan's matches today applied to every past day, so the run knows which stocks would pass the scan in the future (look-ahead), and stocks delisted before today are not in it (survivorship bias). Use the scan point in time for a fair test.",
  /** a typed list */
  chosenList: 'The universe is the symbols you listed: if they were chosen knowing how they did, the results carry that hindsight (survivorship bias).',
  floorPositive: 'Enter a number greater than 0, or leave the floor off.',
} as const;

/** The warning a run's result carries for its universe's kind. */
export function universeWarning(kind: Universe['kind']): string {
  return kind === 'scan_today' ? UNIVERSE_MESSAGES.hindsight : kind === 'symbols' ? UNIVERSE_MESSAGES.chosenList : UNIVERSE_MESSAGES.survivorship;
}

/** The floors a many-symbol run applies on each day unless told otherwise: close ≥ $5 and a 20-day
 *  average dollar volume ≥ $1M. */
export const DEFAULT_FLOORS = { min_price: 5, min_dollar_volume: 1_000_000 } as const;
const floor = z.number({ error: UNIVERSE_MESSAGES.floorPositive }).positive(UNIVERSE_MESSAGES.floorPositive).finite(UNIVERSE_MESSAGES.floorPositive).nullable();
/** Price and liquidity floors, as of each day; null (or a null field) removes them. */
export const RunFloors = z.object({
  /** the day's close at least this (dollars) */
  min_price: floor.default(DEFAULT_FLOORS.min_price),
  /** the average of close × volume over the 20 bars up to the day at least this (dollars) */
  min_dollar_volume: floor.default(DEFAULT_FLOORS.min_dollar_volume),
});
export type RunFloors = z.output<typeof RunFloors>;

const Ticker = z.string().trim().toUpperCase().regex(/^[A-Z0-9.^-]{1,12}$/, 'Enter valid symbol tickers.');

/** Where the symbols come from. */
export const Universe = z.discriminatedUnion('kind', [
  /** a saved scanner query point in time: on each day, the symbols it matches as of that close */
  z.object({ kind: z.literal('scan'), query_id: Id }),
  /** a saved scanner query's matches today, on every day (hindsight: see UNIVERSE_MESSAGES.hindsight) */
  z.object({ kind: z.literal('scan_today'), query_id: Id }),
  /** symbols typed or pasted (duplicates dropped) */
  z.object({ kind: z.literal('symbols'), symbols: z.array(Ticker).min(1, UNIVERSE_MESSAGES.empty).max(MAX_LISTED_SYMBOLS, UNIVERSE_MESSAGES.tooManyListed) }),
  /** every listed equity */
  z.object({ kind: z.literal('all') }),
]);
export type Universe = z.output<typeof Universe>;

const runFields = {
  template_id: Id,
  universe: Universe,
  start_date: IsoDate,
  end_date: IsoDate,
  /** price and liquidity floors on each day; null: none */
  floors: RunFloors.nullable().default({ ...DEFAULT_FLOORS }),
};
const datesInOrder = (v: { start_date: string; end_date: string }) => v.start_date < v.end_date;

/** POST /api/universe_runs/ body. */
export const UniverseRunCreate = z.object(runFields).refine(datesInOrder, { path: ['end_date'], message: UNIVERSE_MESSAGES.endAfterStart });
export type UniverseRunCreateBody = z.input<typeof UniverseRunCreate>;

/** POST /api/portfolio_runs/ body. */
export const PortfolioRunCreate = z
  .object({
    ...runFields,
    /** positions held at once; each is an equal share of the template's position size */
    max_positions: z
      .number({ error: FIELD_MESSAGES.invalidInteger })
      .int(FIELD_MESSAGES.invalidInteger)
      .min(1, UNIVERSE_MESSAGES.maxPositions)
      .max(MAX_PORTFOLIO_POSITIONS, UNIVERSE_MESSAGES.maxPositions)
      .default(10),
    /** which signals of one close fill first when there are more than free slots */
    rank_by: z.enum(RANK_BY).default(DEFAULT_RANK_BY),
  })
  .refine(datesInOrder, { path: ['end_date'], message: UNIVERSE_MESSAGES.endAfterStart });
export type PortfolioRunCreateBody = z.input<typeof PortfolioRunCreate>;

export const RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/** What a run was asked, as it started. */
const RunRequest = z.object({
  template_id: RowId,
  template_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  universe: z.object({ kind: z.enum(['scan', 'scan_today', 'symbols', 'all']), label: z.string() }),
  symbols: z.number().int(),
  /** absent on runs started before floors existed */
  floors: RunFloors.nullable().optional(),
});

const runHead = {
  id: RowId,
  status: z.enum(RUN_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int(), eta_seconds: z.number().nullable() }),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
  error: z.string().nullable(),
};

/** One symbol's backtest over the run's period, in the table's words. */
export const UniverseRow = z.object({
  symbol: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  return_pct: z.number().nullable(),
  cagr_pct: z.number().nullable(),
  sharpe: z.number().nullable(),
  max_drawdown_pct: z.number().nullable(),
  trades: z.number().int(),
  win_rate_pct: z.number().nullable(),
  profit_factor: z.number().nullable(),
  exposure_pct: z.number().nullable(),
  buy_hold_pct: z.number().nullable(),
});
export type UniverseRow = z.infer<typeof UniverseRow>;
/** The table's sortable columns (every one). */
export const UNIVERSE_SORT_FIELDS = ['symbol', 'name', 'return_pct', 'cagr_pct', 'sharpe', 'max_drawdown_pct', 'trades', 'win_rate_pct', 'profit_factor', 'exposure_pct', 'buy_hold_pct'] as const;
export type UniverseSortField = (typeof UNIVERSE_SORT_FIELDS)[number];

/** The distribution of the rows' returns. */
export const UniverseSummary = z.object({
  symbols: z.number().int(),
  /** symbols left out for missing data (fewer than 2 bars in the period) */
  skipped: z.array(z.string()),
  median_return_pct: z.number().nullable(),
  q1_return_pct: z.number().nullable(),
  q3_return_pct: z.number().nullable(),
  profitable_pct: z.number().nullable(),
  beat_buy_hold_pct: z.number().nullable(),
  /** returns in equal-width bins between the 1st and 99th percentiles: [from, to) percent and the count
   *  of symbols; returns beyond them in an overflow bin at either end (`overflow`, from the lowest
   *  return / to the highest) */
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int(), overflow: z.enum(['below', 'above']).optional() })),
  survivorship: z.string(),
  /** symbol-days the floors removed: days in the period on which a symbol of the universe had a bar and failed a floor */
  floors_removed: z.number().int().optional(),
  /** symbols with bars in the period that were never members on any of its days (no row) */
  never_members: z.array(z.string()).optional(),
});
export type UniverseSummary = z.infer<typeof UniverseSummary>;

/** GET /api/universe_runs/{id}/ query: one page of the table, sorted like the scanner (`-return_pct`). */
export const UniverseRowsQuery = z.object({
  ordering: z
    .string()
    .default('-return_pct')
    .refine((s) => (UNIVERSE_SORT_FIELDS as readonly string[]).includes(s.replace(/^-/, '')), `Choose one of ${UNIVERSE_SORT_FIELDS.join(', ')} (with - for descending).`),
  page: z.coerce.number({ error: FIELD_MESSAGES.invalidInteger }).int().min(1).default(1),
  page_size: z.coerce.number({ error: FIELD_MESSAGES.invalidInteger }).int().min(1).max(MAX_UNIVERSE_SYMBOLS).default(50),
});

export const UniverseRun = z.object({
  ...runHead,
  request: RunRequest,
  summary: UniverseSummary.nullable(),
  rows: z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(UniverseRow) }).nullable(),
});
export type UniverseRun = z.infer<typeof UniverseRun>;
export const UniverseRunListItem = UniverseRun.omit({ summary: true, rows: true });

export const PortfolioTrade = z.intersection(BacktestTrade, z.object({ Symbol: z.string() }));

export const PortfolioResult = z.object({
  stats: BacktestStats,
  trades: z.array(PortfolioTrade),
  /** per day of the run: YYYY-MM-DD, equity, drawdown (fraction ≤ 0), positions held, and the same
   *  cash in an equal-weight basket of the universe (rebalanced daily) */
  time: z.array(z.string()),
  equity: z.array(z.number()),
  drawdown: z.array(z.number()),
  positions: z.array(z.number().int()),
  equal_weight: z.array(z.number()),
  /** the same cash bought and held in a market benchmark (SPY) when the market has it */
  benchmark: z.object({ symbol: z.string(), equity: z.array(z.number().nullable()) }).nullable(),
  skipped: z.array(z.string()),
  survivorship: z.string(),
  /** symbol-days the floors removed (see UniverseSummary) */
  floors_removed: z.number().int().optional(),
  never_members: z.array(z.string()).optional(),
  /** least squares of the daily equity returns on the benchmark's (alpha × 252, a fraction per year);
   *  null without a benchmark or with a flat one (these five are absent on runs made before them) */
  alpha: z.number().nullable().optional(),
  beta: z.number().nullable().optional(),
  /** per calendar year: the value of every fill / 2 / the year's mean equity */
  turnover: z.array(z.object({ year: z.number().int(), turnover: z.number() })).optional(),
  /** dollars paid: relative commission, fixed fees, spread (shares × open × spread at each entry) */
  costs: z.object({ commission: z.number(), commission_fixed: z.number(), spread: z.number(), total: z.number() }).optional(),
  /** the mean number of open positions over the run's closes */
  average_holdings: z.number().optional(),
});
export type PortfolioResult = z.infer<typeof PortfolioResult>;

export const PortfolioRun = z.object({
  ...runHead,
  request: RunRequest.extend({ max_positions: z.number().int(), rank_by: z.enum(RANK_BY) }),
  result: PortfolioResult.nullable(),
});
export type PortfolioRun = z.infer<typeof PortfolioRun>;
export const PortfolioRunListItem = PortfolioRun.omit({ result: true });
