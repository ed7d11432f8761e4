// Universe and portfolio runs as batch runs (jobs/batch.ts). A universe run is cut into chunks of
// symbols that any process's workers backtest on their engine threads; a portfolio trades every
// symbol from one account, day by day, so it is one chunk.
import type { PortfolioResult, UniverseRow } from '@app/contract';
import type { RankBy, TemplateInput } from '@app/quant';
import type { AppDeps } from '../deps.ts';
import { registerBatchKind } from '../jobs/batch.ts';
import { barsInRange } from '../backtest/periodBars.ts';
import { universeSummary, type SymbolBars } from './rows.ts';

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
  universe: { kind: 'scan' | 'symbols' | 'all'; label: string };
  symbols: number;
}

export interface UniverseSpec {
  request: RunRequestView;
  template: TemplateInput;
  symbols: string[];
}

export interface PortfolioSpec extends UniverseSpec {
  request: RunRequestView & { max_positions: number; rank_by: RankBy };
}

export interface UniverseResult {
  rows: UniverseRow[];
  summary: ReturnType<typeof universeSummary>;
}

/** The symbols' bars over the run's period; those with fewer than 2 bars there are skipped. */
function collect(deps: Pick<AppDeps, 'series'>, spec: UniverseSpec, symbols: string[]) {
  const items: (SymbolBars & { marketCap: number | null })[] = [];
  const skipped: string[] = [];
  for (const symbol of symbols) {
    const found = barsInRange(deps.series, symbol, spec.request.start_date, spec.request.end_date);
    if (found) items.push({ ...found, marketCap: deps.series.get(symbol)?.info.market_cap ?? null });
    else skipped.push(symbol);
  }
  return { items, skipped };
}

export function registerUniverseKinds(deps: Pick<AppDeps, 'series' | 'engine'>) {
  registerBatchKind<UniverseSpec, { from: number; to: number }, { rows: UniverseRow[]; skipped: string[] }, UniverseResult>(UNIVERSE_KIND, {
    split(spec) {
      const chunks = [];
      for (let from = 0; from < spec.symbols.length; from += SYMBOLS_PER_CHUNK) chunks.push({ from, to: Math.min(spec.symbols.length, from + SYMBOLS_PER_CHUNK) });
      return chunks;
    },
    async runChunk(spec, chunk, ctx) {
      const { items, skipped } = collect(deps, spec, spec.symbols.slice(chunk.from, chunk.to));
      const rows = items.length ? await deps.engine.run('universeRows', { template: spec.template, items }, { signal: ctx.signal }) : [];
      return { rows, skipped };
    },
    async finish(_, results) {
      const rows = results.flatMap((r) => r.rows);
      return { rows, summary: universeSummary(rows, results.flatMap((r) => r.skipped)) };
    },
  });

  registerBatchKind<PortfolioSpec, Record<string, never>, PortfolioResult, PortfolioResult>(PORTFOLIO_KIND, {
    split: () => [{}],
    async runChunk(spec, _, ctx) {
      const { items, skipped } = collect(deps, spec, spec.symbols);
      if (!items.length) throw new Error(`no symbol of the universe has 2 bars between ${spec.request.start_date} and ${spec.request.end_date}`);
      const benchmark = barsInRange(deps.series, BENCHMARK_SYMBOL, spec.request.start_date, spec.request.end_date);
      const { max_positions: maxPositions, rank_by: rankBy } = spec.request;
      return deps.engine.run('portfolio', { template: spec.template, items, skipped, maxPositions, rankBy, benchmark }, { signal: ctx.signal });
    },
    finish: async (_, [result]) => result,
  });
}
