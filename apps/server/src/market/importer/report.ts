// What an import did, per source (a file or a URL): written, unchanged, or rejected and why.
export type SourceStatus = 'new' | 'updated' | 'unchanged' | 'rejected';

export interface SourceReport {
  source: string;
  symbol?: string;
  status: SourceStatus;
  rows?: number;
  problems: string[]; // for 'rejected' the reason; otherwise rows or records left out
}

export interface ImportSummary {
  sources: number;
  new: number;
  updated: number;
  unchanged: number;
  rejected: number;
  symbolsWritten: number;
  barsWritten: number;
  fundamentalsWritten: number;
  interrupted: boolean;
  ms: number;
}

export class ImportReport {
  readonly entries: SourceReport[] = [];
  /** Symbols whose rows changed: what the series cache must reload. */
  readonly changedSymbols = new Set<string>();
  symbolsWritten = 0;
  barsWritten = 0;
  fundamentalsWritten = 0;
  interrupted = false;
  private readonly t0 = Date.now();

  add(e: SourceReport) {
    this.entries.push(e);
  }

  /** The import was stopped and its transaction rolled back: nothing it read was written. */
  discard() {
    for (const e of this.entries) if (e.status === 'new' || e.status === 'updated') e.status = 'unchanged';
    this.changedSymbols.clear();
    this.symbolsWritten = this.barsWritten = this.fundamentalsWritten = 0;
  }

  get rejected() {
    return this.entries.filter((e) => e.status === 'rejected');
  }

  summary(): ImportSummary {
    const count = (s: SourceStatus) => this.entries.filter((e) => e.status === s).length;
    return {
      sources: this.entries.length,
      new: count('new'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      rejected: count('rejected'),
      symbolsWritten: this.symbolsWritten,
      barsWritten: this.barsWritten,
      fundamentalsWritten: this.fundamentalsWritten,
      interrupted: this.interrupted,
      ms: Date.now() - this.t0,
    };
  }

  /** Plain-text report: the totals, then every rejected source and every source with problems. */
  format(): string {
    const s = this.summary();
    const lines = [
      `${s.sources} sources: ${s.new} new, ${s.updated} updated, ${s.unchanged} unchanged, ${s.rejected} rejected` +
        ` (${s.symbolsWritten} listings, ${s.barsWritten} bars, ${s.fundamentalsWritten} fundamental periods written) in ${(s.ms / 1000).toFixed(1)} s`,
    ];
    if (s.interrupted) lines.push('Interrupted: nothing was written (an import writes everything or nothing); run the same command again.');
    const rejected = this.rejected;
    if (rejected.length) {
      lines.push('', 'Rejected:');
      for (const e of rejected) lines.push(`  ${e.source}${e.symbol ? ` [${e.symbol}]` : ''}: ${e.problems.join('; ')}`);
    }
    const partial = this.entries.filter((e) => e.status !== 'rejected' && e.problems.length);
    if (partial.length) {
      lines.push('', 'Imported with problems:');
      for (const e of partial) lines.push(`  ${e.source}${e.symbol ? ` [${e.symbol}]` : ''}: ${e.problems.join('; ')}`);
    }
    return lines.join('\n');
  }
}
