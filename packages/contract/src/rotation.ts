// Rotation (rebalancing) runs: on a schedule, rank the members of a universe by a score and hold the
// top K (long, or long/short), each day's universe as of that close with price and liquidity floors
// (docs/portfolio.md has every rule). Started in the background like the other many-symbol runs.
import { z } from 'zod';
import {
  DEFAULT_FLOORS as ROTATION_FLOORS, FILING_PERIODS, MAX_ROTATION_TOP, MAX_SCORE_PERIOD, REBALANCE_PERIODS, ROTATION_DEFAULTS,
  ROTATION_ORDERS, ROTATION_SIDES, ROTATION_WEIGHTINGS, SCORE_KINDS,
} from '@app/quant';
import { FIELD_MESSAGES, Id, IsoDate, RowId } from './backtest/fields.ts';
import { RUN_STATUSES, UNIVERSE_MESSAGES, Universe } from './universe.ts';

export { REBALANCE_PERIODS, SCORE_KINDS, ROTATION_ORDERS, ROTATION_SIDES, ROTATION_WEIGHTINGS, MAX_ROTATION_TOP, ROTATION_FLOORS, ROTATION_DEFAULTS };

/** The benchmark a rotation is compared with when the request names none, when the market has it. */
export const ROTATION_BENCHMARK = 'SPY';

export const ROTATION_MESSAGES = {
  unknownBenchmark: (symbol: string) => `Unknown benchmark symbol ${symbol}: choose a symbol the market holds, or leave it empty.`,
  gateNeedsBuy: 'The template gates entries with its BUY rule: choose a template with BUY rows.',
} as const;

/** What the form and the screens call each choice. */
export const ROTATION_TEXT = {
  rebalance: { weekly: 'Every week', monthly: 'Every month', quarterly: 'Every quarter' },
  score: {
    momentum: 'Momentum (return over N days)', rsi: 'RSI', volatility: 'Volatility', market_cap: 'Market cap', pe: 'P/E (trailing 4 quarters)', fa: 'A fundamental field',
  },
  order: { highest: 'Highest first', lowest: 'Lowest first' },
  side: { long: 'Long the top K', long_short: 'Long the top K, short the bottom K' },
  weighting: { equal: 'Equal weight', inverse_volatility: 'Inverse volatility (20 days)' },
  action: { bought: 'Bought', sold: 'Sold', kept: 'Kept', shorted: 'Shorted', covered: 'Covered' },
  reason: {
    new: 'entered the top', add: 'topped up to its weight', trim: 'trimmed to its weight', rank: 'ranked out',
    rule: "the template's BUY rule does not hold", not_member: 'not a member (no bar, floored or no score)', held: 'still in the top',
  },
} as const satisfies Record<string, Record<string, string>>;

const num = z.number({ error: 'Enter a number.' }).finite('Enter a number.');
const whole = z.number({ error: FIELD_MESSAGES.invalidInteger }).int(FIELD_MESSAGES.invalidInteger);
const period = whole.min(1).max(MAX_SCORE_PERIOD);

/** How members are ranked at a decision. */
export const RotationScore = z.discriminatedUnion('kind', [
  /** the return over `period` days ending `skip` days before the decision */
  z.object({ kind: z.literal('momentum'), period, skip: whole.min(0).max(MAX_SCORE_PERIOD).nullable().optional() }),
  z.object({ kind: z.literal('rsi'), period: period.nullable().optional() }),
  /** the deviation of daily returns over `period` days */
  z.object({ kind: z.literal('volatility'), period: whole.min(2).max(MAX_SCORE_PERIOD).nullable().optional() }),
  z.object({ kind: z.literal('market_cap') }),
  z.object({ kind: z.literal('pe') }),
  /** the latest filed value of a fundamental field (the scanner's names) */
  z.object({ kind: z.literal('fa'), field: z.string().trim().min(1, FIELD_MESSAGES.blank).max(60), period_type: z.enum(FILING_PERIODS).nullable().optional() }),
]);
export type RotationScore = z.output<typeof RotationScore>;

