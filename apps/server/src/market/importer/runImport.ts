import type { Db } from '../../db/index.ts';
import type { Provider } from '../providers/types.ts';
import { ImportReport, type SourceReport } from './report.ts';
import { writeSymbolBars } from './writeBars.ts';
import { markInterruptedImports, openImportLog } from './importLog.ts';
import { writeSymbolFundamentals } from './writeFundamentals.ts';
import { mergeListings, writeListings, type MergedListing } from './writeSymbols.ts';

export interface ImportOptions {
  command: 'import' | 'update';
  sources: string; // for the log: paths or provider names
  /** Symbols to fetch bars and fundamentals for (network providers; files say their own), or how
   *  to choose them once the listings are written. */
  symbols?: string[] | ((db: Db) => Promise<string[]>);
  /** Create listings for bars of symbols no source describes (name = symbol, market UNKNOWN). */
  createUnknown?: boolean;
  /** Expected number of bars/fundamentals items, for progress. */
  total?: number;
  onProgress?: (done: number, total: number, label: string) => void;
  /** Set `stopped` to end after the symbol being written (Ctrl-C); finished symbols stay written. */
  signal?: { stopped: boolean };
}

// Import order: listings first (so bars find their symbol), then bars, then fundamentals. Every
// symbol's bars and fundamentals are written in their own transaction after comparing with what
// is stored, so a second run with the same input writes nothing, and an interrupted run can simply
// be started again.
//
// Bars for a symbol that is neither stored nor described by any source of this import (no listing,
// no constituents row) are rejected as 'unknown symbol', since we would have to invent its name and
// exchange; --create-unknown creates such symbols anyway. A symbol that only an index constituents
// file describes is created with that name and sector and the UNKNOWN market.
// PGlite answers within microtasks, so without this the event loop would not turn during a long
// import: no Ctrl-C handling, no progress redraw, no HTTP answers when the server runs the update.
const nextTick = () => new Promise<void>((r) => setImmediate(r));

export async function runImport(db: Db, providers: Provider[], opts: ImportOptions): Promise<ImportReport> {
  await markInterruptedImports(db); // an earlier import killed mid-way is over, not "running"
  const log = await openImportLog(db, opts.command, opts.sources);
  try {
    return await importAll(db, providers, opts, log.id);
  } catch (e) {
    await db.query(
      `UPDATE market_import_log SET finished_at = now(), interrupted = true, summary = jsonb_build_object('error', $2::text) WHERE id = $1`,
      [log.id, (e as Error).message],
    );
    throw e;
  } finally {
    log.stop();
  }
}

