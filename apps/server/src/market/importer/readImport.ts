import type { DailyBars } from '@app/quant';
import type { Db } from '../../db/index.ts';
import { FILING_LAG_DAYS, filedOrDefault, type FundamentalPeriod } from '../repository.ts';
import type { ListingBatch, Provider } from '../providers/types.ts';
import type { ImportReport, SourceReport } from './report.ts';
import { mergeListings, type MergedListing } from './writeSymbols.ts';

// The first half of an import: every source is read and checked before anything is written, so
// the write (writeImport.ts) can replace the loaded market in one transaction, or not at all.
//
// Bars for a symbol that no stored (non-demo) listing and no source of this import describes are
// rejected as 'unknown symbol', since we would have to invent its name and exchange;
// --create-unknown creates such symbols anyway. Demo listings do not count as known: imported data
// replaces the demo market, so a file named after a demo listing is as unknown as any other.

/** The report's note on periods a source gave without a filing date. */
export const undatedFilingsNote = (n: number) =>
  `${n} period${n === 1 ? '' : 's'} without a filing date: read as filed ${FILING_LAG_DAYS} days after the period end`;

export interface ReadOptions {
  /** Symbols to fetch bars and fundamentals for (network providers; files say their own), or how
   *  to choose them from the stored market and this import's listings. */
  symbols?: string[] | ((db: Db, listings: Map<string, MergedListing>) => Promise<string[]>);
  createUnknown?: boolean;
  total?: number;
  onProgress?: (done: number, total: number, label: string) => void;
  signal?: { stopped: boolean };
}

export interface AcceptedBars {
  entry: SourceReport;
  symbol: string;
  bars: DailyBars;
  /** The listing to create when the symbol is not stored (its merged listing, or a bare one). */
  listing: MergedListing;
}

export interface AcceptedFundamentals {
  entry: SourceReport;
  symbol: string;
  periods: FundamentalPeriod[];
}

export interface ImportPlan {
  batches: ListingBatch[];
  batchEntries: SourceReport[];
  merged: Map<string, MergedListing>;
  bars: AcceptedBars[];
  fundamentals: AcceptedFundamentals[];
  /** True when the import will write imported data: it then replaces the demo market. */
  replacesDemo: boolean;
  /** How many demo listings the database holds now. */
  demoListings: number;
  /** Stopped (Ctrl-C) before every source was read: nothing is to be written. */
  stopped: boolean;
}

// PGlite answers within microtasks, so without this the event loop would not turn during a long
// import: no Ctrl-C handling, no progress redraw, no HTTP answers when the server runs the update.
export const nextTick = () => new Promise<void>((r) => setImmediate(r));

export async function readImport(db: Db, providers: Provider[], opts: ReadOptions, report: ImportReport): Promise<ImportPlan> {
  const signal = opts.signal ?? { stopped: false };
  const batches = (await Promise.all(providers.map((p) => p.listSymbols?.() ?? []))).flat();
  const merged = mergeListings(batches);
  const batchEntries = batches.map((b) => {
    const entry: SourceReport = { source: b.source, status: b.listings.length ? 'unchanged' : 'rejected', rows: b.listings.length, problems: b.problems };
    report.add(entry);
    return entry;
  });
  const storedRows = await db.query<{ symbol: string; is_demo: boolean }>('SELECT symbol, is_demo FROM symbols');
  const stored = new Set(storedRows.filter((r) => !r.is_demo).map((r) => r.symbol));
  const symbols = typeof opts.symbols === 'function' ? await opts.symbols(db, merged) : opts.symbols;
  const perSymbol = providers.filter((p) => p.dailyBars).length + providers.filter((p) => p.fundamentals).length;

  let done = 0;
  const total = opts.total ?? (symbols?.length ?? 0) * perSymbol;
  const bars: AcceptedBars[] = [];
  const seen = new Map<string, string>(); // symbol → source that gave its bars in this run
  for (const p of providers) {
    if (!p.dailyBars || signal.stopped) continue;
    for await (const item of p.dailyBars(symbols)) {
      const entry: SourceReport = { source: item.source, symbol: item.symbol ?? undefined, status: 'rejected', problems: [...item.problems] };
      report.add(entry);
      opts.onProgress?.(++done, Math.max(total, done), item.symbol ?? item.source);
      await nextTick();
      if (item.bars && item.symbol) {
        const meta = merged.get(item.symbol);
        if (seen.has(item.symbol)) entry.problems.unshift(`bars for ${item.symbol} also in ${seen.get(item.symbol)}: the first one was kept`);
        else if (!stored.has(item.symbol) && !meta && !opts.createUnknown) {
          seen.set(item.symbol, item.source);
          entry.problems.unshift(`unknown symbol ${item.symbol}: no listing describes it (import its listing first, or use --create-unknown)`);
        } else {
          seen.set(item.symbol, item.source);
          entry.status = 'unchanged'; // until written
          bars.push({ entry, symbol: item.symbol, bars: item.bars, listing: meta ?? { symbol: item.symbol, source: p.name } });
        }
      }
      if (signal.stopped) break;
    }
  }

  // Fundamentals belong to symbols that will be listed once this import is written.
  const listed = new Set([...stored, ...[...merged.values()].filter((l) => l.market).map((l) => l.symbol), ...bars.map((b) => b.symbol)]);
  const fundamentals: AcceptedFundamentals[] = [];
  for (const p of providers) {
    if (!p.fundamentals || !symbols?.length || signal.stopped) continue;
    for await (const item of p.fundamentals(symbols)) {
      const entry: SourceReport = { source: item.source, symbol: item.symbol, status: 'rejected', problems: [...item.problems] };
      report.add(entry);
      opts.onProgress?.(++done, Math.max(total, done), `${item.symbol} fundamentals`);
      await nextTick();
      if (item.periods?.length) {
        if (!listed.has(item.symbol)) entry.problems.unshift(`unknown symbol ${item.symbol}`);
        else {
          entry.status = 'unchanged'; // until written
          // a period without its filing date is read as filed FILING_LAG_DAYS after its end; say so
          const undated = item.periods.filter((p) => !p.filed).length;
          if (undated) entry.problems.push(undatedFilingsNote(undated));
          fundamentals.push({ entry, symbol: item.symbol, periods: item.periods.map((p) => ({ ...p, filed: filedOrDefault(p) })) });
        }
      }
      if (signal.stopped) break;
    }
  }

  const replacesDemo = bars.length > 0 || fundamentals.length > 0 || [...merged.values()].some((l) => l.market);
  return { batches, batchEntries, merged, bars, fundamentals, replacesDemo, demoListings: storedRows.length - stored.size, stopped: signal.stopped };
}
