import type { Db } from '../../db/index.ts';
import type { Provider } from '../providers/types.ts';
import { ImportReport } from './report.ts';
import { writeSymbolBars } from './writeBars.ts';
import { markInterruptedImports, openImportLog } from './importLog.ts';
import { writeSymbolFundamentals } from './writeFundamentals.ts';
import { writeListings } from './writeSymbols.ts';
import { nextTick, readImport, type ImportPlan, type ReadOptions } from './readImport.ts';

export interface ImportOptions extends ReadOptions {
  command: 'import' | 'update';
  sources: string; // for the log: paths or provider names
  /** Called once every source is read and checked, as the one writing transaction starts. */
  onWriting?: (what: { listings: number; bars: number; fundamentals: number; demoReplaced: number }) => void;
}

// An import reads and checks every source first (readImport.ts), then writes everything it
// accepted in ONE transaction: the demo market's removal (when it holds one), the listings, every
// symbol's bars and fundamentals, the log's summary and the note that tells running servers which
// symbols changed. A rejected file, an interruption (Ctrl-C, kill -9, a failed write) or an import
// with nothing to write leaves the market as it was, and another process reading the database
// sees the old market until the commit and the new one after it, never an empty or mixed one.
// Within that transaction each symbol is compared with what is stored, so a second run with the
// same input writes nothing.

/** Thrown inside the writing transaction when the import is stopped, so that it rolls back. */
class ImportStopped extends Error {}

export async function runImport(db: Db, providers: Provider[], opts: ImportOptions): Promise<ImportReport> {
  await markInterruptedImports(db); // an earlier import killed mid-way is over, not "running"
  const log = await openImportLog(db, opts.command, opts.sources);
  const report = new ImportReport();
  try {
    const plan = await readImport(db, providers, opts, report);
    if (!plan.stopped) {
      await db.tx((t) => writeImport(t, plan, opts, report, log.id));
      return report;
    }
  } catch (e) {
    if (!(e instanceof ImportStopped)) {
      await db.query(
        `UPDATE market_import_log SET finished_at = now(), interrupted = true, summary = jsonb_build_object('error', $2::text) WHERE id = $1`,
        [log.id, (e as Error).message],
      );
      throw e;
    }
  } finally {
    log.stop();
  }
  report.interrupted = true;
  report.discard();
  await finishLog(db, log.id, report);
  return report;
}

async function finishLog(db: Db, logId: number, report: ImportReport) {
  await db.query(`UPDATE market_import_log SET finished_at = now(), interrupted = $2, summary = $3 WHERE id = $1`, [
    logId, report.interrupted, JSON.stringify({ ...report.summary(), rejectedSources: report.rejected.map((e) => ({ source: e.source, symbol: e.symbol, problems: e.problems })) }),
  ]);
}

/** The second half: everything the plan accepted, in the transaction `t`. */
async function writeImport(t: Db, plan: ImportPlan, opts: ImportOptions, report: ImportReport, logId: number) {
  const signal = opts.signal ?? { stopped: false };
  opts.onWriting?.({ listings: plan.merged.size, bars: plan.bars.length, fundamentals: plan.fundamentals.length, demoReplaced: plan.replacesDemo ? plan.demoListings : 0 });
  const removed = plan.replacesDemo ? await replaceDemoMarket(t) : [];

  // A batch counts as updated when a listing of it was written, now or when its bars arrived.
  const markBatches = (written: Set<string>) => plan.batches.forEach((b, k) => {
    if (plan.batchEntries[k].status === 'unchanged' && b.listings.some((l) => written.has(l.symbol))) plan.batchEntries[k].status = 'updated';
  });
  const written = await writeListings(t, [...plan.merged.values()]);
  report.symbolsWritten += written.size;
  for (const s of written) report.changedSymbols.add(s);
  markBatches(written);
  const known = new Set((await t.query<{ symbol: string }>('SELECT symbol FROM symbols')).map((r) => r.symbol));

  let done = 0;
  const total = plan.bars.length + plan.fundamentals.length;
  const step = async (label: string) => {
    opts.onProgress?.(++done, total, `writing ${label}`);
    await nextTick();
    if (signal.stopped) throw new ImportStopped();
  };
  for (const { entry, symbol, bars, listing } of plan.bars) {
    if (!known.has(symbol)) {
      const created = await writeListings(t, [listing], { allowNoMarket: true });
      known.add(symbol);
      report.symbolsWritten += created.size;
      markBatches(created);
    }
    const r = await writeSymbolBars(t, symbol, bars);
    entry.status = r.status;
    entry.rows = bars.day.length;
    report.barsWritten += r.barsWritten;
    if (r.status !== 'unchanged') report.changedSymbols.add(symbol);
    await step(symbol);
  }
  for (const { entry, symbol, periods } of plan.fundamentals) {
    const r = await writeSymbolFundamentals(t, symbol, periods);
    entry.status = r.status;
    entry.rows = periods.length;
    report.fundamentalsWritten += r.written;
    if (r.status !== 'unchanged') report.changedSymbols.add(symbol);
    await step(`${symbol} fundamentals`);
  }

  if (removed.length) {
    const withBars = plan.bars.filter((b) => b.entry.status !== 'rejected').length;
    report.add({
      source: 'demo market',
      status: 'updated',
      problems: [`${removed.length} demo listings (and their bars) replaced by this import's ${known.size} listings, ${withBars} of them with bars, in one transaction`],
    });
  }
  await finishLog(t, logId, report);
  if (report.changedSymbols.size) await noteMarketChange(t, [...report.changedSymbols]);
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