/** Price and liquidity floors on each decision day; null removes them, a null field removes that floor. */
export const RotationFloors = z.object({
  /** the decision day's close at least this (dollars) */
  min_price: num.min(0, 'Enter a number of at least 0.').nullable().default(ROTATION_FLOORS.min_price),
  /** the mean of close × volume over `window` bars up to the decision day at least this (dollars) */
  min_dollar_volume: num.min(0, 'Enter a number of at least 0.').nullable().default(ROTATION_FLOORS.min_dollar_volume),
  window: whole.min(1).max(MAX_SCORE_PERIOD).nullable().default(ROTATION_FLOORS.window),
});
export type RotationFloors = z.output<typeof RotationFloors>;

const optionalNumber = num.nullable().optional();
const Ticker = z.string().trim().toUpperCase().regex(/^[A-Z0-9.^-]{1,12}$/, 'Enter a valid symbol ticker.');

/** POST /api/rotation_runs/ body. Optional fields take the rotation engine's defaults (docs/portfolio.md). */
export const RotationRunCreate = z
  .object({
    universe: Universe,
    start_date: IsoDate,
    end_date: IsoDate,
    rebalance: z.enum(REBALANCE_PERIODS),
    /** members held on each side */
    top: whole.min(1).max(MAX_ROTATION_TOP),
    score: RotationScore,
    order: z.enum(ROTATION_ORDERS).nullable().optional(),
    side: z.enum(ROTATION_SIDES).nullable().optional(),
    weighting: z.enum(ROTATION_WEIGHTINGS).nullable().optional(),
    /** a held name stays while its rank ≤ top + buffer */
    buffer: whole.min(0).max(MAX_ROTATION_TOP).nullable().optional(),
    cash: optionalNumber,
    position_size: optionalNumber,
    commission: optionalNumber,
    commission_fixed: optionalNumber,
    spread: optionalNumber,
    floors: RotationFloors.nullable().default({ ...ROTATION_FLOORS }),
    /** a saved template: only members whose BUY rule holds at the decision are held; its stops guard each position */
    template_id: Id.nullable().optional(),
    /** bought and held with the same cash for comparison, and alpha and beta; default SPY when the market has it */
    benchmark: Ticker.nullable().optional(),
  })
  .refine((v) => v.start_date < v.end_date, { path: ['end_date'], message: UNIVERSE_MESSAGES.endAfterStart });
export type RotationRunCreateBody = z.input<typeof RotationRunCreate>;
export type RotationRunCreate = z.output<typeof RotationRunCreate>;

export const RotationOrderRow = z.object({
  date: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell', 'short', 'cover']),
  shares: z.number(),
  price: z.number(),
  /** only on a template's stop, target or trailing stop between rebalances */
  reason: z.enum(['stop', 'target', 'trailing']).optional(),
});
export type RotationOrderRow = z.infer<typeof RotationOrderRow>;

export const HOLDING_ACTIONS = ['bought', 'sold', 'kept', 'shorted', 'covered'] as const;
export const HOLDING_REASONS = ['new', 'add', 'trim', 'rank', 'rule', 'not_member', 'held'] as const;

/** One line of a rebalance's holdings table: a name traded or kept at that fill. Score, rank and weight
 *  are those of the decision: a name sold out of the targets has its score and rank there (null when it
 *  was no longer a member) and no weight. */
export const RotationHolding = z.object({
  symbol: z.string(),
  action: z.enum(HOLDING_ACTIONS),
  side: z.enum(['long', 'short']),
  shares: z.number().nullable(),
  price: z.number().nullable(),
  score: z.number().nullable(),
  rank: z.number().int().nullable(),
  weight: z.number().nullable(),
  reason: z.enum(HOLDING_REASONS),
});
export type RotationHolding = z.infer<typeof RotationHolding>;