async function importAll(db: Db, providers: Provider[], opts: ImportOptions, logId: number): Promise<ImportReport> {
  const report = new ImportReport();
  const signal = opts.signal ?? { stopped: false };

  // Imported data replaces the demo market (and its "demo data" badge) before its first write.
  let demoChecked = false;
  let known = new Set<string>();
  const replaceDemo = async () => {
    if (demoChecked) return;
    demoChecked = true;
    const removed = await replaceDemoMarket(db);
    for (const s of removed) known.delete(s);
    if (removed.length) report.add({ source: 'demo market', status: 'updated', problems: [`${removed.length} demo listings removed: imported data replaces the demo market`] });
  };

  // 1. Listings
  const batches = (await Promise.all(providers.map((p) => p.listSymbols?.() ?? []))).flat();
  const merged = mergeListings(batches);
  if ([...merged.values()].some((l) => l.market)) await replaceDemo();
  const written = await writeListings(db, [...merged.values()]);
  report.symbolsWritten += written.size;
  for (const s of written) report.changedSymbols.add(s);
  const batchEntries = batches.map((b) => {
    const entry: SourceReport = { source: b.source, status: b.listings.length ? 'unchanged' : 'rejected', rows: b.listings.length, problems: b.problems };
    report.add(entry);
    return entry;
  });
  // A batch counts as updated when a listing of it was written, now or when its bars arrived.
  const markBatches = (written: Set<string>) => batches.forEach((b, k) => {
    if (batchEntries[k].status === 'unchanged' && b.listings.some((l) => written.has(l.symbol))) batchEntries[k].status = 'updated';
  });
  markBatches(written);
  known = new Set((await db.query<{ symbol: string }>('SELECT symbol FROM symbols')).map((r) => r.symbol));
  const symbols = typeof opts.symbols === 'function' ? await opts.symbols(db) : opts.symbols;
  const perSymbol = providers.filter((p) => p.dailyBars).length + providers.filter((p) => p.fundamentals).length;

  // 2. Bars, one symbol at a time
  let done = 0;
  const total = opts.total ?? (symbols?.length ?? 0) * perSymbol;
  const seen = new Map<string, string>(); // symbol → source that gave its bars in this run
  for (const p of providers) {
    if (!p.dailyBars || signal.stopped) continue;
    for await (const item of p.dailyBars(symbols)) {
      const entry: SourceReport = { source: item.source, symbol: item.symbol ?? undefined, status: 'rejected', problems: [...item.problems] };
      report.add(entry);
      opts.onProgress?.(++done, Math.max(total, done), item.symbol ?? item.source);
      if (!item.bars || !item.symbol) continue;
      if (seen.has(item.symbol)) {
        entry.problems.unshift(`bars for ${item.symbol} also in ${seen.get(item.symbol)}: the first one was kept`);
        continue;
      }
      seen.set(item.symbol, item.source);
      await replaceDemo();
      if (!known.has(item.symbol)) {
        const meta: MergedListing | undefined = merged.get(item.symbol);
        if (!meta && !opts.createUnknown) {
          entry.problems.unshift(`unknown symbol ${item.symbol}: no listing describes it (import its listing first, or use --create-unknown)`);
          continue;
        }
        const created = await writeListings(db, [meta ?? { symbol: item.symbol, source: p.name }], { allowNoMarket: true });
        known.add(item.symbol);
        report.symbolsWritten += created.size;
        markBatches(created);
      }
      const r = await writeSymbolBars(db, item.symbol, item.bars);
      entry.status = r.status;
      entry.rows = item.bars.day.length;
      report.barsWritten += r.barsWritten;
      if (r.status !== 'unchanged') report.changedSymbols.add(item.symbol);
      await nextTick();
      if (signal.stopped) break;
    }
  }

  // 3. Fundamentals
  for (const p of providers) {
    if (!p.fundamentals || !symbols?.length || signal.stopped) continue;
    for await (const item of p.fundamentals(symbols)) {
      const entry: SourceReport = { source: item.source, symbol: item.symbol, status: 'rejected', problems: [...item.problems] };
      report.add(entry);
      opts.onProgress?.(++done, Math.max(total, done), `${item.symbol} fundamentals`);
      if (!item.periods?.length) continue;
      if (!known.has(item.symbol)) {
        entry.problems.unshift(`unknown symbol ${item.symbol}`);
        continue;
      }
      await replaceDemo();
      const r = await writeSymbolFundamentals(db, item.symbol, item.periods);
      entry.status = r.status;
      entry.rows = item.periods.length;
      report.fundamentalsWritten += r.written;
      if (r.status !== 'unchanged') report.changedSymbols.add(item.symbol);
      await nextTick();
      if (signal.stopped) break;
    }
  }

  report.interrupted = signal.stopped;
  await db.query(`UPDATE market_import_log SET finished_at = now(), interrupted = $2, summary = $3 WHERE id = $1`, [
    logId, report.interrupted, JSON.stringify({ ...report.summary(), rejectedSources: report.rejected.map((e) => ({ source: e.source, symbol: e.symbol, problems: e.problems })) }),
  ]);
  if (report.changedSymbols.size) await noteMarketChange(db, [...report.changedSymbols]);
  return report;
}

/** Removes the generated demo market, if the database holds one, and records that the data is no
 *  longer demo data (/api/meta/ reads app_meta 'data_source'). Returns the symbols removed. */
export async function replaceDemoMarket(db: Db): Promise<string[]> {
  return db.tx(async (t) => {
    const gone = await t.query<{ symbol: string }>(`DELETE FROM symbols WHERE is_demo RETURNING symbol`); // bars and fundamentals cascade
    const [meta] = await t.query<{ value: { demo?: boolean } }>(`SELECT value FROM app_meta WHERE key = 'data_source'`);
    if (gone.length || meta?.value?.demo) {
      await t.query(
        `INSERT INTO app_meta (key, value) VALUES ('data_source', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [JSON.stringify({ demo: false, source: 'import' })],
      );
    }
    return gone.map((r) => r.symbol);
  });
}

/** Tells a running server (same PostgreSQL database) which symbols to reload into its cache;
 *  jobs.ts polls this key. */
export async function noteMarketChange(db: Db, symbols: string[]) {
  await db.query(
    `INSERT INTO app_meta (key, value) VALUES ('market_change', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = jsonb_build_object(
       'version', COALESCE((app_meta.value->>'version')::int, 0) + 1,
       'symbols', EXCLUDED.value->'symbols')`,
    [JSON.stringify({ version: 1, symbols })],
  );
}
