import type { SymbolMatch, SymbolSearchResult } from '@app/contract';
import type { SeriesCache, SeriesEntry } from './seriesCache.ts';

// The symbol box's search (GET /api/symbols/search/): ticker prefixes and words of the company name,
// best first. The index is built once per market load (cache version) and holds the listings sorted
// by liquidity, so a query is one pass over flat arrays that stops collecting a group once it is full.

/** Sessions averaged for liquidity: about a month of trading. */
const LIQUIDITY_SESSIONS = 20;

/** Lower-case words of a name or a query: "Procter & Gamble Co." → procter, gamble, co. */
export const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** Average dollar volume (close × volume) of the last sessions; 0 without bars. */
export function averageDollarVolume(e: SeriesEntry, sessions = LIQUIDITY_SESSIONS): number {
  const { close, volume } = e.bars;
  const n = close.length;
  const from = Math.max(0, n - sessions);
  if (n === from) return 0;
  let sum = 0;
  for (let i = from; i < n; i++) sum += close[i] * (volume[i] || 0);
  return sum / (n - from);
}

export class SymbolIndex {
  /** Listings by liquidity, most traded first (ties: larger market cap, then ticker). */
  private readonly listings: SymbolMatch[];
  private readonly nameWords: string[][];
  /** The name's words run together: a box that drops spaces still finds "BANKOFAM". */
  private readonly compactNames: string[];
  private readonly bySymbol: Map<string, number>;
  readonly demo: boolean;

  constructor(entries: SeriesEntry[]) {
    const ranked = entries
      .map((e) => ({ e, liquidity: averageDollarVolume(e) }))
      .sort((a, b) => b.liquidity - a.liquidity || (b.e.info.market_cap ?? 0) - (a.e.info.market_cap ?? 0) || (a.e.info.symbol < b.e.info.symbol ? -1 : 1));
    this.listings = ranked.map(({ e: { info } }) => ({ symbol: info.symbol, name: info.name, market: info.market, instr_type: info.instr_type }));
    this.nameWords = ranked.map(({ e }) => words(e.info.name));
    this.compactNames = this.nameWords.map((w) => w.join(''));
    this.bySymbol = new Map(this.listings.map((l, i) => [l.symbol, i]));
    // An import replaces the generated listings (runImport deletes them), so any left means the demo market.
    this.demo = entries.some((e) => e.info.is_demo);
  }

  get size() {
    return this.listings.length;
  }

  /** The n most traded tickers, most traded first. */
  mostTraded(n: number): string[] {
    return this.listings.slice(0, n).map((l) => l.symbol);
  }

  /** The exact ticker, then tickers starting with q, then names whose words start with each of q's
   *  words (or whose words run together start with q run together). */
  search(q: string, limit: number): SymbolMatch[] {
    const ticker = q.trim().toUpperCase().replace(/\s+/g, '');
    const terms = words(q);
    const compact = terms.join('');
    const exact = this.bySymbol.get(ticker);
    const out: SymbolMatch[] = exact !== undefined ? [this.listings[exact]] : [];
    const byName: SymbolMatch[] = [];
    for (let i = 0; i < this.listings.length && out.length < limit; i++) {
      if (i === exact) continue;
      const l = this.listings[i];
      if (ticker && l.symbol.startsWith(ticker)) out.push(l);
      else if (byName.length < limit && terms.length && (nameMatches(this.nameWords[i], terms) || this.compactNames[i].startsWith(compact))) byName.push(l);
    }
    for (const l of byName) {
      if (out.length >= limit) break;
      out.push(l);
    }
    return out;
  }
}

/** True when every term starts some word of the name. */
function nameMatches(name: string[], terms: string[]): boolean {
  for (const t of terms) {
    let found = false;
    for (const w of name) {
      if (w.startsWith(t)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

const built = new WeakMap<SeriesCache, { version: number; index: SymbolIndex }>();

/** The index of the cache's current market, built on the first search after each load. */
export function symbolIndex(cache: SeriesCache): SymbolIndex {
  const hit = built.get(cache);
  if (hit && hit.version === cache.version) return hit.index;
  const index = new SymbolIndex(cache.all());
  built.set(cache, { version: cache.version, index });
  return index;
}

export function searchSymbols(cache: SeriesCache, q: string, limit: number): SymbolSearchResult {
  const index = symbolIndex(cache);
  return { demo: index.demo, listings: index.size, results: index.search(q, limit) };
}
