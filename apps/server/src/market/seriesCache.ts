import type { DailyBars } from '@app/quant';
import type { Db } from '../db/index.ts';
import { emptyBars } from './barChunks.ts';
import { listSymbols, loadBars, loadFundamentals, type FundamentalPeriod, type SymbolInfo } from './repository.ts';

export interface SeriesEntry {
  info: SymbolInfo;
  bars: DailyBars; // empty arrays when the symbol has no bars yet
  quarterly: FundamentalPeriod[]; // oldest first
  annual: FundamentalPeriod[];
}

/** The in-memory columnar copy of the market that the scanner, charts and backtests read.
 *  Loaded from the database at start and refreshed by the importer after it writes. */
export class SeriesCache {
  private entries = new Map<string, SeriesEntry>();
  private symbolsSorted: string[] = [];
  private firstLoad: Promise<void> | null = null;
  version = 0;

  /** True while the first full load started by loadInBackground is still running. */
  get loading() {
    return this.firstLoad !== null;
  }

  /** Starts the first full load without waiting for it, so the server can listen meanwhile;
   *  readers that need the market await ready(). Rejects when the load fails. */
  loadInBackground(db: Db): Promise<void> {
    const p = this.load(db).finally(() => {
      if (this.firstLoad === p) this.firstLoad = null;
    });
    this.firstLoad = p;
    return p;
  }

  /** Resolves once the first load has finished (at once when none is running). */
  async ready() {
    await this.firstLoad;
  }

  get size() {
    return this.entries.size;
  }

  get(symbol: string): SeriesEntry | undefined {
    return this.entries.get(symbol.toUpperCase());
  }

  /** Every entry, in symbol order. */
  all(): SeriesEntry[] {
    return this.symbolsSorted.map((s) => this.entries.get(s)!);
  }

  /** Reloads everything, or only the named symbols, from the database. */
  async load(db: Db, symbols?: string[]) {
    const infos = await listSymbols(db);
    const wanted = symbols ? new Set(symbols) : null;
    const bars = await loadBars(db, symbols);
    const fundamentals = await loadFundamentals(db);
    const byFund = new Map<string, FundamentalPeriod[]>();
    for (const f of fundamentals) {
      if (wanted && !wanted.has(f.symbol)) continue;
      let list = byFund.get(f.symbol);
      if (!list) byFund.set(f.symbol, (list = []));
      list.push(f);
    }
    const next = wanted ? new Map(this.entries) : new Map<string, SeriesEntry>();
    const listed = new Set<string>();
    for (const info of infos) {
      listed.add(info.symbol);
      if (wanted && !wanted.has(info.symbol)) continue;
      const f = byFund.get(info.symbol) ?? [];
      next.set(info.symbol, {
        info,
        bars: bars.get(info.symbol) ?? emptyBars(),
        quarterly: f.filter((p) => p.period_type === 'QUARTERLY'),
        annual: f.filter((p) => p.period_type === 'ANNUAL'),
      });
    }
    for (const s of [...next.keys()]) if (!listed.has(s)) next.delete(s);
    this.entries = next;
    this.symbolsSorted = [...next.keys()].sort();
    this.version++;
  }

  /** Replaces everything with entries built in memory (tests and benchmarks); bumps the version. */
  setEntries(entries: SeriesEntry[]) {
    this.entries = new Map(entries.map((e) => [e.info.symbol, e]));
    this.symbolsSorted = [...this.entries.keys()].sort();
    this.version++;
  }
}
