// Universe and portfolio runs as batch runs (jobs/batch.ts). A universe run is cut into chunks of
// symbols that any process's workers backtest on their engine threads; a portfolio trades every
// symbol from one account, day by day, so it is one chunk.
import { universeWarning, type PortfolioResult, type RunFloors, type UniverseRow } from '@app/contract';
import type { RankBy, TemplateInput } from '@app/quant';
import type { AppDeps } from '../deps.ts';
import { registerBatchKind } from '../jobs/batch.ts';
import { barsInRange } from '../backtest/periodBars.ts';
import { universeSummary, type RowsChunk } from './rows.ts';
import { memberItems } from './items.ts';
import type { MembershipRule } from './membership.ts';

export const UNIVERSE_KIND = 'universe';
export const PORTFOLIO_KIND = 'portfolio';
/** Symbols per chunk of a universe run. */
export const SYMBOLS_PER_CHUNK = 100;
/** The market benchmark a portfolio is compared with, when the market has it. */
export const BENCHMARK_SYMBOL = 'SPY';

export interface RunRequestView {
  template_id: number;
  template_name: string;
  start_date: string;
  end_date: string;
  universe: { kind: 'scan' | 'scan_today' | 'symbols' | 'all'; label: string };
  symbols: number;
  floors?: RunFloors | null;
}

export interface UniverseSpec {
  request: RunRequestView;
  template: TemplateInput;
  symbols: string[];
  /** absent on runs queued before point-in-time membership: no scan by day, no floors */
  membership?: MembershipRule;
}

const NO_RULE: MembershipRule = { query: null, floors: null };

export interface PortfolioSpec extends UniverseSpec {
  request: RunRequestView & { max_positions: number; rank_by: RankBy };
}

export interface UniverseResult {
  rows: UniverseRow[];
  summary: ReturnType<typeof universeSummary>;
}

/** The symbols' items for the engine thread (items.ts), the scan's filings only when it has one. */
function collect(deps: Pick<AppDeps, 'series'>, spec: UniverseSpec, symbols: string[], opts: { shares?: boolean } = {}) {
  return memberItems(deps.series, symbols, spec.request.start_date, spec.request.end_date, spec.membership?.query ?? null, opts);
}

export function registerUniverseKinds(deps: Pick<AppDeps, 'series' | 'engine'>) {
  registerBatchKind<UniverseSpec, { from: number; to: number }, RowsChunk & { skipped: string[] }, UniverseResult>(UNIVERSE_KIND, {
    split(spec) {
      const chunks = [];
      for (let from = 0; from < spec.symbols.length; from += SYMBOLS_PER_CHUNK) chunks.push({ from, to: Math.min(spec.symbols.length, from + SYMBOLS_PER_CHUNK) });
      return chunks;
    },
    async runChunk(spec, chunk, ctx) {
      const { items, skipped } = collect(deps, spec, spec.symbols.slice(chunk.from, chunk.to));
      const rule = spec.membership ?? NO_RULE;
      const out = items.length ? await deps.engine.run('universeRows', { template: spec.template, items, rule }, { signal: ctx.signal }) : { rows: [], neverMembers: [], floorsRemoved: 0 };
      return { ...out, skipped };
    },
    async finish(spec, results) {
      const rows = results.flatMap((r) => r.rows);
      return {
        rows,
        summary: universeSummary(rows, results.flatMap((r) => r.skipped), {
          survivorship: universeWarning(spec.request.universe.kind),
          floors_removed: results.reduce((n, r) => n + (r.floorsRemoved ?? 0), 0),
          never_members: results.flatMap((r) => r.neverMembers ?? []),
        }),
      };
    },
  });

  registerBatchKind<PortfolioSpec, Record<string, never>, PortfolioResult, PortfolioResult>(PORTFOLIO_KIND, {
    split: () => [{}],
    async runChunk(spec, _, ctx) {
      // a ranking by market cap reads each day's, from the filings' shares
      const bySize = spec.request.rank_by === 'market_cap_high' || spec.request.rank_by === 'market_cap_low';
      const { items, skipped } = collect(deps, spec, spec.symbols, { shares: bySize });
      if (!items.length) throw new Error(`no symbol of the universe has 2 bars between ${spec.request.start_date} and ${spec.request.end_date}`);
      const benchmark = barsInRange(deps.series, BENCHMARK_SYMBOL, spec.request.start_date, spec.request.end_date);
      const { max_positions: maxPositions, rank_by: rankBy } = spec.request;
      const rule = spec.membership ?? NO_RULE;
      const survivorship = universeWarning(spec.request.universe.kind);
      return deps.engine.run('portfolio', { template: spec.template, items, rule, survivorship, skipped, maxPositions, rankBy, benchmark }, { signal: ctx.signal });
    },
    finish: async (_, [result]) => result,
  });
}
