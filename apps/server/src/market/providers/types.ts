import type { DailyBars } from '@app/quant';
import type { FundamentalPeriod, SymbolInfo } from '../repository.ts';

/** A listing as a provider knows it. Fields a source does not carry are left undefined so that
 *  merging several sources keeps what the others said. */
export interface Listing {
  symbol: string;
  name?: string;
  market?: string; // NASDAQ, NYSE, AMEX, NYSEARCA, BATS, OTCBB, PINK
  instr_type?: SymbolInfo['instr_type'];
  sector?: string | null;
  industry?: string | null;
  market_cap?: number | null;
  last_sale?: number | null;
  net_change?: number | null;
  pct_change?: number | null;
  volume?: number | null;
}

/** What one source (a file or a URL) gave: the good items, and why the rest was left out. */
export interface ListingBatch {
  source: string;
  provider: string;
  listings: Listing[];
  problems: string[];
}

/** One symbol's whole daily history (adjusted like the database stores it), or why there is none. */
export interface BarsItem {
  source: string;
  provider: string;
  symbol: string | null;
  bars: DailyBars | null; // null: rejected, problems says why
  problems: string[]; // rows skipped, or the rejection reason
}

export interface FundamentalsItem {
  source: string;
  provider: string;
  symbol: string;
  periods: FundamentalPeriod[] | null;
  problems: string[];
}

/** Every market-data source implements the parts it has. Bars and fundamentals stream one symbol
 *  at a time so an importer can write (and be interrupted) symbol by symbol. */
export interface Provider {
  readonly name: string;
  listSymbols?(): Promise<ListingBatch[]>;
  dailyBars?(symbols?: string[]): AsyncIterable<BarsItem>;
  fundamentals?(symbols: string[]): AsyncIterable<FundamentalsItem>;
}