export const RotationRebalanceRow = z.object({
  /** the decision day (its close) and the fill day (its open) */
  date: z.string(),
  fill_date: z.string(),
  equity: z.number(),
  /** members ranked, and symbols with a bar that day the floors removed */
  members: z.number().int(),
  floored: z.number().int(),
  holdings: z.array(RotationHolding),
});
export type RotationRebalanceRow = z.infer<typeof RotationRebalanceRow>;

export const RotationStats = z.object({
  final_equity: z.number(),
  return_pct: z.number().nullable(),
  cagr_pct: z.number().nullable(),
  max_drawdown_pct: z.number().nullable(),
  sharpe: z.number().nullable(),
  /** against the benchmark: least squares of the daily returns (alpha annualised × 252) */
  alpha: z.number().nullable(),
  beta: z.number().nullable(),
  turnover_per_year: z.number().nullable(),
  costs_paid: z.number(),
  costs: z.object({ commission: z.number(), commission_fixed: z.number(), spread: z.number(), total: z.number() }),
  average_holdings: z.number(),
  /** symbol-days the floors removed at decision days */
  floored: z.number().int(),
});
export type RotationStats = z.infer<typeof RotationStats>;

export const RotationResult = z.object({
  orders: z.array(RotationOrderRow),
  time: z.array(z.string()),
  equity: z.array(z.number()),
  /** the same cash bought and held in the benchmark (null before its first bar) */
  benchmark: z.object({ symbol: z.string(), equity: z.array(z.number().nullable()) }).nullable(),
  /** the same cash in an equal-weight basket of each decision's members, rebalanced daily */
  equal_weight: z.array(z.number()),
  stats: RotationStats,
  turnover: z.array(z.object({ year: z.number().int(), turnover: z.number() })),
  rebalances: z.array(RotationRebalanceRow),
  /** the universe kind's warning (survivorship, hindsight) */
  survivorship: z.string(),
  /** symbols of the universe without a bar in the period */
  skipped: z.array(z.string()),
});
export type RotationResult = z.infer<typeof RotationResult>;

/** What a run was asked, as it started (defaults filled in). */
export const RotationRequest = z.object({
  start_date: z.string(),
  end_date: z.string(),
  universe: z.object({ kind: z.enum(['scan', 'scan_today', 'symbols', 'all']), label: z.string() }),
  symbols: z.number().int(),
  rebalance: z.enum(REBALANCE_PERIODS),
  top: z.number().int(),
  score: RotationScore,
  order: z.enum(ROTATION_ORDERS),
  side: z.enum(ROTATION_SIDES),
  weighting: z.enum(ROTATION_WEIGHTINGS),
  buffer: z.number().int(),
  cash: z.number(),
  position_size: z.number(),
  commission: z.number(),
  commission_fixed: z.number(),
  spread: z.number(),
  floors: z.object({ min_price: z.number(), min_dollar_volume: z.number(), window: z.number().int() }).nullable(),
  template_id: RowId.nullable(),
  template_name: z.string().nullable(),
  benchmark: z.string().nullable(),
});
export type RotationRequest = z.infer<typeof RotationRequest>;

export const RotationRun = z.object({
  id: RowId,
  status: z.enum(RUN_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int(), eta_seconds: z.number().nullable() }),
  created_at: z.string().meta({ format: 'date-time' }),
  finished_at: z.string().meta({ format: 'date-time' }).nullable(),
  error: z.string().nullable(),
  request: RotationRequest,
  result: RotationResult.nullable(),
});
export type RotationRun = z.infer<typeof RotationRun>;
export const RotationRunListItem = RotationRun.omit({ result: true });
export type RotationRunListItem = z.infer<typeof RotationRunListItem>;

/** The two CSV files of a finished run: their columns, shared by the server that writes them and the tests. */
export const ROTATION_CSV = {
  orders: ['Date', 'Symbol', 'Side', 'Shares', 'Price', 'Reason'],
  holdings: ['Decision', 'Fill', 'Symbol', 'Action', 'Side', 'Shares', 'Price', 'Score', 'Rank', 'Weight', 'Reason'],
} as const;
