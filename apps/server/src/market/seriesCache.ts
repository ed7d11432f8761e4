import { sharedBars, type DailyBars } from '@app/quant';
import type { Db } from '../db/index.ts';
import { emptyBars } from './barChunks.ts';
import { lastMarketChange, listSymbols, loadBars, loadFundamentals, type FundamentalPeriod, type SymbolInfo } from './repository.ts';

export interface SeriesEntry {
  info: SymbolInfo;
  bars: DailyBars; // empty arrays when the symbol has no bars yet
  quarterly: FundamentalPeriod[]; // oldest first
  annual: FundamentalPeriod[];
}

/** The in-memory columnar copy of the market that the scanner, charts and backtests read.
 *  Loaded from the database at start, and caught up with the imports of any process (catchUp). The
 *  bars sit in shared memory: a run over every symbol hands them to an engine thread by reference
 *  (a copy of 1,600 symbols' histories took as long as the run). Nothing writes into them. */
export class SeriesCache {
  private entries = new Map<string, SeriesEntry>();
  private symbolsSorted: string[] = [];
  private firstLoad: Promise<void> | null = null;
  private loads: Promise<unknown> = Promise.resolve();
  /** The database's market change (app_meta 'market_change', written by every import in any
   *  process) this cache has caught up with; null when it does not mirror the database at a known
   *  change (never loaded in full, or filled in memory). */
  private marketChange: number | null = null;
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
  load(db: Db, symbols?: string[]): Promise<void> {
    return this.oneAtATime(() => this.read(db, symbols));
  }

  /** Brings the cache up to the database's last market change: that change's symbols when it is
   *  the next one after the change the cache holds, everything when the cache missed more than one
   *  (each change names only its own symbols). Answers what was reloaded, null when nothing was. */
  catchUp(db: Db): Promise<{ symbols: number; full: boolean } | null> {
    return this.oneAtATime(async () => {
      const change = await lastMarketChange(db);
      if (!change || change.version === this.marketChange) return null;
      if (this.marketChange === null || change.version === this.marketChange + 1) {
        await this.read(db, change.symbols);
        this.marketChange = change.version;
        return { symbols: change.symbols.length, full: false };
      }
      await this.read(db);
      return { symbols: this.size, full: true };
    });
  }

  // Loads one at a time: a full load read before a partial one finished would put back the older
  // data when it lands after it.
  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = this.loads.catch(() => {}).then(work);
    this.loads = run;
    return run;
  }

  private async read(db: Db, symbols?: string[]) {
    // A full load reads the last change first: a change an import makes while the load reads is
    // then newer than the one recorded, and the next catchUp loads it.
    const change = symbols ? null : await lastMarketChange(db);
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
        bars: sharedBars(bars.get(info.symbol) ?? emptyBars()),
        quarterly: f.filter((p) => p.period_type === 'QUARTERLY'),
        annual: f.filter((p) => p.period_type === 'ANNUAL'),
      });
    }
    for (const s of [...next.keys()]) if (!listed.has(s)) next.delete(s);
    this.entries = next;
    this.symbolsSorted = [...next.keys()].sort();
    this.version++;
    if (!symbols) this.marketChange = change?.version ?? 0;
  }

  /** Replaces everything with entries built in memory (tests and benchmarks); bumps the version. */
  setEntries(entries: SeriesEntry[]) {
    this.entries = new Map(entries.map((e) => [e.info.symbol, { ...e, bars: sharedBars(e.bars) }]));
    this.symbolsSorted = [...this.entries.keys()].sort();
    this.version++;
    this.marketChange = null;
  }
}
