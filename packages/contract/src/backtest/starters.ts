// Starter strategies (content/strategies/*.json): classic templates any user can copy into their own
// templates, or run at once on a symbol for a first backtest. The list, the copy and the run.
import { z } from 'zod';
import { EXIT_FIELD_NAMES, type ExitField } from '@app/quant';
import { RowId } from './fields.ts';
import { Indicator } from './indicators.ts';
import { StockTicker } from './periods.ts';
import { TEMPLATE_SETTING_KEYS, type TemplateSettingKey } from './templates.ts';

/** A starter's slug: lower-case words joined by hyphens (its file is `<slug>.json`). */
export const STARTER_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The period a first backtest runs over: this many years up to the symbol's last bar. */
export const STARTER_RUN_YEARS = 5;

/** The average dollar volume that picks the default symbol is taken over this many last bars. */
export const LIQUIDITY_BARS = 20;

export const STARTER_MESSAGES = {
  notFound: 'No starter strategy with this name.',
  noBars: (symbol: string) => `No price data for ${symbol}.`,
} as const;

/** An indicator row of a starter, with every default filled in (what a copy stores). */
export const StarterIndicator = Indicator.omit({ id: true, template: true });

/** A starter's template: its settings (defaults filled), its exits (null when not used) and its rows,
 *  in the shape `npm run backtest -- --template` reads and POST /api/templates/ takes. */
export const StarterTemplate = z.object({
  ...(Object.fromEntries(TEMPLATE_SETTING_KEYS.map((k) => [k, z.number()])) as Record<TemplateSettingKey, z.ZodNumber>),
  ...(Object.fromEntries(EXIT_FIELD_NAMES.map((f) => [f, z.number().nullable()])) as Record<ExitField, z.ZodNullable<z.ZodNumber>>),
  indicators: z.array(StarterIndicator),
});
export type StarterTemplate = z.infer<typeof StarterTemplate>;

/** GET /api/starters/ item: what it is, what it tries to capture and when it fails, its settings and
 *  rows in a trader's words, and the template itself. */
export const Starter = z.object({
  slug: z.string(),
  name: z.string(),
  summary: z.string().meta({ description: 'what it tries to capture and when it fails, in a trader’s words' }),
  settings: z.string().meta({ description: "'99% of equity per trade · 0% commission · $10,000 starting cash · stop 5 %, target 15 %'" }),
  direction: z.enum(['long', 'short']).meta({ description: 'long: BUY and SELL rows; short: SHORT and COVER rows' }),
  buy: z.array(z.string()).meta({ description: "the entry rows (BUY, or SHORT for a short starter) in words: 'RSI(14) < 30'" }),
  sell: z.array(z.string()).meta({ description: "the exit rows (SELL, or COVER) in words: 'RSI(14) > 70'" }),
  entry_rule: z.string().meta({ description: "the entry side as one rule: 'BUY when SMA(50) crosses above SMA(200)'" }),
  exit_rule: z.string().meta({ description: "the exit side as one rule: 'SELL when SMA(50) crosses below SMA(200)'" }),
  template: StarterTemplate,
});
export type Starter = z.infer<typeof Starter>;

/** `{slug}` of /api/starters/{slug}/…: a slug that cannot name a starter answers 404. */
export const StarterParams = z.object({ slug: z.string().regex(STARTER_SLUG) });

/** POST /api/starters/{slug}/run/ body: the symbol to run on; the default symbol when left out. */
export const StarterRunBody = z.object({
  symbol: StockTicker.optional().meta({ description: 'the symbol to run on; default: the most liquid symbol of the market' }),
});
export type StarterRunBody = z.input<typeof StarterRunBody>;

/** POST /api/starters/{slug}/run/ answer: the user's new template and period, ready for
 *  POST /api/submit_selection/. */
export const StarterRun = z.object({ template_id: RowId, period_id: RowId });
export type StarterRun = z.infer<typeof StarterRun>;

/** GET /api/starters/symbol/ answer: the symbol a first backtest runs on unless another is given, the
 *  most liquid of the loaded market (highest average dollar volume over its last 20 bars); nulls when
 *  the market holds no bars. */
export const StarterSymbol = z.object({ symbol: z.string().nullable(), name: z.string().nullable() });
export type StarterSymbol = z.infer<typeof StarterSymbol>;
